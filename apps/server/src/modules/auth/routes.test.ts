import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TOKEN_IDLE_TTL_MS } from '@tradeloop/contracts/auth';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { as, createTestApp, signUp, uniqueEmail } from '../../../test/helpers.ts';
import { outboxMessages } from '../../platform/mail.ts';
import { sessionsOf, setSessionsLastUse } from '../../platform/sessions.ts';
import { userRow } from '../accounts/test-support.ts';
import { loginLinks } from './tables.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signin = (email_id: string, password: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email_id, password }, remoteAddress: ip });

describe('POST /api/v1/auth/signup', () => {
  it('creates a seller with a company and answers a session with the local user data', async () => {
    const email = uniqueEmail('Seller');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        full_name: 'Asha Rao',
        email_id: email,
        password: DEMO_PASSWORD,
        user_type: 'seller',
        company_name: 'Rao Pumps',
        company_type: 'Distributors',
      },
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now() + TOKEN_IDLE_TTL_MS - 60_000);
    expect(data.user).toMatchObject({
      full_name: 'Asha Rao',
      email_id: email.toLowerCase(),
      user_type: 'seller',
      role: 'owner',
      default_role: 'owner',
      mobile_verified: 'not-found',
      verified: false,
      parent_user: null,
      company_name: 'Rao Pumps',
      company_type: 'Distributors',
    });
    expect(data.user.member_id).toMatch(/^TL-[A-Z0-9]{8}$/);
    expect(data.user.complete_profile).toBeGreaterThan(0);
    expect(data.user.complete_profile).toBeLessThan(100);
    expect(data.user.pending_fields).toContain('mobile');
  });

  it('creates a buyer (user_type others) without a company', async () => {
    const buyer = await signUp(app, 'buyer');
    const row = await userRow(app.db, buyer.id);
    expect(row.userType).toBe('others');
    expect(row.companyId).toBeNull();
  });

  it('stores the password and the token hashed, never in clear', async () => {
    const seller = await signUp(app, 'seller');
    const row = await userRow(app.db, seller.id);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(DEMO_PASSWORD);
    const tokens = await sessionsOf(app.db, seller.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).not.toBe(seller.token);
    expect(tokens[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a duplicate e-mail, whatever its case, with 409 and a field message', async () => {
    const seller = await signUp(app, 'seller');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { full_name: 'Copy', email_id: seller.email.toUpperCase(), password: DEMO_PASSWORD, user_type: 'buyer' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      message: AUTH_MESSAGES.emailTaken,
      errors: { email_id: [AUTH_MESSAGES.emailTaken] },
    });
  });

  it('asks a seller for company name and type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { full_name: 'No Company', email_id: uniqueEmail(), password: DEMO_PASSWORD, user_type: 'seller' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      company_name: [AUTH_MESSAGES.companyNameRequired],
      company_type: [AUTH_MESSAGES.companyTypeRequired],
    });
  });

  it('answers every missing or malformed field with its message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email_id: 'not-an-email', password: 'short', user_type: 'admin' },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.full_name).toEqual([AUTH_MESSAGES.fullNameRequired]);
    expect(errors.email_id).toEqual([AUTH_MESSAGES.emailInvalid]);
    expect(errors.password).toEqual([AUTH_MESSAGES.passwordTooShort]);
    expect(errors.user_type).toEqual([AUTH_MESSAGES.userTypeInvalid]);
  });
});

describe('POST /api/v1/auth/signin', () => {
  it('signs in with the right password and answers a fresh token', async () => {
    const seller = await signUp(app, 'seller');
    const response = await signin(seller.email, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token).not.toBe(seller.token);
    expect(data.user.id).toBe(seller.id);
  });

  it('answers a wrong password and an unknown e-mail alike: 422 with the same message', async () => {
    const seller = await signUp(app, 'seller');
    const wrong = await signin(seller.email, 'not-the-password');
    const unknown = await signin(uniqueEmail('ghost'), DEMO_PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: false,
        message: AUTH_MESSAGES.badCredentials,
        errors: { email_id: [AUTH_MESSAGES.badCredentials] },
      });
    }
  });
});

describe('GET /api/v1/auth/logout', () => {
  it('revokes the token: the next call with it is 401', async () => {
    const seller = await signUp(app, 'seller');
    const logout = await as(app, seller, { method: 'GET', url: '/api/v1/auth/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: true, message: AUTH_MESSAGES.loggedOut });
    const after = await as(app, seller, { method: 'GET', url: '/api/v1/profile/view' });
    expect(after.statusCode).toBe(401);
  });

  it('needs a signed-in caller', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});

describe('token expiry', () => {
  it('a token idle for 48 hours is dead', async () => {
    const seller = await signUp(app, 'seller');
    const past = new Date(Date.now() - TOKEN_IDLE_TTL_MS - 1000);
    await setSessionsLastUse(app.db, seller.id, past);
    const response = await as(app, seller, { method: 'GET', url: '/api/v1/profile/view' });
    expect(response.statusCode).toBe(401);
  });

  it('use slides the expiry forward', async () => {
    const seller = await signUp(app, 'seller');
    const nearlyIdle = new Date(Date.now() - TOKEN_IDLE_TTL_MS + 60 * 60 * 1000);
    await setSessionsLastUse(app.db, seller.id, nearlyIdle);
    expect((await as(app, seller, { method: 'GET', url: '/api/v1/profile/view' })).statusCode).toBe(200);
    const [token] = await sessionsOf(app.db, seller.id);
    expect(token.expiresAt.getTime()).toBeGreaterThan(Date.now() + TOKEN_IDLE_TTL_MS - 60_000);
  });
});

describe('sign-in links: POST /api/v1/auth/autologin-link and GET /api/v1/autologin', () => {
  async function requestLink(email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/autologin-link',
      payload: { email_id: email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(AUTH_MESSAGES.linkSent);
    const mail = (await outboxMessages(app.db, { recipient: email })).at(-1);
    return mail ? new URL(mail.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get('autologin')! : undefined;
  }

  it('a link token signs in once, and never again', async () => {
    const buyer = await signUp(app, 'buyer');
    const token = await requestLink(buyer.email);
    expect(token).toBeTruthy();
    const first = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${encodeURIComponent(token!)}` });
    expect(first.statusCode).toBe(200);
    const { data } = first.json();
    expect(data.user.id).toBe(buyer.id);
    expect(data.accessToken).toBe(data.token);
    expect(
      (await as(app, { token: data.accessToken }, { method: 'GET', url: '/api/v1/profile/view' })).statusCode,
    ).toBe(200);

    const second = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${encodeURIComponent(token!)}` });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ status: false, message: AUTH_MESSAGES.linkInvalid });
  });

  it('a user id signs nobody in', async () => {
    const buyer = await signUp(app, 'buyer');
    const response = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${buyer.id}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toBeUndefined();
  });

  it('an expired link signs nobody in', async () => {
    const buyer = await signUp(app, 'buyer');
    const token = await requestLink(buyer.email);
    await app.db
      .update(loginLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginLinks.userId, buyer.id));
    const response = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${encodeURIComponent(token!)}` });
    expect(response.statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect(await requestLink(email)).toBeUndefined();
  });

  it('stores the link token hashed', async () => {
    const buyer = await signUp(app, 'buyer');
    const token = await requestLink(buyer.email);
    const links = await app.db.select().from(loginLinks).where(eq(loginLinks.userId, buyer.id));
    expect(links.map((link) => link.tokenHash)).not.toContain(token);
  });
});
