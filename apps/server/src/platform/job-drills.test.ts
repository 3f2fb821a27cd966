import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, settled, type TestUser } from '../../test/helpers.ts';
import { operatorOf } from '../modules/market/test-support.ts';

type JobView = { id: number; queue: string; status: string; attempts: number; last_error: string; company_id: number };

describe('drills (JOB_DRILLS_FILE): deliveries that fail on purpose', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-drills-'));
  const file = path.join(dir, 'drills.json');
  let app: FastifyInstance;
  let operator: TestUser;
  let ran: string[] = [];

  const enqueue = (...jobs: { queue: string; name: string; company: string }[]) =>
    app.db.transaction((tx) =>
      app.jobs.enqueue(
        tx,
        jobs.map(({ queue, name, company }) => ({ queue, payload: { name }, fairnessKey: company })),
      ),
    );
  const failed = async (queue: string) => {
    const response = await as(app, operator, {
      method: 'GET',
      url: `/api/v1/operator/jobs?status=failed&queue=${queue}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.data as JobView[];
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_DRILLS_FILE: file });
    app.jobs.define('test.lead', {
      kind: 'transaction',
      run: async (job) => void ran.push((job.payload as { name: string }).name),
    });
    app.jobs.define('test.mail', {
      kind: 'plain',
      run: async (job) => void ran.push((job.payload as { name: string }).name),
    });
    await app.ready();
    operator = await operatorOf(app);
  });
  beforeEach(() => {
    ran = [];
    fs.rmSync(file, { force: true });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails the named company’s deliveries for good at once, with the drill’s error, and lets the rest through', async () => {
    const error = 'The CRM’s storage is down (a drill)';
    fs.writeFileSync(file, JSON.stringify([{ queue: 'test.lead', company: 7, error }, { queue: 'test.mail' }]));
    // One batch: the drilled job's failure is its own, not its neighbour's.
    await enqueue(
      { queue: 'test.lead', name: 'lead of 7', company: '7' },
      { queue: 'test.lead', name: 'lead of 8', company: '8' },
      { queue: 'test.mail', name: 'mail of 8', company: '8' },
    );
    await settled(app);
    // A batch that failed is run again job by job: what a handler did in it (here, in memory) may repeat.
    expect(new Set(ran)).toEqual(new Set(['lead of 8']));
    const [lead] = await failed('test.lead');
    expect(lead).toMatchObject({ status: 'failed', attempts: 1, last_error: error, company_id: 7 });
    const [mail] = await failed('test.mail');
    expect(mail).toMatchObject({ attempts: 1, last_error: 'This delivery failed in a drill (JOB_DRILLS_FILE).' });

    // The drill ends; the operator's retry delivers both.
    fs.writeFileSync(file, '[]');
    for (const { id } of [lead, mail]) {
      const retried = await as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/retry/${id}` });
      expect(retried.statusCode).toBe(200);
    }
    await settled(app);
    expect(new Set(ran)).toEqual(new Set(['lead of 7', 'lead of 8', 'mail of 8']));
    expect(await failed('test.lead')).toEqual([]);
  });

  it.each([
    ['half written', '[{"queue": "test.le'],
    ['not a list', '{"queue": "test.lead"}'],
    ['a company given as text', '[{"queue": "test.lead", "company": "9"}]'],
    ['another queue', '[{"queue": "test.other"}]'],
  ])('drills nothing from a file that is %s', async (_case, text) => {
    fs.writeFileSync(file, text);
    await enqueue({ queue: 'test.lead', name: 'lead of 9', company: '9' });
    await settled(app);
    expect(ran).toEqual(['lead of 9']);
  });
});
