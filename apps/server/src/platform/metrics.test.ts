import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestUser } from '../../test/helpers.ts';
import { personOf } from '../modules/crm/test-support.ts';
import { operatorOf } from '../modules/market/test-support.ts';

const METRICS_TOKEN = 'metrics-token-of-the-test-0123456789';
const PROMTOOL = '/usr/bin/promtool';

/** The value of one sample line (`name{labels} value`) whose name and labels contain every part given. */
function sample(text: string, name: string, ...parts: string[]) {
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}{`) && parts.every((part) => candidate.includes(part)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics, /ready and /live (issue 41, acceptance 6)', () => {
  let app: FastifyInstance;
  let operator: TestUser;
  let buyer: TestUser;
  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN });
    await app.ready();
    operator = await operatorOf(app);
    buyer = await personOf(app, 'buyer', { name: 'Curious Buyer' });
  });
  afterAll(() => app.close());

  it('answers 401 to anonymous callers and wrong tokens, 403 to a user who is no operator', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await as(app, buyer, { method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const byOperator = await as(app, operator, { method: 'GET', url: '/metrics' });
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.body).toContain('tradeloop_http_requests_total');
  });

  it('counts and times answers by route pattern and status', async () => {
    const before = sample(
      await scrape(),
      'tradeloop_http_request_duration_seconds_count',
      'route="/api/v1/operator/jobs/retry/:id"',
      'status="404"',
    );
    for (const id of [999_999_001, 999_999_002, 999_999_003]) {
      const response = await as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/retry/${id}` });
      expect(response.statusCode).toBe(404);
    }
    const text = await scrape();
    const labels = ['method="POST"', 'route="/api/v1/operator/jobs/retry/:id"', 'status="404"'];
    expect(sample(text, 'tradeloop_http_request_duration_seconds_count', ...labels)).toBe((before ?? 0) + 3);
    expect(sample(text, 'tradeloop_http_requests_total', ...labels)).toBe((before ?? 0) + 3);
    // Every answer falls in the +Inf bucket; the path's ids never become labels.
    expect(sample(text, 'tradeloop_http_request_duration_seconds_bucket', ...labels, 'le="+Inf"')).toBe(
      (before ?? 0) + 3,
    );
    expect(text).not.toContain('999999001');
  });

  it('reports each queue’s depth and the age of its oldest waiting job', async () => {
    // A queue no runner here knows: its jobs stay where they are.
    await app.db.transaction((tx) =>
      app.jobs.enqueue(tx, [
        { queue: 'test.metrics.idle', key: 'one' },
        { queue: 'test.metrics.idle', key: 'two' },
        { queue: 'test.metrics.idle', key: 'three' },
      ]),
    );
    const text = await scrape();
    expect(sample(text, 'tradeloop_jobs_queued', 'queue="test.metrics.idle"')).toBe(3);
    expect(sample(text, 'tradeloop_jobs_oldest_waiting_seconds', 'queue="test.metrics.idle"')).toBeGreaterThanOrEqual(
      0,
    );
    expect(text).toMatch(/^tradeloop_socket_connections \d+$/m);
  });

  it.skipIf(!fs.existsSync(PROMTOOL))('is accepted by promtool check metrics', async () => {
    const text = await scrape();
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('answers /live always and /ready when the database is there and migrated', async () => {
    const live = await app.inject({ method: 'GET', url: '/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toMatchObject({ database: 'ok', migrations: 'ok' });
  });
});
