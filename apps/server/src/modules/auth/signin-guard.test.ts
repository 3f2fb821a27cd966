import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RATE_LIMITS, SIGNIN_LIMITS } from '@tradeloop/contracts/auth';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createTestApp, signUp, uniqueEmail } from '../../../test/helpers.ts';
import { outboxMessages } from '../../platform/mail.ts';
import { failureDelayMs } from './signin-guard.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Addresses of this run only: Redis keeps its counters between runs. */
const run = `10.${randomInt(1, 255)}.${randomInt(1, 255)}`;
let next = 0;
const newAddress = () => `${run}.${(next += 1)}`;

function deviceOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === SIGNIN_LIMITS.deviceCookie);
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

function behavesAsTheSigninGuard(name: string, env: Record<string, string>) {
  describe(name, () => {
    let app: FastifyInstance;
    /** The waits of wrong-password answers, in order, instead of sleeping through them. */
    const waits: number[] = [];
    beforeAll(async () => {
      app = await createTestApp(env, { signinPause: async (ms) => void waits.push(ms) });
    });
    afterAll(() => app.close());

    const signin = (email_id: string, password: string, ip: string, device?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email_id, password },
        remoteAddress: ip,
        ...(device && { cookies: { [SIGNIN_LIMITS.deviceCookie]: device } }),
      });

    it('after 50 wrong passwords from one client, the owner signs in from another client at once', async () => {
      const owner = await signUp(app, 'seller');
      const attacker = newAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        statuses.push((await signin(owner.email, 'wrong-password', attacker)).statusCode);
      }
      expect(statuses.slice(0, SIGNIN_LIMITS.failuresPerAddress)).toEqual(
        Array(SIGNIN_LIMITS.failuresPerAddress).fill(422),
      );
      expect(statuses.slice(SIGNIN_LIMITS.failuresPerAddress).every((status) => status === 429)).toBe(true);
      // The blocked client stays blocked, even with the right password.
      expect((await signin(owner.email, DEMO_PASSWORD, attacker)).statusCode).toBe(429);

      const waitsBefore = waits.length;
      const response = await signin(owner.email, DEMO_PASSWORD, newAddress());
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user.id).toBe(owner.id);
      expect(waits.length).toBe(waitsBefore);
    });

    it('the owner with a device cookie of an earlier sign-in gets in from the blocked address itself', async () => {
      const owner = await signUp(app, 'seller');
      const device = deviceOf(await signin(owner.email, DEMO_PASSWORD, newAddress()));
      const office = newAddress();
      for (let attempt = 0; attempt < SIGNIN_LIMITS.failuresPerAddress + 2; attempt += 1) {
        await signin(owner.email, 'wrong-password', office);
      }
      expect((await signin(owner.email, DEMO_PASSWORD, office)).statusCode).toBe(429);
      const waitsBefore = waits.length;
      const response = await signin(owner.email, DEMO_PASSWORD, office, device);
      expect(response.statusCode).toBe(200);
      expect(deviceOf(response)).toBe(device);
      expect(waits.length).toBe(waitsBefore);
    });

    it('blocks a failing device cookie from any address, and only that device', async () => {
      const owner = await signUp(app, 'seller');
      const device = deviceOf(await signin(owner.email, DEMO_PASSWORD, newAddress()));
      const other = await signUp(app, 'buyer');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < SIGNIN_LIMITS.failuresPerDevice + 2; attempt += 1) {
        statuses.push((await signin(other.email, 'wrong-password', newAddress(), device)).statusCode);
      }
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      expect((await signin(owner.email, DEMO_PASSWORD, newAddress(), device)).statusCode).toBe(429);
      expect((await signin(owner.email, DEMO_PASSWORD, newAddress())).statusCode).toBe(200);
    });

    it('never refuses the account: wrong answers from many addresses only wait longer, the right one does not', async () => {
      const owner = await signUp(app, 'seller');
      const waitsBefore = waits.length;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        statuses.push((await signin(owner.email, 'wrong-password', newAddress())).statusCode);
      }
      expect(statuses).toEqual(Array(12).fill(422));
      const account = waits.slice(waitsBefore);
      expect(account).toEqual(Array.from({ length: 12 }, (_, index) => failureDelayMs(index + 1)));
      expect(account.slice(0, SIGNIN_LIMITS.failuresBeforeDelay).every((ms) => ms === 0)).toBe(true);
      expect(account[SIGNIN_LIMITS.failuresBeforeDelay]).toBe(SIGNIN_LIMITS.delayBaseMs);
      expect(account.at(-1)).toBe(SIGNIN_LIMITS.delayMaxMs);

      const signedIn = waits.length;
      expect((await signin(owner.email, DEMO_PASSWORD, newAddress())).statusCode).toBe(200);
      expect(waits.length).toBe(signedIn);
    });

    it('tells the owner by e-mail about repeated failures, once per period', async () => {
      const owner = await signUp(app, 'seller');
      const alerts = () =>
        outboxMessages(app.db, { recipient: owner.email, subject: AUTH_MESSAGES.failedSigninsSubject });
      for (let attempt = 1; attempt <= SIGNIN_LIMITS.failuresBeforeAlert * 2; attempt += 1) {
        await signin(owner.email, 'wrong-password', newAddress());
        expect(await alerts(), `after ${attempt} failures`).toHaveLength(
          attempt < SIGNIN_LIMITS.failuresBeforeAlert ? 0 : 1,
        );
      }
      const [mail] = await alerts();
      expect(mail.bodyText).toContain(`${SIGNIN_LIMITS.failuresBeforeAlert} failed attempts`);
      expect(mail.bodyText).not.toContain('wrong-password');
    });

    it('an unknown address is slowed like a known one and mails nobody', async () => {
      const ghost = uniqueEmail('ghost');
      for (let attempt = 0; attempt < SIGNIN_LIMITS.failuresBeforeAlert + 1; attempt += 1) {
        expect((await signin(ghost, 'whatever', newAddress())).statusCode).toBe(422);
      }
      expect(await outboxMessages(app.db, { recipient: ghost })).toEqual([]);
    });

    it('asking for sign-in links past the account limit answers the same and mails no more', async () => {
      const owner = await signUp(app, 'buyer');
      const extra = 3;
      for (let attempt = 0; attempt < RATE_LIMITS.autologinLink.perAccount + extra; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/autologin-link',
          payload: { email_id: owner.email },
          remoteAddress: newAddress(),
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().message).toBe(AUTH_MESSAGES.linkSent);
      }
      expect(await outboxMessages(app.db, { recipient: owner.email })).toHaveLength(
        RATE_LIMITS.autologinLink.perAccount,
      );
    });
  });
}

behavesAsTheSigninGuard('sign-in throttling, memory store', {});
if (redisUrl) behavesAsTheSigninGuard('sign-in throttling, Redis store (TEST_REDIS_URL)', { REDIS_URL: redisUrl });

describe('POST /api/v1/auth/signup, per client address', () => {
  const signupFrom = (app: FastifyInstance, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { full_name: 'Bea Buyer', email_id: uniqueEmail('limit'), password: DEMO_PASSWORD, user_type: 'buyer' },
      remoteAddress: ip,
    });

  async function signupsAllowed(env: Record<string, string>, tries: number) {
    const app = await createTestApp(env);
    try {
      const ip = newAddress();
      const statuses = [];
      for (let attempt = 0; attempt < tries; attempt += 1) statuses.push((await signupFrom(app, ip)).statusCode);
      expect(statuses.at(-1)).toBe(429);
      return statuses.filter((status) => status === 201).length;
    } finally {
      await app.close();
    }
  }

  it('allows RATE_LIMITS.signup.perAddress sign-ups an hour, then answers 429', async () => {
    expect(await signupsAllowed({}, RATE_LIMITS.signup.perAddress + 1)).toBe(RATE_LIMITS.signup.perAddress);
  });

  it('allows SIGNUP_LIMIT_PER_ADDRESS instead when it is set', async () => {
    expect(await signupsAllowed({ SIGNUP_LIMIT_PER_ADDRESS: '2' }, 3)).toBe(2);
  });
});
