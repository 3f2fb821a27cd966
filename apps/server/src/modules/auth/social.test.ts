import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { SOCIAL_BROWSER_COOKIE, SOCIAL_ERROR_PARAM } from '@tradeloop/contracts/auth-social';
import { loadConfig } from '../../config.ts';
import { as, createTestApp, signUp, uniqueEmail } from '../../../test/helpers.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

const PUBLIC_URL = 'http://tradeloop.test';
const CLIENT_ID = 'tradeloop-web';
const CLIENT_SECRET = 'client-secret-the-log-never-shows-5f1c2a9e';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/social/google/callback`;

let provider: TestOidcProvider;
let app: FastifyInstance;
const lines: string[] = [];
let subjects = 0;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [CALLBACK],
    mode: 'auto',
  });
  app = await createTestApp(
    {
      PUBLIC_URL,
      LOG_LEVEL: 'debug',
      GOOGLE_OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** A person at the provider; returns its subject. */
function personAtProvider(account: { email?: string; email_verified?: boolean; name?: string }) {
  subjects += 1;
  const subject = `subject-${subjects}-${Date.now()}`;
  provider.addAccount(subject, account);
  return subject;
}

/** The browser's part at the provider: follows its redirects, with its cookies, until it leaves for TradeLoop. */
async function throughProvider(authorizationUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(PUBLIC_URL)) return url;
  }
  throw new Error('too many redirects at the provider');
}

type Started = { authorizationUrl: URL; browser: string; setCookie: string };

async function start(query: Record<string, string> = {}, browser?: string): Promise<Started> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/auth/social/google/start?${new URLSearchParams(query)}`,
    headers: browser ? { cookie: `${SOCIAL_BROWSER_COOKIE}=${browser}` } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  const value = new RegExp(`${SOCIAL_BROWSER_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  return { authorizationUrl: new URL(String(response.headers.location)), browser: value!, setCookie };
}

async function callback(returnUrl: string, browser: string | undefined) {
  const url = new URL(returnUrl);
  const response = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: browser ? { cookie: `${SOCIAL_BROWSER_COOKIE}=${browser}` } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

/** The whole sign-in as a browser does it; answers where TradeLoop sends the browser at the end. */
async function signInAs(subject: string, query: Record<string, string> = {}) {
  const started = await start(query);
  provider.signInNext(subject);
  return callback(await throughProvider(started.authorizationUrl.href), started.browser);
}

async function autologin(landing: URL) {
  const token = landing.searchParams.get('autologin');
  expect(token, landing.href).toBeTruthy();
  const response = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${encodeURIComponent(token!)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; user: { id: number; user_type: string; verified: boolean } };
}

async function profileOf(session: { token: string }) {
  return (await as(app, session, { method: 'GET', url: '/api/v1/profile/view' })).json().data;
}

describe('GET /api/v1/auth/social/providers', () => {
  it('lists the configured providers only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/social/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.providers).toEqual([
      { type: 'google', name: 'Google', start_url: '/api/v1/auth/social/google/start' },
    ]);
  });
});

describe('GET /api/v1/auth/social/{provider}/start', () => {
  it('sends the browser to the provider with PKCE (S256), a state and a nonce, bound by an HttpOnly cookie', async () => {
    const { authorizationUrl, setCookie, browser } = await start();
    expect(authorizationUrl.href.startsWith(`${provider.issuer}/`)).toBe(true);
    const params = authorizationUrl.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(authorizationUrl.href).not.toContain(CLIENT_SECRET);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/v1/auth/social');
    expect(setCookie).toContain('Max-Age=600');
    expect(browser).toMatch(/^[\w-]{43}$/);
  });

  it('sends an unconfigured provider back to the sign-in page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/social/linkedin/start' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/user/signin?${SOCIAL_ERROR_PARAM}=unavailable`);
  });

  it('asks a seller for the company, as the sign-up form does', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/social/google/start?user_type=seller' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['company_name', 'company_type']));
  });
});

describe('GET /api/v1/auth/social/{provider}/callback', () => {
  it('creates a buyer for a new person, with social_type and the verified address, signed in once through autologin', async () => {
    const email = uniqueEmail('new.google');
    const subject = personAtProvider({ email, email_verified: true, name: 'Nora Newcomer' });
    const landing = await signInAs(subject);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/dashboard`);
    const session = await autologin(landing);
    expect(session.user.user_type).toBe('others');
    expect(session.user.verified).toBe(true);
    const profile = await profileOf(session);
    expect(profile).toMatchObject({ email_id: email, full_name: 'Nora Newcomer', social_type: 'google' });
    expect(profile.email_verified).toBe(true);
    // The hand-off token works once.
    const again = await app.inject({
      method: 'GET',
      url: `/api/v1/autologin?id=${encodeURIComponent(landing.searchParams.get('autologin')!)}`,
    });
    expect(again.statusCode).toBe(401);
  });

  it('signs the same person in to the same account the next time, without a duplicate', async () => {
    const email = uniqueEmail('again.google');
    const subject = personAtProvider({ email, email_verified: true, name: 'Ada Again' });
    const first = await autologin(await signInAs(subject));
    const second = await autologin(await signInAs(subject));
    expect(second.user.id).toBe(first.user.id);
    // The address is taken once: a password sign-up for it is a conflict.
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { full_name: 'Copy', email_id: email, password: DEMO_PASSWORD, user_type: 'buyer' },
    });
    expect(signup.statusCode).toBe(409);
  });

  it('creates a seller with the company chosen on the sign-up page, and lands on the asked page', async () => {
    const subject = personAtProvider({ email: uniqueEmail('seller.google'), email_verified: true, name: 'Sol Seller' });
    const landing = await signInAs(subject, {
      user_type: 'seller',
      company_name: 'Social Pumps Ltd',
      company_type: 'Distributors',
      next: '/products/List',
    });
    expect(landing.pathname).toBe('/products/List');
    const session = await autologin(landing);
    expect(session.user).toMatchObject({
      user_type: 'seller',
      role: 'owner',
      company_name: 'Social Pumps Ltd',
      company_type: 'Distributors',
    });
  });

  it('never lands on another site', async () => {
    const subject = personAtProvider({ email: uniqueEmail('next.google'), email_verified: true });
    const landing = await signInAs(subject, { next: '//evil.example/steal' });
    expect(landing.origin).toBe(PUBLIC_URL);
    expect(landing.pathname).toBe('/dashboard');
  });

  it('links an existing account with the same verified address instead of making another', async () => {
    const existing = await signUp(app, 'seller');
    const before = await profileOf(existing);
    expect(before.email_verified).toBe(false);
    const subject = personAtProvider({ email: existing.email.toUpperCase(), email_verified: true, name: 'Sam Seller' });
    const session = await autologin(await signInAs(subject));
    expect(session.user.id).toBe(existing.id);
    const after = await profileOf(session);
    expect(after.email_verified).toBe(true);
    // Linked, not converted: the account keeps its password and its social_type.
    expect(after.social_type).toBeNull();
    const password = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email_id: existing.email, password: DEMO_PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    // And the provider's subject now signs in that account, whatever address it later shows.
    provider.addAccount(subject, { email: uniqueEmail('changed'), email_verified: true });
    expect((await autologin(await signInAs(subject))).user.id).toBe(existing.id);
  });

  it('does not link an existing account when the provider has not verified the address', async () => {
    const existing = await signUp(app, 'buyer');
    const subject = personAtProvider({ email: existing.email, email_verified: false });
    const landing = await signInAs(subject);
    expect(landing.href).toBe(`${PUBLIC_URL}/user/signin?${SOCIAL_ERROR_PARAM}=email_unverified`);
    // Still not linked afterwards, even when the address is verified later by someone else's subject.
    const other = personAtProvider({ email: existing.email, email_verified: false });
    expect((await signInAs(other)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('email_unverified');
  });

  it('creates a new person with an unverified address as unverified', async () => {
    const subject = personAtProvider({
      email: uniqueEmail('unverified'),
      email_verified: false,
      name: 'Uma Unverified',
    });
    const session = await autologin(await signInAs(subject));
    expect(session.user.verified).toBe(false);
    expect((await profileOf(session)).social_type).toBe('google');
  });

  it('refuses a person without an address', async () => {
    const subject = personAtProvider({ name: 'No Mail' });
    expect((await signInAs(subject)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('no_email');
  });

  it('refuses a state that this browser did not start, a changed state and a replayed callback', async () => {
    const subject = personAtProvider({ email: uniqueEmail('state'), email_verified: true });
    const started = await start();
    provider.signInNext(subject);
    const returned = await throughProvider(started.authorizationUrl.href);

    // Another browser (an attacker's link opened by someone else) or none at all.
    const otherBrowser = await start();
    expect((await callback(returned, otherBrowser.browser)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('state');
    expect((await callback(returned, undefined)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('state');
    const changed = new URL(returned);
    changed.searchParams.set('state', `${changed.searchParams.get('state')}x`);
    expect((await callback(changed.href, started.browser)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('state');

    // The browser that started it still finishes it, once.
    const landing = await callback(returned, started.browser);
    expect(landing.searchParams.get('autologin')).toBeTruthy();
    expect((await callback(returned, started.browser)).searchParams.get(SOCIAL_ERROR_PARAM)).toBe('state');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const email = uniqueEmail('nonce');
    const subject = personAtProvider({ email, email_verified: true });
    const started = await start();
    // The authorization request is changed on its way: the provider signs another nonce into the ID token.
    started.authorizationUrl.searchParams.set('nonce', 'a-nonce-this-server-never-sent');
    provider.signInNext(subject);
    const landing = await callback(await throughProvider(started.authorizationUrl.href), started.browser);
    expect(landing.href).toBe(`${PUBLIC_URL}/user/signin?${SOCIAL_ERROR_PARAM}=provider`);
    const signup = await signUp(app, 'buyer', { email_id: email });
    expect(signup.id).toBeGreaterThan(0);
  });

  it('refuses a code obtained with another PKCE challenge', async () => {
    const subject = personAtProvider({ email: uniqueEmail('pkce'), email_verified: true });
    const started = await start();
    started.authorizationUrl.searchParams.set('code_challenge', 'A'.repeat(43));
    provider.signInNext(subject);
    const landing = await callback(await throughProvider(started.authorizationUrl.href), started.browser);
    expect(landing.searchParams.get(SOCIAL_ERROR_PARAM)).toBe('provider');
  });

  it('brings a cancelled consent back to the sign-in page', async () => {
    const started = await start();
    provider.cancelNext();
    const returned = await throughProvider(started.authorizationUrl.href);
    expect(new URL(returned).searchParams.get('error')).toBe('access_denied');
    const landing = await callback(returned, started.browser);
    expect(landing.href).toBe(`${PUBLIC_URL}/user/signin?${SOCIAL_ERROR_PARAM}=denied`);
  });

  it('keeps the client secret, the code, the provider’s tokens and the hand-off token out of the log', async () => {
    const subject = personAtProvider({ email: uniqueEmail('log'), email_verified: true });
    const started = await start();
    provider.signInNext(subject);
    const returned = new URL(await throughProvider(started.authorizationUrl.href));
    const landing = await callback(returned.href, started.browser);
    const handoff = landing.searchParams.get('autologin')!;
    await autologin(landing);
    const log = lines.join('');
    expect(log).toContain('/api/v1/auth/social/google/callback?');
    expect(log).toContain('social sign-in failed');
    for (const secret of [
      CLIENT_SECRET,
      returned.searchParams.get('code')!,
      returned.searchParams.get('state')!,
      started.browser,
      handoff,
    ])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT (ID token)
  });
});

describe('social sign-in configuration', () => {
  it('turns a provider on with its id and secret, and names a half-set or insecure one', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.socialProviders).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
    });
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'id' })).toThrow(/LINKEDIN_CLIENT_SECRET/);
    expect(() => loadConfig({ GOOGLE_OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() =>
      loadConfig({ GOOGLE_OIDC_ISSUER: 'http://idp.example', GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's' }),
    ).toThrow(/GOOGLE_OIDC_ISSUER/);
    expect(loadConfig({}).socialProviders).toEqual({});
  });
});
