import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import { createJobRunner, JOB_PRIORITY, type JobRunner } from './jobs.ts';

/*
 * The runner of decision 049 on its own queues (the app's runner knows none of them, so it never claims
 * their rows): claims in batches, priorities, turns between companies, failures inside a batch, handlers
 * that throw odd values or hang, and a stop that releases what it could not finish.
 */
describe('the job runner’s batches, priorities and turns', () => {
  let app: FastifyInstance;
  let prefix = 0;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A runner of one lane unless told; its queues are named after the test, so tests never see each other's rows. */
  function runner(options: { batchSize?: number; leaseMs?: number; concurrency?: number } = {}) {
    prefix += 1;
    const jobs = createJobRunner({
      database: app.database,
      log: app.log,
      concurrency: options.concurrency ?? 1,
      batchSize: options.batchSize ?? 4,
      leaseMs: options.leaseMs,
    });
    return { jobs, queue: (name: string) => `test.${prefix}.${name}` };
  }

  const enqueue = (jobs: JobRunner, list: Parameters<JobRunner['enqueue']>[1]) =>
    app.db.transaction((tx) => jobs.enqueue(tx, list));

  /** A row the handler writes in its transaction: it exists only if that transaction committed. */
  const mark = (tx: Tx, name: string) =>
    tx.execute(sql`insert into domain_events (name, payload) values ('test.mark', ${JSON.stringify({ name })}::jsonb)`);
  const marks = async (names: string[]) => {
    const rows = rowsOf<{ name: string; n: number }>(
      await app.db.execute(sql`select payload->>'name' as name, count(*)::int as n from domain_events
        where name = 'test.mark' and payload->>'name' in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}) group by 1`),
    );
    return Object.fromEntries(names.map((name) => [name, rows.find((row) => row.name === name)?.n ?? 0]));
  };
  const states = async (queue: string) =>
    rowsOf<{ key: string; status: string; attempts: number; last_error: string | null }>(
      await app.db.execute(sql`select key, status, attempts, last_error from jobs where queue = ${queue} order by id`),
    );

  it('claims the most urgent priority first and lets companies take turns within one', async () => {
    const { jobs, queue } = runner({ batchSize: 4 });
    const order: string[] = [];
    const record = async (job: { key: string | null }) => void order.push(job.key!);
    jobs.define(queue('normal'), { kind: 'plain', run: record });
    jobs.define(queue('loop'), { kind: 'plain', priority: JOB_PRIORITY.loop, run: record });
    // One company's import of 40 jobs is queued before another company's one job and an urgent one.
    await enqueue(
      jobs,
      Array.from({ length: 40 }, (_, n) => ({ queue: queue('normal'), key: `a${n}`, fairnessKey: 'company-a' })),
    );
    await enqueue(jobs, [{ queue: queue('normal'), key: 'b0', fairnessKey: 'company-b' }]);
    await enqueue(jobs, [{ queue: queue('loop'), key: 'urgent', fairnessKey: 'company-a' }]);
    await jobs.drain();

    expect(order).toHaveLength(42);
    // The first claim (4 jobs): the urgent one, then company B's only job beside company A's oldest.
    expect(order.slice(0, 4).sort()).toEqual(['a0', 'a1', 'b0', 'urgent']);
    expect(order.filter((key) => key.startsWith('a'))).toEqual(Array.from({ length: 40 }, (_, n) => `a${n}`));
    expect(jobs.priorityOf(queue('loop'))).toBeLessThan(jobs.priorityOf(queue('normal')));
  });

  it('lets background work hold one lane in four at most, whatever its companies, and a quote’s lead runs beside it', async () => {
    // Four lanes on PostgreSQL, two on PGlite: background work may hold one either way.
    const { jobs, queue } = runner({ batchSize: 2, concurrency: 4 });
    let running = 0;
    let most = 0;
    let firstBegun!: () => void;
    const begun = new Promise<void>((resolve) => (firstBegun = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let urgentDone!: () => void;
    const urgent = new Promise<void>((resolve) => (urgentDone = resolve));
    jobs.define(queue('rescore'), {
      kind: 'plain',
      priority: JOB_PRIORITY.rescoring,
      async run() {
        running += 1;
        most = Math.max(most, running);
        firstBegun();
        await gate;
        running -= 1;
      },
    });
    jobs.define(queue('lead'), { kind: 'plain', priority: JOB_PRIORITY.loop, run: async () => urgentDone() });
    // Four companies' rescoring: turns between companies alone would give them every lane.
    await enqueue(
      jobs,
      Array.from({ length: 12 }, (_, n) => ({
        queue: queue('rescore'),
        key: `r${n}`,
        fairnessKey: `company-${n % 4}`,
      })),
    );
    await jobs.start();
    await begun;
    await enqueue(jobs, [{ queue: queue('lead'), key: 'quote', fairnessKey: 'company-9' }]);
    await urgent;
    // Counted while the gate holds them: the drain below runs the rest without the runner's lanes.
    expect([running, most]).toEqual([1, 1]);
    openGate();
    await jobs.drain();
    await jobs.stop();
    expect((await states(queue('rescore'))).every((row) => row.status === 'done')).toBe(true);
  });

  it('completes a batch in one transaction, and a failure in it is the failing job’s only', async () => {
    const { jobs, queue } = runner({ batchSize: 8 });
    const runs = new Map<string, number>();
    // Thrown values that are not Errors, even `undefined`, are failures with a readable last error.
    const failures: Record<string, unknown> = { odd2: undefined, odd3: { code: 'E_ODD' }, odd4: 'plain text' };
    jobs.define(queue('batch'), {
      kind: 'transaction',
      maxAttempts: 1,
      async run(job, { tx }) {
        runs.set(job.key!, (runs.get(job.key!) ?? 0) + 1);
        await mark(tx, `${queue('batch')}:${job.key}`);
        if (job.key! in failures) throw failures[job.key!];
      },
    });
    const keys = ['ok1', 'odd2', 'odd3', 'odd4', 'ok5', 'ok6'];
    await enqueue(
      jobs,
      keys.map((key) => ({ queue: queue('batch'), key })),
    );
    await jobs.drain();

    const rows = await states(queue('batch'));
    expect(rows.map((row) => [row.key, row.status, row.attempts])).toEqual([
      ['ok1', 'done', 1],
      ['odd2', 'failed', 1],
      ['odd3', 'failed', 1],
      ['odd4', 'failed', 1],
      ['ok5', 'done', 1],
      ['ok6', 'done', 1],
    ]);
    expect(rows.map((row) => row.last_error)).toEqual([
      null,
      'undefined',
      '{"code":"E_ODD"}',
      'plain text',
      null,
      null,
    ]);
    // Each delivered job's writes committed exactly once (the batch that failed was rolled back whole).
    const committed = await marks(keys.map((key) => `${queue('batch')}:${key}`));
    expect(Object.values(committed)).toEqual([1, 0, 0, 0, 1, 1]);
    // The first attempt ran in the shared transaction, the rerun alone.
    expect(runs.get('ok1')).toBe(2);
  });

  it('gives up on a handler that hangs past its share of the lease, and the queue goes on', async () => {
    const { jobs, queue } = runner({ batchSize: 4, leaseMs: 400 });
    jobs.define(queue('hang'), {
      kind: 'transaction',
      maxAttempts: 1,
      async run(job, { tx }) {
        if (job.key === 'stuck') await new Promise(() => {});
        await mark(tx, `${queue('hang')}:${job.key}`);
      },
    });
    await enqueue(jobs, [
      { queue: queue('hang'), key: 'stuck' },
      { queue: queue('hang'), key: 'next1' },
      { queue: queue('hang'), key: 'next2' },
    ]);
    await jobs.drain();

    const rows = await states(queue('hang'));
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['stuck', 'failed'],
      ['next1', 'done'],
      ['next2', 'done'],
    ]);
    expect(rows[0].last_error).toMatch(/did not finish within 200 ms/);
    expect(await marks([`${queue('hang')}:next1`, `${queue('hang')}:next2`])).toEqual({
      [`${queue('hang')}:next1`]: 1,
      [`${queue('hang')}:next2`]: 1,
    });
  });

  it('stops within its grace: what is still running is rolled back and queued again, the attempt not counted', async () => {
    const { jobs, queue } = runner({ batchSize: 4 });
    let begun!: () => void;
    const running = new Promise<void>((resolve) => (begun = resolve));
    jobs.define(queue('slow'), {
      kind: 'transaction',
      async run(job, { tx }) {
        await mark(tx, `${queue('slow')}:${job.key}`);
        begun();
        await new Promise(() => {});
      },
    });
    await enqueue(jobs, [{ queue: queue('slow'), key: 'long' }]);
    await jobs.start();
    await running;
    await jobs.stop({ graceMs: 100 });

    expect((await states(queue('slow'))).map((row) => [row.key, row.status, row.attempts])).toEqual([
      ['long', 'queued', 0],
    ]);
    expect(await marks([`${queue('slow')}:long`])).toEqual({ [`${queue('slow')}:long`]: 0 });
  });
});
