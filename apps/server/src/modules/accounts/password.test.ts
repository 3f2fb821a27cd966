import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth';
import { PASSWORD_LIMITS, PASSWORD_MESSAGES } from '@tradeloop/contracts/auth-password';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { as, createTestApp, signUp, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../../platform/mail.ts';
import { hashToken } from '../../platform/tokens.ts';
import { emailLinks } from './tables.ts';
import { userRow } from './test-support.ts';

/* Mail goes through a real SMTP server started here; sockets connect over a real port. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // With TEST_REDIS_URL, sockets are closed through the Redis adapter and limits counted in Redis.
  const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
  app = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tradeloop.example', ...redis },
    { realtimeKey: `tl-test-password-${process.pid}-${Date.now()}` },
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = 'Brand-new#2027';

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const decoded = (data = '') =>
  data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The token of the last reset link mailed to the address. */
function lastToken(address: string) {
  const data = decoded(mailTo(address).at(-1)?.data);
  const match = /https:\/\/tradeloop\.example\/user\/resetPassword\?token=([\w%-]+)/.exec(data);
  if (!match) throw new Error(`no reset link mailed to ${address}`);
  return decodeURIComponent(match[1]);
}

/**
 * Each call comes from an address of its own unless one is given (the limits count per address); the
 * run's own prefix keeps them apart from an earlier run's counters in a shared Redis.
 */
const runPrefix = `fd45:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
let lastAddress = 0;
const nextAddress = () => `${runPrefix}::${(++lastAddress).toString(16)}`;

const askReset = (emailId: unknown, remoteAddress = nextAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/resetPassword/request',
    payload: { email_id: emailId },
    remoteAddress,
  });
const reset = (token: unknown, password: unknown = NEW_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/resetPassword',
    payload: { token, password },
    remoteAddress: nextAddress(),
  });
const signin = (email: string, password: string, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email_id: email, password }, remoteAddress });
const profile = (user: { token: string }) => as(app, user, { method: 'GET', url: '/api/v1/profile/view' });

function openSocket(token: string) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe('POST /api/v1/auth/resetPassword/request', () => {
  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    const seller = await signUp(app, 'seller');
    const stranger = uniqueEmail('nobody');
    const known = await askReset(seller.email);
    const unknown = await askReset(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ status: true, message: PASSWORD_MESSAGES.resetLinkSent });
    expect(mailTo(stranger)).toHaveLength(0);
    const mail = mailTo(seller.email).at(-1);
    expect(mail?.data).toContain(`Subject: ${PASSWORD_MESSAGES.resetSubject}`);
    expect(known.body).not.toContain(lastToken(seller.email));
    // Only the token's hash is kept.
    const token = lastToken(seller.email);
    const stored = await app.db
      .select({ tokenHash: emailLinks.tokenHash })
      .from(emailLinks)
      .where(eq(emailLinks.userId, seller.id));
    expect(stored.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
  });

  it('refuses a malformed address with 422 and the sign-up message', async () => {
    const answer = await askReset('not-an-address');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.email_id).toEqual([AUTH_MESSAGES.emailInvalid]);
  });

  it('20 requests for one address from one client neither lock its owner out nor flood the inbox', async () => {
    const seller = await signUp(app, 'seller');
    const client = nextAddress();
    const before = mailTo(seller.email).length;
    const answers = [];
    for (let i = 0; i < PASSWORD_LIMITS.requestsPerAddress + 2; i++) answers.push(await askReset(seller.email, client));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, PASSWORD_LIMITS.requestsPerAddress)).toEqual(
      Array(PASSWORD_LIMITS.requestsPerAddress).fill(200),
    );
    expect(statuses.slice(PASSWORD_LIMITS.requestsPerAddress)).toEqual([429, 429]);
    expect(mailTo(seller.email).length - before).toBe(PASSWORD_LIMITS.mailsPerAccount);
    // The owner signs in with the password, from that same address, and the session works.
    const signedIn = await signin(seller.email, DEMO_PASSWORD, client);
    expect(signedIn.statusCode).toBe(200);
    expect((await profile({ token: signedIn.json().data.token })).statusCode).toBe(200);
    // A link mailed meanwhile still resets the password.
    expect((await reset(lastToken(seller.email))).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/resetPassword', () => {
  it('sets the new password once, ends every session and socket, and tells the owner', async () => {
    const seller = await signUp(app, 'seller');
    const second = (await signin(seller.email, DEMO_PASSWORD)).json().data.token as string;
    const socket = await openSocket(seller.token);
    const socketGone = disconnected(socket);
    await askReset(seller.email);
    const token = lastToken(seller.email);

    const used = await reset(token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      status: true,
      message: PASSWORD_MESSAGES.passwordReset,
      data: { email_id: seller.email },
    });
    expect(await socketGone).toBe('io server disconnect');
    for (const old of [seller.token, second]) expect((await profile({ token: old })).statusCode).toBe(401);
    await expect(openSocket(seller.token)).rejects.toThrow('unauthorized');

    expect((await signin(seller.email, DEMO_PASSWORD)).statusCode).toBe(422);
    expect((await signin(seller.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(mailTo(seller.email).at(-1)?.data).toContain(`Subject: ${PASSWORD_MESSAGES.changedSubject}`);

    const again = await reset(token, 'Another#2028x');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([PASSWORD_MESSAGES.linkInvalid]);
    expect((await signin(seller.email, NEW_PASSWORD)).statusCode).toBe(200);
    socket.close();
  });

  it('works within the hour and not after it (the clock moved, not the rule)', async () => {
    const early = await signUp(app, 'buyer');
    const late = await signUp(app, 'buyer');
    await askReset(early.email);
    await askReset(late.email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(start + PASSWORD_LIMITS.linkTtlMs + 60_000);
    const expired = await reset(lastToken(late.email));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toEqual([PASSWORD_MESSAGES.linkInvalid]);

    vi.setSystemTime(start + PASSWORD_LIMITS.linkTtlMs - 60_000);
    expect((await reset(lastToken(early.email))).statusCode).toBe(200);
    vi.useRealTimers();
    expect((await signin(late.email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signin(early.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('asks for a password by the sign-up rules and keeps the link for a second try', async () => {
    const buyer = await signUp(app, 'buyer');
    await askReset(buyer.email);
    const token = lastToken(buyer.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([AUTH_MESSAGES.passwordTooShort]);
    const empty = await reset('', NEW_PASSWORD);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.token).toEqual([PASSWORD_MESSAGES.linkInvalid]);
    expect((await reset('x'.repeat(43), NEW_PASSWORD)).statusCode).toBe(422);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('is not spent by the e-mail confirmation page, nor an e-mail link by it', async () => {
    const buyer = await signUp(app, 'buyer');
    await askReset(buyer.email);
    const token = lastToken(buyer.email);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/verify/email_confirm',
      payload: { token },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/profile/password/change', () => {
  const change = (user: TestUser | { token: string }, payload: Record<string, unknown>) =>
    as(app, user, { method: 'POST', url: '/api/v1/profile/password/change', payload });

  it('needs the current password, keeps this device and ends the others', async () => {
    const seller = await signUp(app, 'seller');
    const other = (await signin(seller.email, DEMO_PASSWORD)).json().data.token as string;
    const otherSocket = await openSocket(other);
    const otherGone = disconnected(otherSocket);
    const ownSocket = await openSocket(seller.token);

    const missing = await change(seller, { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([PASSWORD_MESSAGES.currentRequired]);
    const wrong = await change(seller, { current_password: 'not-my-password', password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([PASSWORD_MESSAGES.wrongPassword]);
    const weak = await change(seller, { current_password: DEMO_PASSWORD, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([AUTH_MESSAGES.passwordTooShort]);

    const changed = await change(seller, { current_password: DEMO_PASSWORD, password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(PASSWORD_MESSAGES.passwordChanged);
    expect(await otherGone).toBe('io server disconnect');
    expect(ownSocket.connected).toBe(true);
    expect((await profile({ token: other })).statusCode).toBe(401);
    expect((await signin(seller.email, DEMO_PASSWORD)).statusCode).toBe(422);
    expect((await signin(seller.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(mailTo(seller.email).at(-1)?.data).toContain(`Subject: ${PASSWORD_MESSAGES.changedSubject}`);
    expect((await userRow(app.db, seller.id)).passwordHash).not.toContain(NEW_PASSWORD);
    ownSocket.close();
    expect((await profile(seller)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/password/change',
      payload: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the log, at debug level, during a password reset', () => {
  it('never shows the link’s token or either password', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const user = await signUp(logged, 'buyer');
      await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/resetPassword/request',
        payload: { email_id: user.email },
      });
      const text = (await outboxMessages(logged.db, { recipient: user.email })).at(-1)?.bodyText ?? '';
      const token = decodeURIComponent(/resetPassword\?token=([\w%-]+)/.exec(text)?.[1] ?? '');
      expect(token.length).toBeGreaterThan(20);
      const used = await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/resetPassword',
        payload: { token, password: NEW_PASSWORD },
      });
      expect(used.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('mail kept in outbox');
      expect(log).toContain('/api/v1/auth/resetPassword');
      for (const secret of [token, encodeURIComponent(token), NEW_PASSWORD, DEMO_PASSWORD])
        expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
