import { createHash } from 'node:crypto';
import pg from 'pg';
import { openPool } from './pool.ts';

/**
 * Reads whose plan does not depend on their parameters, run as named statements planned once per connection
 * (docs/decisions/028, session 15).
 *
 * A list led by the tenant GIN has one plan whatever it filters on, yet as an unnamed statement PostgreSQL parses
 * and plans it for every request. PostgreSQL's plan cache keeps choosing custom plans for it
 * (the generic one's estimate is the higher), so these connections force the generic plan. They are a pool of their
 * own: the setting must not reach the application's other statements, whose plans do depend on their parameters.
 */
export type PlannedReads = {
  /** Runs a read and answers its rows as arrays of values, bigints as numbers. */
  read(query: { sql: string; params: unknown[] }): Promise<unknown[][]>;
  close(): Promise<void>;
};

/**
 * Statements a connection keeps. A connection that would hold more is closed rather than told to forget one:
 * its statements go with it, and the pool opens another. The bound changes speed, never results.
 */
export const STATEMENTS_PER_CONNECTION = 64;

const parseBigint = (value: string) => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? parseBigint
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPlannedReads(connectionString: string, max: number): PlannedReads {
  const pool = openPool({ connectionString, max, options: '-c plan_cache_mode=force_generic_plan' });
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async read({ sql, params }) {
      const name = `planned_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      const client = await pool.connect();
      const names = prepared.get(client) ?? new Set<string>();
      prepared.set(client, names);
      try {
        const result = await client.query({ name, text: sql, values: params, rowMode: 'array', types });
        names.add(name);
        client.release(names.size >= STATEMENTS_PER_CONNECTION);
        return result.rows as unknown[][];
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
