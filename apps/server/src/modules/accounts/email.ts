import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_LIMITS, EMAIL_MESSAGES, type EmailChangeBody } from '@tradeloop/contracts/accounts-email';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, isUniqueViolation, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { emailLinks, users } from './tables.ts';

/* E-mail confirmation and change (decision 033): single-use links, stored hashed, expiring. */

type Deps = { db: Db; mailer: Mailer; rateLimiter: RateLimiter; publicUrl: string };

async function liveUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      emailId: users.emailId,
      emailVerified: users.emailVerified,
      passwordHash: users.passwordHash,
      fullName: users.fullName,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return row;
}

async function addressTaken(tx: Tx, emailId: string, userId: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.emailId}) = ${emailId.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

async function countLink(deps: Deps, userId: number) {
  const count = await deps.rateLimiter.hit('email-link-account', String(userId), EMAIL_LIMITS.linkWindowMs);
  if (count > EMAIL_LIMITS.linksPerAccount) throw tooManyRequests(EMAIL_MESSAGES.tooManyLinks);
}

/** Stores a fresh link (earlier unused links of the user for the same purpose die) and queues its mail. */
async function sendLink(deps: Deps, userId: number, purpose: 'confirm' | 'change', emailId: string, name: string) {
  const { token, hash } = newToken();
  const link = `${deps.publicUrl}${EMAIL_LIMITS.confirmPath}?token=${encodeURIComponent(token)}`;
  const hours = EMAIL_LIMITS.linkTtlMs / 3_600_000;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(emailLinks.userId, userId), eq(emailLinks.purpose, purpose), isNull(emailLinks.usedAt)));
    await tx.insert(emailLinks).values({
      userId,
      purpose,
      emailId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + EMAIL_LIMITS.linkTtlMs),
    });
    const intro =
      purpose === 'confirm'
        ? 'Please confirm your e-mail address for TradeLoop by opening this link:'
        : 'You asked to use this address for your TradeLoop account. It replaces the old one once you open this link:';
    await deps.mailer.queue(tx, {
      to: emailId,
      subject: purpose === 'confirm' ? EMAIL_MESSAGES.confirmSubject : EMAIL_MESSAGES.changeSubject,
      text: `Hello ${name},\n\n${intro}\n\n${link}\n\nThe link works once, within ${hours} hours. If you did not ask for it, ignore this e-mail.`,
    });
  });
  return { email_id: emailId, expires_in: EMAIL_LIMITS.linkTtlMs / 1000 };
}

/** POST /profile/verify/email: a confirmation link to the account's address. */
export async function requestEmailConfirmation(deps: Deps, userId: number) {
  const user = await liveUser(deps.db, userId);
  if (user.emailVerified) throw conflict(EMAIL_MESSAGES.alreadyConfirmed);
  await countLink(deps, userId);
  return sendLink(deps, userId, 'confirm', user.emailId, user.fullName);
}

/**
 * POST /profile/email/change: the new address gets a link; the address changes only when it is opened.
 * An account with a password must give it (a stolen session alone cannot move the account away).
 */
export async function requestEmailChange(deps: Deps, userId: number, body: EmailChangeBody) {
  const user = await liveUser(deps.db, userId);
  if (user.passwordHash && !(await verifyPassword(body.password ?? '', user.passwordHash))) {
    throw invalid({ password: [EMAIL_MESSAGES.wrongPassword] });
  }
  if (body.email_id === user.emailId.toLowerCase()) throw invalid({ email_id: [EMAIL_MESSAGES.sameAddress] });
  if (await addressTaken(deps.db, body.email_id, userId)) throw invalid({ email_id: [EMAIL_MESSAGES.taken] });
  await countLink(deps, userId);
  return sendLink(deps, userId, 'change', body.email_id, user.fullName);
}

/**
 * POST /profile/verify/email_confirm (public: the link may be opened on another device). A link works
 * once and before it expires. A change link replaces the address, confirms it, and tells the old one.
 */
export async function confirmEmail(deps: Pick<Deps, 'db' | 'mailer'>, token: string) {
  const refused = () => invalid({ token: [EMAIL_MESSAGES.linkInvalid] });
  try {
    return await deps.db.transaction(async (tx) => {
      const [link] = await tx
        .select()
        .from(emailLinks)
        // Invitation and password reset links are spent by their own pages, never here.
        .where(and(eq(emailLinks.tokenHash, hashToken(token)), inArray(emailLinks.purpose, ['confirm', 'change'])))
        .for('update');
      if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw refused();
      const [user] = await tx
        .select({ emailId: users.emailId, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.id, link.userId), isNull(users.deletedAt)));
      if (!user) throw refused();
      const now = new Date();
      await tx.update(emailLinks).set({ usedAt: now }).where(eq(emailLinks.id, link.id));
      if (link.purpose === 'confirm') {
        // A confirmation of an address the account no longer has confirms nothing.
        if (user.emailId !== link.emailId) throw refused();
        await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, link.userId));
        return { email_id: user.emailId, email_verified: true, message: EMAIL_MESSAGES.confirmed };
      }
      if (await addressTaken(tx, link.emailId, link.userId)) throw conflict(EMAIL_MESSAGES.taken);
      await tx
        .update(users)
        .set({ emailId: link.emailId, emailVerified: true, updatedAt: now })
        .where(eq(users.id, link.userId));
      // Links sent to the old address (confirmation, other changes) die with it.
      await tx
        .update(emailLinks)
        .set({ usedAt: now })
        .where(and(eq(emailLinks.userId, link.userId), isNull(emailLinks.usedAt)));
      await deps.mailer.queue(tx, {
        to: user.emailId,
        subject: EMAIL_MESSAGES.changedSubject,
        text: `Hello ${user.fullName},\n\nThe e-mail address of your TradeLoop account was changed from ${user.emailId} to ${link.emailId}. Sign-in and messages now use the new address.\n\nIf you did not do this, reply to this e-mail or contact support at once.`,
      });
      return { email_id: link.emailId, email_verified: true, message: EMAIL_MESSAGES.changed };
    });
  } catch (error) {
    // Another account took the address between the request and the link: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(EMAIL_MESSAGES.taken);
    throw error;
  }
}
