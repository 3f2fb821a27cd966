import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  e164,
  MOBILE_LIMITS,
  MOBILE_MESSAGES,
  type MobileCheckBody,
  type MobileVerifyBody,
} from '@tradeloop/contracts/accounts-mobile';
import { TIMINGS } from '@tradeloop/contracts/common';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalid, isUniqueViolation, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SmsSender } from '../../platform/sms.ts';
import { mobileCodes, userProfiles, users } from './tables.ts';

/* Mobile verification (decision 033): codes are secrets, stored hashed, never answered, never logged. */

type Deps = { db: Db; sms: SmsSender; rateLimiter: RateLimiter };

function hashCode(salt: string, code: string) {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const numberTaken = () => invalid({ mobile_number: [MOBILE_MESSAGES.exists] });

/** Whether another live account has verified the number. */
async function takenByAnother(tx: Tx, userId: number, number: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.verifiedMobile, number), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

async function liveUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ mobile: userProfiles.mobile, mobileCountryCode: userProfiles.mobile_country_code })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** POST /profile/verify/mobile: checks the number, counts the request, stores a fresh code and texts it. */
export async function requestMobileCode(deps: Deps, userId: number, body: MobileVerifyBody) {
  const number = e164(body.mobile_country_code, body.mobile_number);
  const current = await liveUser(deps.db, userId);
  if (
    body.type === 'old' &&
    (current.mobile !== body.mobile_number || current.mobileCountryCode !== body.mobile_country_code)
  ) {
    throw invalid({ mobile_number: [MOBILE_MESSAGES.notYourNumber] });
  }
  if (await takenByAnother(deps.db, userId, number)) throw numberTaken();

  // Per number (whoever asks: nobody can flood a phone) and per account (whatever the number).
  const { codeWindowMs, codesPerNumber, codesPerAccount } = MOBILE_LIMITS;
  const [forNumber, forAccount] = await Promise.all([
    deps.rateLimiter.hit('mobile-code-number', number, codeWindowMs),
    deps.rateLimiter.hit('mobile-code-account', String(userId), codeWindowMs),
  ]);
  if (forNumber > codesPerNumber || forAccount > codesPerAccount) throw tooManyRequests(MOBILE_MESSAGES.tooManyCodes);

  const code = String(randomInt(0, 10 ** MOBILE_LIMITS.codeLength)).padStart(MOBILE_LIMITS.codeLength, '0');
  const salt = randomBytes(16).toString('hex');
  const row = {
    e164: number,
    mobile: body.mobile_number,
    mobileCountryCode: body.mobile_country_code,
    countryCode: body.country_code ?? null,
    codeHash: hashCode(salt, code),
    salt,
    wrongTries: 0,
    expiresAt: new Date(Date.now() + MOBILE_LIMITS.codeValidityMs),
    createdAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    // A new code replaces the one before: only the latest is ever valid.
    await tx
      .insert(mobileCodes)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: mobileCodes.userId, set: row });
    const minutes = MOBILE_LIMITS.codeValidityMs / 60_000;
    await deps.sms.queue(tx, {
      to: number,
      text: `${code} is your TradeLoop verification code. It is valid for ${minutes} minutes. Never share it.`,
    });
  });
  return {
    mobile_number: body.mobile_number,
    mobile_country_code: body.mobile_country_code,
    resend_in: TIMINGS.resendCountdownSeconds,
    expires_in: MOBILE_LIMITS.codeValidityMs / 1000,
  };
}

type CheckOutcome = 'verified' | 'noCode' | 'expired' | 'tooManyTries' | 'wrongCode' | 'taken';

const refusals: Record<Exclude<CheckOutcome, 'verified'>, () => AppError> = {
  noCode: () => invalid({ otp: [MOBILE_MESSAGES.noCode] }),
  expired: () => invalid({ otp: [MOBILE_MESSAGES.expired] }),
  wrongCode: () => invalid({ otp: [MOBILE_MESSAGES.wrongCode] }),
  tooManyTries: () => tooManyRequests(MOBILE_MESSAGES.tooManyTries),
  taken: numberTaken,
};

/**
 * POST /profile/verify/mobile_check. The wrong try is counted in a transaction that commits before the
 * refusal is answered; a right code saves the number on the profile and marks it verified, and is spent.
 */
export async function checkMobileCode(db: Db, userId: number, body: MobileCheckBody) {
  const number = e164(body.mobile_country_code, body.mobile_number);
  let outcome: CheckOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
      await liveUser(tx, userId);
      const [code] = await tx.select().from(mobileCodes).where(eq(mobileCodes.userId, userId)).for('update');
      if (!code || code.e164 !== number) return 'noCode';
      if (code.wrongTries >= MOBILE_LIMITS.maxWrongTries) return 'tooManyTries';
      if (code.expiresAt.getTime() <= Date.now()) return 'expired';
      if (!sameHash(code.codeHash, hashCode(code.salt, body.otp))) {
        const tries = code.wrongTries + 1;
        await tx.update(mobileCodes).set({ wrongTries: tries }).where(eq(mobileCodes.userId, userId));
        return tries >= MOBILE_LIMITS.maxWrongTries ? 'tooManyTries' : 'wrongCode';
      }
      if (await takenByAnother(tx, userId, number)) return 'taken';
      const now = new Date();
      await tx
        .update(users)
        .set({ verifiedMobile: number, mobileVerified: 'verified', updatedAt: now })
        .where(eq(users.id, userId));
      await tx
        .update(userProfiles)
        .set({
          mobile: code.mobile,
          mobile_country_code: code.mobileCountryCode,
          mobile_code: code.countryCode,
          updatedAt: now,
        })
        .where(eq(userProfiles.userId, userId));
      await tx.delete(mobileCodes).where(eq(mobileCodes.userId, userId));
      return 'verified';
    });
  } catch (error) {
    // Two accounts verifying one number at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
  if (outcome !== 'verified') throw refusals[outcome]();
  return { mobile_verified: 'verified' as const };
}
