import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { TOKEN_IDLE_TTL_MS } from '@tradeloop/contracts/auth';
import { preparedStatement, type Tx } from '../db/client.ts';
import { sessionUser, sessionUserSql, type SessionUser } from '../modules/accounts/public.ts';
import { authTokens } from './tables.ts';
import { hashToken, newToken } from './tokens.ts';

/** A session's user: as accounts describes it, with the token it signed in with. */
export type AuthUser = SessionUser & { tokenId: number };

/** Uses closer together than this do not move the expiry, so most requests cost no write. */
const SLIDE_GRANULARITY_MS = 60_000;

export async function createSession(db: Tx, userId: number, meta: { userAgent?: string; ip?: string }) {
  const { token, hash } = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TOKEN_IDLE_TTL_MS);
  await db.insert(authTokens).values({
    userId,
    tokenHash: hash,
    lastUsedAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

/** The live token and, in the same statement, its user as accounts describes it. */
const sessionByToken = preparedStatement((db) =>
  db
    .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, user: sessionUserSql(authTokens.userId) })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token'),
);

/** The signed-in user behind a bearer token, or null when the token is unknown, revoked or idle too long. */
export async function resolveSession(db: Tx, token: string, now = new Date()): Promise<AuthUser | null> {
  const [row] = await sessionByToken(db).execute({ hash: hashToken(token), now: now.toISOString() });
  if (!row?.user) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SLIDE_GRANULARITY_MS) {
    await db
      .update(authTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + TOKEN_IDLE_TTL_MS) })
      .where(eq(authTokens.id, row.tokenId));
  }
  return { ...sessionUser(row.user), tokenId: row.tokenId };
}

export async function revokeSession(db: Tx, tokenId: number) {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

/**
 * Ends every live session of a user (a password reset), or every one but `exceptTokenId` (a password
 * change keeps the device that made it). Answers the ids of the tokens ended.
 */
export async function revokeUserSessions(db: Tx, userId: number, exceptTokenId?: number) {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(authTokens.id, exceptTokenId),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.map((row) => row.id);
}

/** Removes tokens that can never be used again. */
export async function purgeDeadSessions(db: Tx, now = new Date()) {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
}

/** A user's sessions as stored (tests check that only hashes are kept). */
export async function sessionsOf(db: Tx, userId: number) {
  return db.select().from(authTokens).where(eq(authTokens.userId, userId));
}

/** Moves the last use of a user's sessions to `lastUsedAt`, their expiry with it (tests of idle tokens). */
export async function setSessionsLastUse(db: Tx, userId: number, lastUsedAt: Date) {
  await db
    .update(authTokens)
    .set({ lastUsedAt, expiresAt: new Date(lastUsedAt.getTime() + TOKEN_IDLE_TTL_MS) })
    .where(eq(authTokens.userId, userId));
}
