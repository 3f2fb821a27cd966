import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LIMITS, EMAIL_MESSAGES } from '@tradeloop/contracts/accounts-email';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { as, createTestApp, signUp, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { expireEmailLinks } from './test-support.ts';

/* Mail goes through a real SMTP server started here, as it would in production. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tradeloop.example' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** The messages the SMTP server received for an address, oldest first. */
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** A message's source with its quoted-printable encoding undone (soft breaks, =3D). */
const decoded = (data = '') =>
  data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The token of the last confirmation link mailed to the address. */
function lastToken(address: string) {
  const data = decoded(mailTo(address).at(-1)?.data);
  const match = /https:\/\/tradeloop\.example\/user\/confirm-email\?token=([\w%-]+)/.exec(data);
  if (!match) throw new Error(`no link mailed to ${address}`);
  return decodeURIComponent(match[1]);
}

const profileOf = async (user: TestUser) =>
  (await as(app, user, { method: 'GET', url: '/api/v1/profile/view' })).json().data;
const askConfirmation = (user: TestUser) => as(app, user, { method: 'POST', url: '/api/v1/profile/verify/email' });
const confirm = (token: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/profile/verify/email_confirm', payload: { token } });
const askChange = (user: TestUser, payload: Record<string, unknown>) =>
  as(app, user, { method: 'POST', url: '/api/v1/profile/email/change', payload });

describe('POST /api/v1/profile/verify/email and email_confirm', () => {
  it('mails a link that confirms the address once, and never answers the token', async () => {
    const buyer = await signUp(app, 'buyer');
    expect((await profileOf(buyer)).email_verified).toBe(false);
    const asked = await askConfirmation(buyer);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      status: true,
      message: EMAIL_MESSAGES.linkSent,
      data: { email_id: buyer.email, expires_in: EMAIL_LIMITS.linkTtlMs / 1000 },
    });
    const token = lastToken(buyer.email);
    expect(asked.body).not.toContain(token);
    expect(mailTo(buyer.email).at(-1)?.data).toContain(`Subject: ${EMAIL_MESSAGES.confirmSubject}`);

    const used = await confirm(token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      status: true,
      message: EMAIL_MESSAGES.confirmed,
      data: { email_id: buyer.email, email_verified: true },
    });
    expect((await profileOf(buyer)).email_verified).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([EMAIL_MESSAGES.linkInvalid]);
    const more = await askConfirmation(buyer);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(EMAIL_MESSAGES.alreadyConfirmed);
  });

  it('refuses an unknown, empty or superseded link', async () => {
    const buyer = await signUp(app, 'buyer');
    for (const token of ['not-a-token', '', undefined]) {
      const response = await confirm(token);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.token).toEqual([EMAIL_MESSAGES.linkInvalid]);
    }
    await askConfirmation(buyer);
    const first = lastToken(buyer.email);
    await askConfirmation(buyer);
    const second = lastToken(buyer.email);
    expect((await confirm(first)).statusCode).toBe(422);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const buyer = await signUp(app, 'buyer');
    await askConfirmation(buyer);
    await expireEmailLinks(app.db, buyer.id);
    const response = await confirm(lastToken(buyer.email));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual([EMAIL_MESSAGES.linkInvalid]);
    expect((await profileOf(buyer)).email_verified).toBe(false);
  });

  it('limits the links an account asks for', async () => {
    const buyer = await signUp(app, 'buyer');
    for (let i = 0; i < EMAIL_LIMITS.linksPerAccount; i += 1) {
      expect((await askConfirmation(buyer)).statusCode).toBe(200);
    }
    const refused = await askConfirmation(buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(EMAIL_MESSAGES.tooManyLinks);
    expect(mailTo(buyer.email)).toHaveLength(EMAIL_LIMITS.linksPerAccount);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/profile/verify/email' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/profile/email/change', () => {
  it('changes the address only once the new one is confirmed, and tells the old one', async () => {
    const seller = await signUp(app, 'seller');
    const newAddress = uniqueEmail('moved');
    const asked = await askChange(seller, { email_id: newAddress.toUpperCase(), password: DEMO_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ message: EMAIL_MESSAGES.changeLinkSent, data: { email_id: newAddress } });
    // Nothing changes before the link is opened.
    expect((await profileOf(seller)).email_id).toBe(seller.email);
    expect(mailTo(newAddress).at(-1)?.data).toContain(`Subject: ${EMAIL_MESSAGES.changeSubject}`);

    const used = await confirm(lastToken(newAddress));
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({
      message: EMAIL_MESSAGES.changed,
      data: { email_id: newAddress, email_verified: true },
    });
    expect(await profileOf(seller)).toMatchObject({ email_id: newAddress, email_verified: true });
    const told = mailTo(seller.email).at(-1);
    expect(told?.data).toContain(`Subject: ${EMAIL_MESSAGES.changedSubject}`);
    expect(decoded(told?.data)).toContain(newAddress);

    // The new address signs in; the old one no longer does.
    const signin = (email_id: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email_id, password: DEMO_PASSWORD } });
    expect((await signin(newAddress)).statusCode).toBe(200);
    expect((await signin(seller.email)).json().message).toBe(AUTH_MESSAGES.badCredentials);
  });

  it('asks for the password, a different address and one nobody uses', async () => {
    const [seller, other] = [await signUp(app, 'seller'), await signUp(app, 'buyer')];
    const wrongPassword = await askChange(seller, { email_id: uniqueEmail('x'), password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toEqual([EMAIL_MESSAGES.wrongPassword]);
    const same = await askChange(seller, { email_id: seller.email, password: DEMO_PASSWORD });
    expect(same.json().errors.email_id).toEqual([EMAIL_MESSAGES.sameAddress]);
    const taken = await askChange(seller, { email_id: other.email, password: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email_id).toEqual([EMAIL_MESSAGES.taken]);
    const malformed = await askChange(seller, { email_id: 'not an address', password: DEMO_PASSWORD });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['email_id']);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const seller = await signUp(app, 'seller');
    const wanted = uniqueEmail('contested');
    await askChange(seller, { email_id: wanted, password: DEMO_PASSWORD });
    const token = lastToken(wanted);
    await signUp(app, 'buyer', { email_id: wanted });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EMAIL_MESSAGES.taken);
    expect((await profileOf(seller)).email_id).toBe(seller.email);
  });
});
