import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_LIMITS, MOBILE_MESSAGES } from '@tradeloop/contracts/accounts-mobile';
import { TIMINGS } from '@tradeloop/contracts/common';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { outboxMessages } from '../../platform/mail.ts';
import { expireMobileCode } from './test-support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let numbers = 0;
/** A valid Indian mobile number no other test of this file uses. */
function newNumber() {
  numbers += 1;
  return `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String(numbers).padStart(2, '0')}`;
}

type NumberForm = { mobile_number: string; mobile_country_code?: string; country_code?: string; type?: string };

const form = (number: NumberForm) => ({ mobile_country_code: '91', country_code: 'IN', type: 'new', ...number });

const askCode = (user: TestUser, number: NumberForm, target = app) =>
  as(target, user, { method: 'POST', url: '/api/v1/profile/verify/mobile', payload: form(number) });

const checkCode = (user: TestUser, number: NumberForm, otp: unknown) =>
  as(app, user, { method: 'POST', url: '/api/v1/profile/verify/mobile_check', payload: { ...form(number), otp } });

const profileOf = async (user: TestUser) =>
  (await as(app, user, { method: 'GET', url: '/api/v1/profile/view' })).json().data;

/** The code of the last SMS sent to the number, read from the outbox as a developer would. */
async function lastCode(mobileNumber: string, target = app) {
  const messages = await outboxMessages(target.db, { recipient: `+91${mobileNumber}` });
  const sms = messages.filter((message) => message.channel === 'sms').at(-1);
  const code = /\b(\d{4})\b/.exec(sms?.bodyText ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${mobileNumber}`);
  return code;
}

/** A 4-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('POST /api/v1/profile/verify/mobile', () => {
  it('refuses a missing or incorrect number with the spec’s messages on the number field', async () => {
    const seller = await signUp(app, 'seller');
    for (const [mobile_number, country_code, message] of [
      ['', 'IN', MOBILE_MESSAGES.required],
      ['98765abc10', 'IN', MOBILE_MESSAGES.invalid],
      ['12345', 'IN', MOBILE_MESSAGES.invalid],
      // An Indian mobile number said to be British.
      ['9876543210', 'GB', MOBILE_MESSAGES.invalid],
    ] as const) {
      const response = await askCode(seller, { mobile_number, country_code });
      expect(response.statusCode, mobile_number).toBe(422);
      expect(response.json()).toMatchObject({ status: false, message, errors: { mobile_number: [message] } });
    }
    const missing = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/profile/verify/mobile',
      payload: { mobile_country_code: '+91', type: 'new' },
    });
    expect(missing.json().errors.mobile_number).toEqual([MOBILE_MESSAGES.required]);
  });

  it('texts a code, adds the + to the country code, and never answers the code', async () => {
    const seller = await signUp(app, 'seller');
    expect((await profileOf(seller)).mobile_verified).toBe('not-found');
    const mobile_number = newNumber();
    const response = await askCode(seller, { mobile_number, mobile_country_code: '91' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: MOBILE_MESSAGES.codeSent,
      data: {
        mobile_number,
        mobile_country_code: '+91',
        resend_in: TIMINGS.resendCountdownSeconds,
        expires_in: MOBILE_LIMITS.codeValidityMs / 1000,
      },
    });
    const code = await lastCode(mobile_number);
    expect(response.body).not.toContain(code);
    const [sms] = await outboxMessages(app.db, { recipient: `+91${mobile_number}` });
    expect(sms).toMatchObject({ channel: 'sms', status: 'logged' });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/verify/mobile',
      payload: form({ mobile_number: newNumber() }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('limits the codes sent to one number, whoever asks', async () => {
    const [first, second] = [await signUp(app, 'seller'), await signUp(app, 'buyer')];
    const mobile_number = newNumber();
    for (let i = 0; i < MOBILE_LIMITS.codesPerNumber; i += 1) {
      const asker = i % 2 === 0 ? first : second;
      expect((await askCode(asker, { mobile_number })).statusCode).toBe(200);
    }
    const refused = await askCode(second, { mobile_number });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MOBILE_MESSAGES.tooManyCodes);
    // Another number for the same person is still served.
    expect((await askCode(second, { mobile_number: newNumber() })).statusCode).toBe(200);
  });

  it('limits the codes one account asks for, whatever the number', async () => {
    const seller = await signUp(app, 'seller');
    let sent = 0;
    while (sent < MOBILE_LIMITS.codesPerAccount) {
      const mobile_number = newNumber();
      for (let i = 0; i < 3 && sent < MOBILE_LIMITS.codesPerAccount; i += 1, sent += 1) {
        expect((await askCode(seller, { mobile_number })).statusCode).toBe(200);
      }
    }
    const refused = await askCode(seller, { mobile_number: newNumber() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MOBILE_MESSAGES.tooManyCodes);
  });

  it('answers ‘Mobile number already exists.’ on the number field for a number another account verified', async () => {
    const [owner, other] = [await signUp(app, 'seller'), await signUp(app, 'seller')];
    const mobile_number = newNumber();
    await askCode(owner, { mobile_number });
    expect((await checkCode(owner, { mobile_number }, await lastCode(mobile_number))).statusCode).toBe(200);
    const response = await askCode(other, { mobile_number });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: MOBILE_MESSAGES.exists,
      errors: { mobile_number: [MOBILE_MESSAGES.exists] },
    });
  });

  it('type old texts the number already on the profile, and only that one', async () => {
    const buyer = await signUp(app, 'buyer');
    const mobile_number = newNumber();
    const saved = await as(app, buyer, {
      method: 'PATCH',
      url: '/api/v1/profile/updateProfile',
      payload: { mobile: mobile_number, mobile_country_code: '91' },
    });
    expect(saved.json().data).toMatchObject({ mobile_country_code: '+91', mobile_verified: 'unverified' });
    const elsewhere = await askCode(buyer, { mobile_number: newNumber(), type: 'old' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.mobile_number).toEqual([MOBILE_MESSAGES.notYourNumber]);
    expect((await askCode(buyer, { mobile_number, type: 'old' })).statusCode).toBe(200);
    const checked = await checkCode(buyer, { mobile_number, type: 'old' }, await lastCode(mobile_number));
    expect(checked.statusCode).toBe(200);
    expect((await profileOf(buyer)).mobile_verified).toBe('verified');
  });
});

describe('POST /api/v1/profile/verify/mobile_check', () => {
  it('saves the verified number on the profile with ‘Mobile number saved successfully.’', async () => {
    const seller = await signUp(app, 'seller');
    const mobile_number = newNumber();
    await askCode(seller, { mobile_number });
    const response = await checkCode(seller, { mobile_number }, await lastCode(mobile_number));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: MOBILE_MESSAGES.saved,
      data: { mobile_verified: 'verified' },
    });
    expect(await profileOf(seller)).toMatchObject({
      mobile: mobile_number,
      mobile_country_code: '+91',
      mobile_code: 'IN',
      mobile_verified: 'verified',
    });
    // The code is spent.
    const again = await checkCode(seller, { mobile_number }, await lastCode(mobile_number));
    expect(again.json().errors.otp).toEqual([MOBILE_MESSAGES.noCode]);
  });

  it('refuses a missing or malformed code with the spec’s message', async () => {
    const seller = await signUp(app, 'seller');
    const mobile_number = newNumber();
    await askCode(seller, { mobile_number });
    for (const [otp, message] of [
      ['', MOBILE_MESSAGES.otpRequired],
      [undefined, MOBILE_MESSAGES.otpRequired],
      ['12', MOBILE_MESSAGES.otpFormat],
      ['12a4', MOBILE_MESSAGES.otpFormat],
      ['12345', MOBILE_MESSAGES.otpFormat],
    ] as const) {
      const response = await checkCode(seller, { mobile_number }, otp);
      expect(response.statusCode, String(otp)).toBe(422);
      expect(response.json().errors.otp).toEqual([message]);
    }
  });

  it('spends a code after five wrong tries, even for the right code then', async () => {
    const seller = await signUp(app, 'seller');
    const mobile_number = newNumber();
    await askCode(seller, { mobile_number });
    const code = await lastCode(mobile_number);
    for (let i = 1; i < MOBILE_LIMITS.maxWrongTries; i += 1) {
      const response = await checkCode(seller, { mobile_number }, wrong(code));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.otp).toEqual([MOBILE_MESSAGES.wrongCode]);
    }
    const last = await checkCode(seller, { mobile_number }, wrong(code));
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(MOBILE_MESSAGES.tooManyTries);
    const right = await checkCode(seller, { mobile_number }, code);
    expect(right.statusCode).toBe(429);
    expect((await profileOf(seller)).mobile_verified).toBe('not-found');

    // A new code starts afresh.
    await askCode(seller, { mobile_number });
    expect((await checkCode(seller, { mobile_number }, await lastCode(mobile_number))).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const seller = await signUp(app, 'seller');
    const mobile_number = newNumber();
    await askCode(seller, { mobile_number });
    await expireMobileCode(app.db, seller.id);
    const response = await checkCode(seller, { mobile_number }, await lastCode(mobile_number));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.otp).toEqual([MOBILE_MESSAGES.expired]);
  });

  it('takes only the latest code, for the number it was sent to', async () => {
    const seller = await signUp(app, 'seller');
    const mobile_number = newNumber();
    await askCode(seller, { mobile_number });
    const first = await lastCode(mobile_number);
    await askCode(seller, { mobile_number });
    const second = await lastCode(mobile_number);
    if (first !== second) {
      expect((await checkCode(seller, { mobile_number }, first)).json().errors.otp).toEqual([
        MOBILE_MESSAGES.wrongCode,
      ]);
    }
    const otherNumber = await checkCode(seller, { mobile_number: newNumber() }, second);
    expect(otherNumber.json().errors.otp).toEqual([MOBILE_MESSAGES.noCode]);
    expect((await checkCode(seller, { mobile_number }, second)).statusCode).toBe(200);
  });

  it('does not let a second account verify a number the first verified meanwhile', async () => {
    const [first, second] = [await signUp(app, 'seller'), await signUp(app, 'buyer')];
    const mobile_number = newNumber();
    await askCode(first, { mobile_number });
    const firstCode = await lastCode(mobile_number);
    await askCode(second, { mobile_number });
    const secondCode = await lastCode(mobile_number);
    expect((await checkCode(first, { mobile_number }, firstCode)).statusCode).toBe(200);
    const response = await checkCode(second, { mobile_number }, secondCode);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.mobile_number).toEqual([MOBILE_MESSAGES.exists]);
  });
});

describe('the SMS provider', () => {
  it('never logs a code', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const seller = await signUp(logged, 'seller');
      const mobile_number = newNumber();
      expect((await askCode(seller, { mobile_number }, logged)).statusCode).toBe(200);
      const code = await lastCode(mobile_number, logged);
      const sms = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'sms kept in outbox');
      expect(sms).toBeDefined();
      expect(sms.text).not.toMatch(/\d{3}/);
      expect(sms.text).toContain('is your TradeLoop verification code');
      const log = lines.join('');
      expect(log).not.toContain(`"${code}"`);
      expect(log).not.toContain(`${code} is your`);
      expect(log).not.toContain(mobile_number);
    } finally {
      await logged.close();
    }
  });

  it('sends through the HTTP gateway when SMS_URL is set, and keeps the message in the outbox', async () => {
    const received: { to: string; text: string }[] = [];
    const gateway = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        received.push(JSON.parse(raw));
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const withGateway = await createTestApp({ SMS_URL: `http://127.0.0.1:${port}/sms` });
    try {
      const seller = await signUp(withGateway, 'seller');
      const mobile_number = newNumber();
      expect((await askCode(seller, { mobile_number }, withGateway)).statusCode).toBe(200);
      const code = await lastCode(mobile_number, withGateway);
      expect(received).toEqual([{ to: `+91${mobile_number}`, text: expect.stringContaining(code) }]);
      const [sms] = await outboxMessages(withGateway.db, { recipient: `+91${mobile_number}` });
      expect(sms.status).toBe('sent');
    } finally {
      await withGateway.close();
      gateway.close();
    }
  });
});
