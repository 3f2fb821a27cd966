import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { IN_MEMORY, type Config } from '../config.ts';
import { openPlannedReads, type PlannedReads } from './planned-reads.ts';
import { openPool } from './pool.ts';

/** One query interface over PGlite and PostgreSQL: the same dialect, the same migrations. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * A statement every request runs, built once per database handle and sent as a named prepared statement: PostgreSQL
 * parses and plans it once per connection instead of on every call (PGlite runs it as a plain query).
 */
export function preparedStatement<T>(build: (db: Tx) => T): (db: Tx) => T {
  const built = new WeakMap<Tx, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const plannedReadsOf = new WeakMap<object, PlannedReads>();

/** The database's reads planned once per connection (planned-reads.ts): PostgreSQL's, outside a transaction. */
export function plannedReads(db: Tx): PlannedReads | undefined {
  return plannedReadsOf.get(db);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Calls `onNotify` for every NOTIFY on `channel` (after the notifying transaction commits); answers the unlisten. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/** Connections of the planned reads, beside the pool's 16; the bench's 16 clients shared 8 (decision 028, session 15). */
const PLANNED_READ_CONNECTIONS = 8;

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/** `loadDataDir`: an embedded database starts as this dump of another (`dumpDataDir`) instead of empty. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & { loadDataDir?: Blob },
): Promise<Database> {
  if (config.databaseUrl) {
    // Up to JOB_CONCURRENCY (8 by default) jobs hold a connection for their transaction; requests use the rest.
    const pool = openPool({ connectionString: config.databaseUrl, max: 16 });
    const db = drizzlePg(pool);
    const planned = openPlannedReads(config.databaseUrl, PLANNED_READ_CONNECTIONS);
    plannedReadsOf.set(db, planned);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: (channel, onNotify) => listenOnPostgres(config.databaseUrl!, channel, onNotify),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await planned.close();
        await pool.end();
      },
    };
  }
  const dataPath = config.dataDir === IN_MEMORY ? undefined : path.join(config.dataDir, 'db');
  if (dataPath) fs.mkdirSync(dataPath, { recursive: true });
  // pg_trgm: typo-tolerant search and autocomplete in the marketplace (docs/decisions/012).
  const client = await PGlite.create(dataPath, { extensions: { pg_trgm }, loadDataDir: config.loadDataDir });
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

const RECONNECT_MS = 2_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped connection
 * is replaced after a pause; what was notified meanwhile is found by the listener's own polling.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => {
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
