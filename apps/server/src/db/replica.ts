import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';
import { openPool } from './pool.ts';

/**
 * Public reads that tolerate replication lag, answered by streaming replicas when DATABASE_REPLICA_URLS names
 * some (docs/decisions/060): the marketplace search and its suggestions for anonymous visitors and buyers, each
 * read on the next replica in turn. A caller acting in a company (a seller or its sub-user) reads from the
 * primary, so a seller's edit shows to the seller at once. A replica that cannot answer (refused, dropped, timed
 * out, cancelled by recovery) hands the same read to the primary and is left alone for a few seconds, so requests
 * meanwhile do not each wait for it to fail.
 */

export type ReadPool = 'replica' | 'primary';

export type PublicReads = {
  /** Runs `read` on the pool the caller's reads go to (above); a replica that fails hands it to the primary. */
  run<T>(caller: { companyId: number | null } | null, read: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** How long a replica that failed is left alone before a read tries it again. */
export const REPLICA_PAUSE_MS = 5_000;
/** A replica that does not accept a connection within this is taken as down. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Connections to the replica; the primary keeps its own 16 for everything else. */
const REPLICA_CONNECTIONS = 8;

/** Node's socket errors and PostgreSQL's SQLSTATEs that say the server, not the statement, failed. */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const DOWN_STATES = new Set(['57P01', '57P02', '57P03', '53300', '40001']);
const DOWN_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/**
 * The replica cannot answer: no connection (refused, reset, timed out, too many), the connection was ended
 * (shutdown, restart), a connection exception (class 08), or a conflict with recovery (40001 on a standby). The
 * driver wraps the cause (drizzle's query error), so the chain is followed.
 */
export function replicaUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (DOWN_CODES.has(code) || DOWN_STATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (DOWN_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

type Replica = { db: Db; close(): Promise<void> };

/** A read-only pool on the replica: a replica address that names a primary by mistake still writes nothing. */
export function openReplica(url: string): Replica {
  const pool = openPool({
    connectionString: url,
    max: REPLICA_CONNECTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: '-c default_transaction_read_only=on',
  });
  return { db: drizzle(pool) as unknown as Db, close: () => pool.end() };
}

export function createPublicReads(options: {
  primary: Db;
  replicas?: Replica[];
  log: FastifyBaseLogger;
  /** Counts each read by the pool that answered it (the metric). */
  answered?: (pool: ReadPool) => void;
  now?: () => number;
}): PublicReads {
  const { primary, log, answered = () => {}, now = Date.now } = options;
  /** Each replica with until when it is left alone, and whether it is down (to warn and recover once). */
  const replicas = (options.replicas ?? []).map((replica, index) => ({
    ...replica,
    name: `replica ${index + 1}`,
    pausedUntil: 0,
    down: false,
  }));
  let turn = 0;
  /** The next replica in turn that is not left alone; none: the primary answers. */
  const nextReplica = () => {
    for (let tried = 0; tried < replicas.length; tried += 1) {
      const replica = replicas[turn++ % replicas.length];
      if (now() >= replica.pausedUntil) return replica;
    }
    return undefined;
  };

  const onPrimary = async <T>(read: (db: Db) => Promise<T>) => {
    const result = await read(primary);
    answered('primary');
    return result;
  };

  return {
    async run<T>(caller: { companyId: number | null } | null, read: (db: Db) => Promise<T>): Promise<T> {
      const replica = caller?.companyId != null ? undefined : nextReplica();
      if (!replica) return onPrimary(read);
      let result: T;
      try {
        result = await read(replica.db);
      } catch (error) {
        if (!replicaUnavailable(error)) throw error;
        replica.pausedUntil = now() + REPLICA_PAUSE_MS;
        if (!replica.down) {
          replica.down = true;
          log.warn(
            { err: error },
            `read ${replica.name} unavailable; its reads go to the primary, and it is tried again every ${REPLICA_PAUSE_MS / 1000} s`,
          );
        }
        return onPrimary(read);
      }
      if (replica.down) {
        replica.down = false;
        log.info(`read ${replica.name} answers again; public reads go to it`);
      }
      answered('replica');
      return result;
    },
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.close()));
    },
  };
}
