import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openPool } from './pool.ts';

/** The pool exists on PostgreSQL only (the CI run); PGlite is one connection in the process. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  let pool: pg.Pool;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  beforeAll(() => {
    pool = openPool({ connectionString: process.env.TEST_DATABASE_URL!, max: 2 });
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await pool.end();
  });

  it('runs reads started side by side in a transaction one after another, in order, without pg warning', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const started: number[] = [];
      const reads = [3, 1, 2].map((value) => {
        started.push(value);
        return client.query('select $1::int as value, clock_timestamp() as at, pg_sleep(0.02)', [value]);
      });
      const answers = await Promise.all(reads);
      await client.query('commit');
      expect(answers.map((answer) => answer.rows[0].value)).toEqual([3, 1, 2]);
      const times = answers.map((answer) => (answer.rows[0].at as Date).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // pg warns once per process; give it the tick it takes to emit.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('goes on after a query in the queue fails: the next one answers', async () => {
    const client = await pool.connect();
    try {
      const [failed, next] = await Promise.allSettled([
        client.query('select 1 / $1::int as value', [0]),
        client.query('select 2 as value'),
      ]);
      expect(failed.status).toBe('rejected');
      expect(next.status === 'fulfilled' && next.value.rows[0].value).toBe(2);
    } finally {
      client.release();
    }
  });
});
