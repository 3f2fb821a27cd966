import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, SIGNIN_LIMITS } from '@tradeloop/contracts/auth';
import { httpOnlyCookie, readCookie } from '../../platform/cookies.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { findUserByEmail } from '../accounts/public.ts';

/** Waits before a failing answer; a test passes one that only records the wait. */
export type Pause = (ms: number) => Promise<void>;

export const sleep: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A device cookie is 32 random bytes, base64url; anything else is no cookie. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The client of one sign-in: its address, its device cookie (if any) and whether it signed in to the account before. */
export type SigninClient = { ip: string; device?: string; knownToAccount: boolean };

const deviceCookie = (request: FastifyRequest) => readCookie(request, SIGNIN_LIMITS.deviceCookie, DEVICE_ID);

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The wait of a wrong-password answer after `failures` failures (of the account or of the client,
 * whichever is more): none for the first few, then doubling up to the maximum (decision 026).
 */
export function failureDelayMs(failures: number): number {
  const over = failures - SIGNIN_LIMITS.failuresBeforeDelay;
  return over <= 0 ? 0 : Math.min(SIGNIN_LIMITS.delayMaxMs, SIGNIN_LIMITS.delayBaseMs * 2 ** (over - 1));
}

/**
 * Sign-in throttling of decision 026: a failing client (address, device cookie) is slowed, then refused
 * with 429; the account is never refused, only its wrong answers wait; a client whose device cookie has
 * signed in to the account before is not held back by its address; the owner hears of repeated failures.
 */
export function signinGuard(app: FastifyInstance, pause: Pause) {
  const limiter = app.rateLimiter;
  const { windowMs } = SIGNIN_LIMITS;
  const knownKey = (email: string, device: string) => `known:${email}:${hashed(device)}`;

  async function alertOwner(email: string, failures: number, ip: string) {
    if (failures < SIGNIN_LIMITS.failuresBeforeAlert) return;
    if ((await limiter.hit('signin-alert', email, SIGNIN_LIMITS.alertPeriodMs)) !== 1) return;
    const user = await findUserByEmail(app.db, email);
    if (!user || user.deletedAt) return;
    const minutes = windowMs / 60_000;
    const text =
      `There were ${failures} failed attempts to sign in to your TradeLoop account in the last ${minutes} minutes, ` +
      `the latest from the address ${ip}.\n\nThe clients that failed are slowed down and then blocked; you can ` +
      `still sign in as usual. If it was not you, change your password. We tell you at most once a day.`;
    await app.db.transaction((tx) =>
      app.mailer.queue(tx, { to: email, subject: AUTH_MESSAGES.failedSigninsSubject, text }),
    );
  }

  return {
    /** Refuses a client that failed too often (429) before its password is looked at. */
    async admit(request: FastifyRequest, email: string): Promise<SigninClient> {
      const device = deviceCookie(request);
      const knownToAccount = device ? (await limiter.peek('signin', knownKey(email, device))) > 0 : false;
      const client = { ip: request.ip, device, knownToAccount };
      if (
        device &&
        (await limiter.peek('signin', `failures:device:${hashed(device)}`)) >= SIGNIN_LIMITS.failuresPerDevice
      )
        throw tooManyRequests();
      if (knownToAccount) return client;
      const attempts = await limiter.hit('signin', `attempts:ip:${client.ip}`, windowMs);
      if (attempts > SIGNIN_LIMITS.attemptsPerAddress) throw tooManyRequests();
      if ((await limiter.peek('signin', `failures:ip:${client.ip}`)) >= SIGNIN_LIMITS.failuresPerAddress)
        throw tooManyRequests();
      return client;
    },

    /** Counts a wrong password on the account and the client, tells the owner when it repeats, and waits. */
    async failed(client: SigninClient, email: string) {
      const counts = await Promise.all([
        limiter.hit('signin', `failures:account:${email}`, windowMs),
        client.device ? limiter.hit('signin', `failures:device:${hashed(client.device)}`, windowMs) : 0,
        client.knownToAccount ? 0 : limiter.hit('signin', `failures:ip:${client.ip}`, windowMs),
      ]);
      await alertOwner(email, counts[0], client.ip);
      if (!client.knownToAccount) await pause(failureDelayMs(Math.max(...counts)));
    },

    /** Marks the client's device (a new cookie if it had none) as known to the account. */
    async succeeded(client: SigninClient, email: string, reply: FastifyReply) {
      const device = client.device ?? randomBytes(32).toString('base64url');
      await limiter.hit('signin', knownKey(email, device), SIGNIN_LIMITS.knownDeviceMs);
      reply.header(
        'set-cookie',
        httpOnlyCookie(app.config.publicUrl, {
          name: SIGNIN_LIMITS.deviceCookie,
          value: device,
          path: '/api/v1',
          maxAgeSeconds: SIGNIN_LIMITS.knownDeviceMs / 1000,
        }),
      );
    },
  };
}
