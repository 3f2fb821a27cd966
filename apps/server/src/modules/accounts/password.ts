import { and, eq, isNull } from 'drizzle-orm';
import { PASSWORD_LIMITS, PASSWORD_MESSAGES, type PasswordChangeBody } from '@tradeloop/contracts/auth-password';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { findUserByEmail } from './service.ts';
import { emailLinks, users } from './tables.ts';

/*
 * Password reset and change (decision 051). A reset link is an `email_links` row of purpose `reset`:
 * its token stored hashed, valid one hour, spent once. A reset ends every session of the account
 * (and, through `endSockets`, every socket); a change ends every other one.
 */

type Deps = {
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
  /** Closes the user's sockets on every instance, but those of `exceptTokenId`. */
  endSockets: (userId: number, exceptTokenId?: number) => Promise<void>;
};

/**
 * POST auth/resetPassword/request: mails a reset link to an account with this address, when there is
 * one and it has not had its hour's mails. The caller answers the same in every case.
 */
export async function requestPasswordReset(deps: Deps, emailId: string) {
  const user = await findUserByEmail(deps.db, emailId);
  // The account's count is taken for unknown addresses too, so the work done is the same either way.
  const mails = await deps.rateLimiter.hit('password-reset-mail', emailId, PASSWORD_LIMITS.requestWindowMs);
  if (!user || user.deletedAt || mails > PASSWORD_LIMITS.mailsPerAccount) return;
  const [account] = await deps.db
    .select({ fullName: users.fullName, emailId: users.emailId })
    .from(users)
    .where(eq(users.id, user.id));
  const { token, hash } = newToken();
  const link = `${deps.publicUrl}${PASSWORD_LIMITS.resetPath}?token=${encodeURIComponent(token)}`;
  const minutes = PASSWORD_LIMITS.linkTtlMs / 60_000;
  await deps.db.transaction(async (tx) => {
    await tx.insert(emailLinks).values({
      userId: user.id,
      purpose: 'reset',
      emailId: account.emailId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + PASSWORD_LIMITS.linkTtlMs),
    });
    await deps.mailer.queue(tx, {
      to: account.emailId,
      subject: PASSWORD_MESSAGES.resetSubject,
      text:
        `Hello ${account.fullName},\n\nSomeone (we hope you) asked to reset the password of your TradeLoop account. ` +
        `Choose a new password with this link:\n\n${link}\n\nThe link works once, within ${minutes} minutes. ` +
        `If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    });
  });
}

/** Closes the sockets after the sessions ended; a socket that cannot be reached dies with its token anyway. */
async function endSocketsQuietly(deps: Pick<Deps, 'endSockets'>, userId: number, exceptTokenId?: number) {
  try {
    await deps.endSockets(userId, exceptTokenId);
  } catch {
    // Another instance did not answer in time; its sockets' next handshake fails on the revoked token.
  }
}

function changedMail(name: string, emailId: string, how: 'reset' | 'change') {
  const what =
    how === 'reset'
      ? 'The password of your TradeLoop account was reset with a link sent to this address, and every device signed in to it was signed out.'
      : 'The password of your TradeLoop account was changed from your profile, and every other device signed in to it was signed out.';
  return {
    to: emailId,
    subject: PASSWORD_MESSAGES.changedSubject,
    text: `Hello ${name},\n\n${what}\n\nIf you did not do this, reset your password at once and contact support.`,
  };
}

/**
 * POST auth/resetPassword: spends a reset link (once, within its hour) on a new password. Every
 * reset link of the account dies, every session and socket ends, and the account is told by e-mail.
 */
export async function resetPassword(deps: Deps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const refused = () => invalid({ token: [PASSWORD_MESSAGES.linkInvalid] });
  const done = await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.tokenHash, hashToken(token)), eq(emailLinks.purpose, 'reset')))
      .for('update');
    if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw refused();
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
      .returning({ emailId: users.emailId, fullName: users.fullName });
    if (!user) throw refused();
    await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(and(eq(emailLinks.userId, link.userId), eq(emailLinks.purpose, 'reset'), isNull(emailLinks.usedAt)));
    await revokeUserSessions(tx, link.userId);
    await deps.mailer.queue(tx, changedMail(user.fullName, user.emailId, 'reset'));
    return { userId: link.userId, email_id: user.emailId };
  });
  await endSocketsQuietly(deps, done.userId);
  return { email_id: done.email_id };
}

/**
 * POST profile/password/change: the current password (when the account has one) and a new one. The
 * device that asks stays signed in; every other session and socket ends; the account is told.
 */
export async function changePassword(deps: Deps, caller: { id: number; tokenId: number }, body: PasswordChangeBody) {
  const [user] = await deps.db
    .select({ emailId: users.emailId, fullName: users.fullName, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, caller.id), isNull(users.deletedAt)));
  if (!user) throw notFound();
  if (user.passwordHash) {
    const failures = await deps.rateLimiter.peek('password-change', String(caller.id));
    if (failures >= PASSWORD_LIMITS.changeFailuresPerAccount) throw tooManyRequests();
    if (!body.current_password) throw invalid({ current_password: [PASSWORD_MESSAGES.currentRequired] });
    if (!(await verifyPassword(body.current_password, user.passwordHash))) {
      await deps.rateLimiter.hit('password-change', String(caller.id), PASSWORD_LIMITS.changeWindowMs);
      throw invalid({ current_password: [PASSWORD_MESSAGES.wrongPassword] });
    }
  }
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx: Tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, caller.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!changed) throw notFound();
    await tx
      .update(emailLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(emailLinks.userId, caller.id), eq(emailLinks.purpose, 'reset'), isNull(emailLinks.usedAt)));
    await revokeUserSessions(tx, caller.id, caller.tokenId);
    await deps.mailer.queue(tx, changedMail(user.fullName, user.emailId, 'change'));
  });
  await endSocketsQuietly(deps, caller.id, caller.tokenId);
  return { email_id: user.emailId };
}
