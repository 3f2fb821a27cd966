import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import { EVENT_LOOP_STALL_MS, MASK, maskSecrets, watchEventLoop } from './logging.ts';
import { outbox } from './tables.ts';

describe('maskSecrets', () => {
  it('masks query values and token-like runs, and keeps ordinary text', () => {
    expect(maskSecrets('https://x.test/dashboard?autologin=abc&x=1#top')).toBe(
      `https://x.test/dashboard?autologin=${MASK}&x=${MASK}#top`,
    );
    expect(maskSecrets('/reset/Zk3_9qLmT0aB-7xYc2Pq1wE ok')).toBe(`/reset/${MASK} ok`);
    expect(maskSecrets('Open this link within 15 minutes to sign in to TradeLoop.')).toBe(
      'Open this link within 15 minutes to sign in to TradeLoop.',
    );
  });
});

describe('the log, at debug level', () => {
  let app: FastifyInstance;
  let user: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
    user = await signUp(app, 'buyer');
  });
  afterAll(() => app.close());

  it('writes one line per request, as it is answered, with its status and time', async () => {
    const requestId = 'one-line-per-request-0001';
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/currency',
      headers: { 'x-request-id': requestId },
    });
    expect(response.statusCode).toBe(200);
    const ofRequest = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === requestId);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/currency' },
      res: { statusCode: 200 },
    });
    expect(ofRequest[0].responseTime).toBeGreaterThanOrEqual(0);
  });

  it('never shows a sign-in link’s token or a password, and still records the requests and the mail', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/autologin-link',
      payload: { email_id: user.email },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await app.db
      .select({ text: outbox.bodyText })
      .from(outbox)
      .where(eq(outbox.recipient, user.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = decodeURIComponent(/autologin=([^\s&]+)/.exec(mail.text)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const used = await app.inject({ method: 'GET', url: `/api/v1/autologin?id=${encodeURIComponent(token)}` });
    expect(used.statusCode).toBe(200);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email_id: user.email, password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);

    expect(app.log.level).toBe('debug');
    const log = lines.join('');
    expect(log).toContain('mail kept in outbox');
    expect(log).toContain('/api/v1/autologin?id=');
    for (const secret of [token, encodeURIComponent(token), DEMO_PASSWORD, user.token, signedIn.json().data.token])
      expect(log).not.toContain(secret);
  });
});

describe('watchEventLoop', () => {
  it('warns, with how long, when a synchronous task held the event loop', async () => {
    const warnings: { stalledMs: number; msg: string }[] = [];
    const stop = watchEventLoop(
      { warn: (fields: { stalledMs: number }, msg: string) => warnings.push({ ...fields, msg }) },
      100,
    );
    const until = performance.now() + EVENT_LOOP_STALL_MS + 500;
    while (performance.now() < until); // the stall
    await vi.waitFor(() => expect(warnings).not.toHaveLength(0), { timeout: 10_000, interval: 50 });
    stop();
    expect(warnings[0]).toMatchObject({ msg: 'event loop stalled' });
    expect(warnings[0].stalledMs).toBeGreaterThanOrEqual(EVENT_LOOP_STALL_MS);
  });
});
