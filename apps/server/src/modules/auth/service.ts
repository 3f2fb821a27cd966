import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES, AUTOLOGIN_LINK_TTL_MS, type Session, signupBodySchema } from '@tradeloop/contracts/auth';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, invalid, isUniqueViolation } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { createAccount, emailTaken, findUserByEmail, localUser } from '../accounts/public.ts';
import { loginLinks } from './tables.ts';

type ClientMeta = { userAgent?: string; ip?: string };
type SignupInput = z.output<typeof signupBodySchema>;

async function sessionFor(tx: Tx, userId: number, meta: ClientMeta): Promise<Session> {
  const { token, expiresAt } = await createSession(tx, userId, meta);
  return { token, expires_at: expiresAt.toISOString(), user: await localUser(tx, userId) };
}

export async function signup(deps: { db: Db; events: EventBus }, input: SignupInput, meta: ClientMeta) {
  const passwordHash = await hashPassword(input.password);
  const duplicate = () => conflict(AUTH_MESSAGES.emailTaken, { email_id: [AUTH_MESSAGES.emailTaken] });
  if (await emailTaken(deps.db, input.email_id)) throw duplicate();
  const isSeller = input.user_type === 'seller';
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        fullName: input.full_name,
        emailId: input.email_id,
        passwordHash,
        userType: isSeller ? 'seller' : 'others',
        company: isSeller ? { name: input.company_name!, type: input.company_type! } : undefined,
      });
      await deps.events.emit(tx, 'user.signed_up', {
        userId: created.userId,
        userType: isSeller ? 'seller' : 'others',
        companyId: created.companyId,
      });
      return sessionFor(tx, created.userId, meta);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    throw isUniqueViolation(error) ? duplicate() : error;
  }
}

export async function signin(db: Db, emailId: string, password: string, meta: ClientMeta) {
  const user = await findUserByEmail(db, emailId);
  const matches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !matches) {
    throw invalid({ email_id: [AUTH_MESSAGES.badCredentials] }, AUTH_MESSAGES.badCredentials);
  }
  if (user.deletedAt) throw new AppError(403, AUTH_MESSAGES.accountDeleted);
  return db.transaction((tx) => sessionFor(tx, user.id, meta));
}

/** Mails a single-use sign-in link; answers the same whether or not the address has an account. */
export async function sendAutologinLink(deps: { db: Db; mailer: Mailer; publicUrl: string }, emailId: string) {
  const user = await findUserByEmail(deps.db, emailId);
  if (!user || user.deletedAt) return;
  const { token, hash } = newToken();
  await deps.db
    .insert(loginLinks)
    .values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + AUTOLOGIN_LINK_TTL_MS) });
  const link = `${deps.publicUrl}/dashboard?autologin=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: emailId,
    subject: 'Your TradeLoop sign-in link',
    text: `Open this link within 15 minutes to sign in to TradeLoop. It works once.\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
    html: `<p>Open this link within 15 minutes to sign in to TradeLoop. It works once.</p><p><a href="${link}">Sign in to TradeLoop</a></p><p>If you did not ask for it, ignore this message.</p>`,
  });
}

/** Spends a sign-in link: the first use signs in, every later one (or a user id) signs nobody in. */
export async function consumeAutologin(db: Db, token: string, meta: ClientMeta) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [link] = await tx
      .update(loginLinks)
      .set({ usedAt: now })
      .where(and(eq(loginLinks.tokenHash, hashToken(token)), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
      .returning({ userId: loginLinks.userId });
    if (!link) throw new AppError(401, AUTH_MESSAGES.linkInvalid);
    const session = await sessionFor(tx, link.userId, meta);
    return { ...session, accessToken: session.token };
  });
}
