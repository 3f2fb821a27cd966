import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { rowsOf, sqlList } from '../db/sql.ts';
import type { JobStatus } from './tables.ts';
import { outsideCaller } from './caller-context.ts';

/*
 * The one job runner (docs/decisions/022). Every piece of background work is a row in `jobs`: an event's
 * delivery to one subscriber, a periodic pass (reminders, log pruning), an e-mail to send. Any instance
 * claims due rows of the queues it knows with FOR UPDATE SKIP LOCKED under a lease, so several instances
 * share the work and none takes a row another holds. A worker that dies leaves its lease to run out and
 * the row goes back to the queue. Failures retry with a growing back-off; after `maxAttempts` the job
 * stays `failed`, with its last error, for the operator to see and retry, and never holds up the rows
 * behind it. The runner is woken by NOTIFY when a job is written, and polls besides.
 */

export const JOBS_CHANNEL = 'tradeloop_jobs';
/** How long a claimed job is its worker's; past it, the job is taken to have died with its worker. */
export const JOB_LEASE_MS = 60_000;
/** Look for due work at least this often (NOTIFY wakes the runner sooner). */
export const JOB_POLL_MS = 1_000;
export const DEFAULT_MAX_ATTEMPTS = 10;
const DRAIN_LIMIT_MS = 60_000;

/** Wait before attempt n + 1: a second, doubling, at most ten minutes. */
export function jobBackoffMs(attempts: number) {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export type ClaimedJob = {
  id: number;
  queue: string;
  key: string | null;
  eventId: number | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

export type TransactionContext<Prepared> = {
  tx: Tx;
  prepared: Prepared;
  /** Runs once the job's transaction has committed (a live push to open tabs …). */
  afterCommit(effect: () => void): void;
};

/**
 * What a queue does with its jobs.
 * - `transaction`: the handler's writes and the job's completion commit together, so a job whose work was
 *   committed is never run again. `prepare` runs first, outside it (reads of process caches: PGlite has one
 *   connection, and a read outside a transaction would wait for it).
 * - `plain`: the handler runs on the database and must be idempotent itself (a pass over due reminders,
 *   an e-mail handed to SMTP); the job is marked done after it.
 */
export type QueueDefinition =
  | {
      kind: 'transaction';
      maxAttempts?: number;
      prepare?: (db: Db) => Promise<unknown>;
      run(job: ClaimedJob, context: TransactionContext<unknown>): Promise<unknown>;
    }
  | { kind: 'plain'; maxAttempts?: number; run(job: ClaimedJob, db: Db): Promise<void> };

export type NewJob = {
  queue: string;
  key?: string | null;
  eventId?: number;
  payload?: unknown;
  maxAttempts?: number;
  /** Not before this time (a delayed check); now when absent. */
  runAt?: Date;
};

/** An event's delivery to one subscriber's queue: keyed by the event's id, or by `key` when it coalesces. */
export type EventDelivery = { queue: string; coalesceKey?: string; maxAttempts?: number };

/** Keys of coalescing jobs begin so; a claimed one ends in `#<id>`. */
const COALESCED = 'coalesce:';

export type JobRunner = {
  define(queue: string, definition: QueueDefinition): void;
  /** Writes jobs in the caller's transaction; they run once it commits. Answers their ids. */
  enqueue(tx: Tx, jobs: NewJob[]): Promise<number[]>;
  /**
   * Writes an outbox event and its deliveries (keyed by the event's id unless they coalesce) in one
   * statement of the caller's transaction. Answers the event's id.
   */
  enqueueEvent(tx: Tx, event: { name: string; payload: unknown }, deliveries: EventDelivery[]): Promise<number>;
  /** A job that runs every `intervalMs` on whichever instance claims it first (one row per queue). */
  every(queue: string, intervalMs: number, run: (db: Db) => Promise<void>): void;
  /** Makes a periodic job due now. */
  wake(queue: string): Promise<void>;
  /** Work of this process only (flushing its own counters), run every `intervalMs` and once more on stop. */
  local(name: string, intervalMs: number, run: () => Promise<void>): void;
  start(): Promise<void>;
  /** Stops claiming, waits for the jobs under way, runs the local work a last time. */
  stop(): Promise<void>;
  /** Runs every due job of the known queues until none is left (tests, benchmarks, `mailer.send`). */
  drain(options?: { only?: number[] }): Promise<void>;
  readonly workerId: string;
};

type Options = {
  database: Database;
  log: FastifyBaseLogger;
  /** Jobs run at once by this instance; 0: it runs none (another instance does). */
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
};

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2_000) || 'failed without a message';

export function createJobRunner(options: Options): JobRunner {
  const { database, log, concurrency } = options;
  const db = database.db;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const queues = new Map<string, QueueDefinition>();
  const periodic = new Map<string, number>();
  const locals: { name: string; intervalMs: number; run: () => Promise<void>; timer?: NodeJS.Timeout }[] = [];
  const active = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let ticking: Promise<void> | null = null;
  let tickAgain = false;
  let poller: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const attemptsOf = (job: { queue: string; maxAttempts?: number }) =>
    job.maxAttempts ?? queues.get(job.queue)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  async function claim(limit: number, only?: number[]): Promise<ClaimedJob[]> {
    if (queues.size === 0 || limit <= 0) return [];
    const scope = only ? sql`and id = any(array[${sqlList(only)}]::bigint[])` : sql``;
    const rows = rowsOf<ClaimedJob>(
      await db.execute(sql`
        with next as (
          select id from jobs
          where status = 'queued' and run_at <= now() and queue in (${sqlList([...queues.keys()])}) ${scope}
          order by run_at, id limit ${limit} for update skip locked)
        update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
          key = case when j.key like ${`${COALESCED}%`} and strpos(j.key, '#') = 0 then j.key || '#' || j.id else j.key end,
          locked_until = now() + ${`${leaseMs} milliseconds`}::interval
        from next where j.id = next.id
        returning j.id::float8 as "id", j.queue, j.key, j.event_id::float8 as "eventId", j.payload, j.attempts,
          j.max_attempts as "maxAttempts"`),
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The job leaves `running`: done, back to the queue later (periodic, or a retry), or failed for good. */
  function settle(tx: Tx, job: ClaimedJob, outcome: { error?: unknown }): Promise<unknown> {
    const mine = sql`id = ${job.id}::bigint and locked_by = ${workerId} and status = 'running'`;
    const interval = periodic.get(job.queue);
    if (outcome.error === undefined) {
      if (interval !== undefined) {
        return tx.execute(sql`update jobs set status = 'queued', attempts = 0, locked_by = null, locked_until = null,
          last_error = null, finished_at = now(), run_at = now() + ${`${interval} milliseconds`}::interval
          where ${mine} returning id`);
      }
      return tx.execute(sql`update jobs set status = 'done', locked_by = null, locked_until = null, finished_at = now()
        where ${mine} returning id`);
    }
    const retryIn =
      interval === undefined ? jobBackoffMs(job.attempts) : Math.min(interval, jobBackoffMs(job.attempts));
    const givesUp = interval === undefined && job.attempts >= job.maxAttempts;
    return tx.execute(sql`update jobs set status = ${givesUp ? 'failed' : 'queued'}, locked_by = null,
      locked_until = null, last_error = ${errorText(outcome.error)}, finished_at = ${givesUp ? sql`now()` : sql`null`},
      run_at = now() + ${`${retryIn} milliseconds`}::interval where ${mine}`);
  }

  class LostLease extends Error {}

  async function runInTransaction(job: ClaimedJob, definition: Extract<QueueDefinition, { kind: 'transaction' }>) {
    const prepared = definition.prepare ? await definition.prepare(db) : undefined;
    const effects: (() => void)[] = [];
    await db.transaction(async (tx) => {
      // Completing first takes the row's lock: a second worker holding a stale claim waits, then finds it done.
      if (rowsOf(await settle(tx, job, {})).length === 0) throw new LostLease();
      await definition.run(job, { tx, prepared, afterCommit: (effect) => effects.push(effect) });
    });
    for (const effect of effects) {
      try {
        effect();
      } catch (error) {
        log.warn({ err: error, jobId: job.id }, 'effect after a job failed');
      }
    }
  }

  async function runJob(job: ClaimedJob) {
    const definition = queues.get(job.queue)!;
    try {
      if (definition.kind === 'transaction') await runInTransaction(job, definition);
      else {
        await definition.run(job, db);
        await settle(db, job, {});
      }
    } catch (error) {
      if (error instanceof LostLease) return;
      log.warn({ err: error, jobId: job.id, queue: job.queue, attempts: job.attempts }, 'job failed');
      await settle(db, job, { error }).catch((settleError: unknown) =>
        log.error({ err: settleError, jobId: job.id }, 'could not record a job failure'),
      );
    }
  }

  function track(promise: Promise<void>) {
    active.add(promise);
    void promise.finally(() => {
      active.delete(promise);
      if (!stopped) void tick();
    });
  }

  /** Claims what the free slots allow and starts it; claims again while batches come back full. */
  function tick(): Promise<void> {
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        tickAgain = false;
        const free = concurrency - active.size;
        if (stopped || free <= 0) break;
        const claimed = await claim(free);
        // A job is nobody's request: a tick woken by a request's NOTIFY must not run under its caller's role.
        for (const job of claimed) track(outsideCaller(() => runJob(job)));
        if (claimed.length === free) tickAgain = true;
      } while (tickAgain && !stopped);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'job runner could not claim work'))
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }

  /** Jobs whose worker died with them: back to the queue, or failed when they had no attempt left. */
  async function rescueExpired() {
    await db.execute(sql`update jobs set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
      finished_at = case when attempts >= max_attempts then now() end, locked_by = null, locked_until = null,
      last_error = coalesce(last_error || '; ', '') || 'the worker stopped before finishing (lease ran out)'
      where status = 'running' and locked_until < now()`);
  }

  let polls = 0;
  async function poll() {
    polls += 1;
    if (polls % 5 === 1) await rescueExpired().catch((error: unknown) => log.warn({ err: error }, 'job rescue'));
    await tick();
  }

  async function ensurePeriodic() {
    for (const queue of periodic.keys()) {
      await db.execute(sql`insert into jobs (queue, key, max_attempts) values (${queue}, 'every', 2147483647)
        on conflict (queue, key) do update set status = 'queued', run_at = now()
        where jobs.status in ('done', 'failed')`);
    }
  }

  return {
    workerId,
    define(queue, definition) {
      if (queues.has(queue)) throw new Error(`queue ${queue} is defined twice`);
      queues.set(queue, definition);
    },
    async enqueue(tx, list) {
      if (list.length === 0) return [];
      const values = list.map(
        (job) =>
          sql`(${job.queue}, ${job.key ?? null}, ${job.eventId ?? null}::bigint, ${JSON.stringify(job.payload ?? {})}::jsonb, ${attemptsOf(job)}, coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()))`,
      );
      // The jobs and the wake-up in one round trip.
      const rows = rowsOf<{ id: number | null }>(
        await tx.execute(sql`with written as (insert into jobs (queue, key, event_id, payload, max_attempts, run_at)
            values ${sql.join(values, sql`, `)} on conflict (queue, key) do nothing returning id::float8 as "id"),
          woken as (select pg_notify(${JOBS_CHANNEL}, ''))
          select id from written union all select null from woken`),
      );
      return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
    },
    async enqueueEvent(tx, event, deliveries) {
      const payload = JSON.stringify(event.payload);
      const written = sql`event as (insert into domain_events (name, payload) values (${event.name}, ${payload}::jsonb)
        returning id, payload)`;
      if (deliveries.length === 0) {
        const [row] = rowsOf<{ id: number }>(
          await tx.execute(sql`with ${written} select id::float8 as "id" from event`),
        );
        return row.id;
      }
      const insert = (list: EventDelivery[], conflict: SQL) =>
        sql`insert into jobs (queue, key, event_id, payload, max_attempts, run_at)
          select v.queue, coalesce(v.key, event.id::text), event.id, event.payload, v.max_attempts, now()
          from event, (values ${sql.join(
            list.map(
              (delivery) =>
                sql`(${delivery.queue}::text, ${delivery.coalesceKey === undefined ? null : `${COALESCED}${delivery.coalesceKey}`}::text, ${attemptsOf(delivery)}::int)`,
            ),
            sql`, `,
          )}) as v(queue, key, max_attempts)
          on conflict (queue, key) ${conflict}`;
      // Each subscriber has a queue of its own: one row per (queue, key) in the statement. The update locks a
      // waiting delivery of the key until this transaction commits, so it is not claimed before its writes show.
      const single = deliveries.filter((delivery) => delivery.coalesceKey === undefined);
      const merged = deliveries.filter((delivery) => delivery.coalesceKey !== undefined);
      const parts = [written];
      if (single.length) parts.push(sql`single as (${insert(single, sql`do nothing`)})`);
      if (merged.length)
        parts.push(sql`merged as (${insert(merged, sql`do update set run_at = least(jobs.run_at, excluded.run_at)`)})`);
      // The event, its deliveries and the wake-up in one round trip.
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`with ${sql.join(parts, sql`, `)}
          select event.id::float8 as "id", pg_notify(${JOBS_CHANNEL}, '') from event`),
      );
      return row.id;
    },
    every(queue, intervalMs, run) {
      this.define(queue, { kind: 'plain', run: (_job, database) => run(database) });
      periodic.set(queue, intervalMs);
    },
    async wake(queue) {
      await db.execute(
        sql`update jobs set run_at = now() where queue = ${queue} and status = 'queued' and run_at > now()`,
      );
      await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    },
    local(name, intervalMs, run) {
      locals.push({ name, intervalMs, run });
    },
    async start() {
      if (started) return;
      started = true;
      for (const work of locals) {
        work.timer = setInterval(
          () =>
            void work.run().catch((error: unknown) => log.warn({ err: error, work: work.name }, 'local work failed')),
          work.intervalMs,
        );
        work.timer.unref();
      }
      if (concurrency <= 0) return;
      await ensurePeriodic();
      unlisten = await database.listen(JOBS_CHANNEL, () => void tick());
      poller = setInterval(() => void poll(), pollMs);
      poller.unref();
      void poll();
    },
    async stop() {
      stopped = true;
      clearInterval(poller);
      for (const work of locals) clearInterval(work.timer);
      await unlisten?.().catch(() => {});
      await ticking;
      await Promise.all(active);
      for (const work of locals) {
        await work.run().catch((error: unknown) => log.warn({ err: error, work: work.name }, 'local work failed'));
      }
    },
    async drain(drainOptions = {}) {
      const giveUpAt = Date.now() + DRAIN_LIMIT_MS;
      for (;;) {
        const claimed = await claim(Math.max(concurrency, 1), drainOptions.only);
        await Promise.all(claimed.map((job) => runJob(job)));
        if (claimed.length > 0) continue;
        if (!(await hasDueWork(db, [...queues.keys()], drainOptions.only))) return;
        // Due work under way elsewhere (the background loop, another instance): give it a moment. Not
        // awaited directly: the drain may itself run inside one of those jobs (a reminder pass sending mail).
        if (Date.now() > giveUpAt) throw new Error('jobs still due after draining for a minute');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

async function hasDueWork(db: Db, queues: string[], only?: number[]) {
  if (queues.length === 0) return false;
  const scope: SQL = only ? sql`and id = any(array[${sqlList(only)}]::bigint[])` : sql``;
  const rows = rowsOf(
    await db.execute(sql`select 1 from jobs where queue in (${sqlList(queues)}) ${scope}
      and ((status = 'queued' and run_at <= now()) or status = 'running') limit 1`),
  );
  return rows.length > 0;
}

// The operator's view (docs/decisions/022)

export type JobRow = {
  id: number;
  queue: string;
  key: string | null;
  event_id: number | null;
  event_name: string | null;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
};

/** Jobs in one state, newest first, with the event each delivers. */
export async function listJobs(db: Tx, status: JobStatus, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from jobs where status = ${status}`),
  );
  const rows = rowsOf<JobRow>(
    await db.execute(sql`select j.id::float8 as id, j.queue, j.key, j.event_id::float8 as event_id, e.name as event_name,
      coalesce(e.payload, j.payload) as payload, j.status, j.attempts, j.max_attempts,
      to_char(j.run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as run_at, j.last_error,
      to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(j.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at
      from jobs j left join domain_events e on e.id = j.event_id
      where j.status = ${status} order by j.id desc limit ${perPage} offset ${offset}`),
  );
  return { rows, total };
}

/** Puts a failed job back in the queue with fresh attempts; answers whether there was one to retry. */
export async function retryJob(db: Tx, id: number) {
  const rows = rowsOf(
    await db.execute(sql`update jobs set status = 'queued', attempts = 0, run_at = now(), finished_at = null
      where id = ${id}::bigint and status = 'failed' returning id`),
  );
  if (rows.length) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return rows.length > 0;
}

/** Finished deliveries are kept a week for the record, then deleted (a periodic job). */
export const DONE_JOBS_KEEP_MS = 7 * 24 * 60 * 60_000;

export async function pruneFinishedJobs(db: Db) {
  await db.execute(sql`delete from jobs where status = 'done'
    and finished_at < now() - ${`${DONE_JOBS_KEEP_MS / 1000} seconds`}::interval`);
  await db.execute(sql`delete from domain_events e where e.created_at < now() - ${`${DONE_JOBS_KEEP_MS / 1000} seconds`}::interval
    and not exists (select 1 from jobs j where j.event_id = e.id)`);
}
