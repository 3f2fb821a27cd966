import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlannedReads, STATEMENTS_PER_CONNECTION, type PlannedReads } from './planned-reads.ts';

/** Planned reads exist on PostgreSQL only (the CI run); PGlite plans every statement as it comes. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('planned reads (PostgreSQL)', () => {
  let reads: PlannedReads;
  beforeAll(() => {
    reads = openPlannedReads(process.env.TEST_DATABASE_URL!, 1);
  });
  afterAll(() => reads.close());

  /** How many named statements the connection that runs this read holds, this one included. */
  const heldWith = async (variant: number) => {
    const [[held]] = await reads.read({
      sql: `select count(*) from pg_prepared_statements where $1::int = ${variant}`,
      params: [variant],
    });
    return held as number;
  };

  it('answers rows as arrays, bigints as numbers and JSON parsed, on a generic plan', async () => {
    const rows = await reads.read({
      sql: `select $1::bigint, $2::jsonb, current_setting('plan_cache_mode')`,
      params: [9_007_199_254_740_991n.toString(), '{"a": [1]}'],
    });
    expect(rows).toEqual([[9_007_199_254_740_991, { a: [1] }, 'force_generic_plan']]);
  });

  it('prepares a statement once per connection and keeps at most the bound', async () => {
    const first = await heldWith(0);
    expect(await heldWith(0)).toBe(first);
    const held: number[] = [];
    for (let variant = 1; variant <= 2 * STATEMENTS_PER_CONNECTION; variant += 1) held.push(await heldWith(variant));
    expect(Math.max(...held)).toBe(STATEMENTS_PER_CONNECTION);
    // The connection that reached the bound was closed: the next one starts with the statement it runs.
    expect(held).toContain(1);
  });

  it('gives a statement that fails back as an error, and goes on', async () => {
    await expect(reads.read({ sql: 'select 1 / $1::int', params: [0] })).rejects.toThrow(/division by zero/);
    expect(await reads.read({ sql: 'select 1 / $1::int', params: [1] })).toEqual([[1]]);
  });
});
