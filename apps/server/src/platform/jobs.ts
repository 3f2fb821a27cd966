import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { rowsOf, sqlList } from '../db/sql.ts';
import type { JobStatus } from './tables.ts';
import { outsideCaller } from './caller-context.ts';
import { DrillFailure } from './job-drills.ts';

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
/** Deliveries one lane completes in one transaction, and one claim takes per free lane (decision 049). */
export const JOB_BATCH_SIZE = 16;
/** On PGlite (one connection) at most this many lanes of at most this many jobs: a request waits behind fewer. */
const PGLITE_LANES = 2;
const PGLITE_BATCH_SIZE = 4;
/** On stop (SIGTERM), how long the work under way may take before it is rolled back and released. */
export const JOB_STOP_GRACE_MS = 10_000;
const DRAIN_LIMIT_MS = 60_000;

/**
 * Lower runs first (decision 049): a lead from a quote or a first chat message before everything else,
 * before a tracked view's rescoring, before roll-ups, before pruning.
 */
export const JOB_PRIORITY = { loop: 0, normal: 10, rescoring: 20, rollup: 30, pruning: 40 } as const;
/**
 * Work of this priority or later is background (rescoring, roll-ups, pruning): it holds at most a quarter of
 * an instance's lanes (one at least), so a burst of it leaves the CPU to a quote's lead and its notifications.
 */
const BACKGROUND_PRIORITY = JOB_PRIORITY.rescoring;

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
  /** Whose work it is (a company's id, or '' for the platform's): claims take turns between them. */
  fairnessKey: string;
  priority: number;
};

export type TransactionContext<Prepared> = {
  tx: Tx;
  prepared: Prepared;
  /** Runs once the job's transaction has committed (a live push to open tabs …). */
  afterCommit(effect: () => void): void;
};

type QueueOptions = {
  maxAttempts?: number;
  /** JOB_PRIORITY: lower is claimed first. */
  priority?: number;
};

/**
 * What a queue does with its jobs.
 * - `transaction`: the handler's writes and the job's completion commit together, so a job whose work was
 *   committed is never run again. `prepare` runs first, outside it (reads of process caches: PGlite has one
 *   connection, and a read outside a transaction would wait for it). Jobs of one claim share a transaction
 *   (one statement marks them all done); a failure in it reruns each of them in a transaction of its own.
 * - `plain`: the handler runs on the database and must be idempotent itself (a pass over due reminders,
 *   an e-mail handed to SMTP); the job is marked done after it.
 */
export type QueueDefinition = QueueOptions &
  (
    | {
        kind: 'transaction';
        prepare?: (db: Db) => Promise<unknown>;
        run(job: ClaimedJob, context: TransactionContext<unknown>): Promise<unknown>;
      }
    | { kind: 'plain'; run(job: ClaimedJob, db: Db): Promise<void> }
  );

export type NewJob = {
  queue: string;
  key?: string | null;
  eventId?: number;
  payload?: unknown;
  maxAttempts?: number;
  /** Not before this time (a delayed check); now when absent. */
  runAt?: Date;
  /** Whose work it is (a company's id): claims take turns between keys of one priority. */
  fairnessKey?: string;
};

/** An event's delivery to one subscriber's queue: keyed by the event's id, or by `key` when it coalesces. */
export type EventDelivery = { queue: string; coalesceKey?: string; maxAttempts?: number; fairnessKey?: string };

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
  every(queue: string, intervalMs: number, run: (db: Db) => Promise<void>, options?: { priority?: number }): void;
  /** Makes a periodic job due now. */
  wake(queue: string): Promise<void>;
  /** Work of this process only (flushing its own counters), run every `intervalMs` and once more on stop. */
  local(name: string, intervalMs: number, run: () => Promise<void>): void;
  start(): Promise<void>;
  /**
   * Stops claiming and waits up to `graceMs` for the jobs under way; what is still running then is rolled
   * back and, with what was claimed but not begun, put back in the queue without counting the attempt.
   * Runs the local work a last time.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Runs every due job of the known queues until none is left (tests, benchmarks, `mailer.send`). */
  drain(options?: { only?: number[] }): Promise<void>;
  /** The priority of a queue's jobs (JOB_PRIORITY). */
  priorityOf(queue: string): number;
  readonly workerId: string;
};

type Options = {
  database: Database;
  log: FastifyBaseLogger;
  /** Lanes: batches run at once by this instance, each on a connection of its own; 0: it runs none. */
  concurrency: number;
  /** Jobs of one lane's batch (JOB_BATCH_SIZE). */
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Called once per finished attempt (metrics). */
  onSettled?: (queue: string, outcome: 'done' | 'failed' | 'retry', count: number) => void;
  /** Asked before each job: throws a DrillFailure for a job a drill fails (platform/job-drills.ts). */
  drill?: (job: ClaimedJob) => void;
};

const errorText = (error: unknown) => {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : (() => {
            try {
              return JSON.stringify(error) ?? String(error);
            } catch {
              return String(error);
            }
          })();
  return text.slice(0, 2_000) || 'failed without a message';
};

class LostLease extends Error {}
/** The runner is stopping past its grace: the batch is rolled back and its jobs released, not failed. */
class Stopping extends Error {}
class TimedOut extends Error {}

type Outcome = { failed: false } | { failed: true; error: unknown };
const DONE: Outcome = { failed: false };

export function createJobRunner(options: Options): JobRunner {
  const { database, log } = options;
  // PGlite is one connection: more lanes or longer batches only queue longer ahead of the requests' queries.
  const embedded = database.kind === 'pglite';
  const concurrency = embedded ? Math.min(options.concurrency, PGLITE_LANES) : options.concurrency;
  const db = database.db;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? JOB_BATCH_SIZE, embedded ? PGLITE_BATCH_SIZE : Infinity));
  /** A handler that takes longer than this fails (it would otherwise hold its lane and its rows). */
  const handlerTimeoutMs = Math.max(1, Math.floor(leaseMs / 2));
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
  let abort: (error: Stopping) => void = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    abort = reject;
  });
  aborted.catch(() => {});
  let aborting = false;
  /** Lanes under way per fairness key, and how many one key may hold at once. */
  const lanesOf = new Map<string, number>();
  const lanesPerKey = Math.max(1, Math.ceil(concurrency / 2));
  /** Lanes under way on background work, and how many it may hold at once. */
  let backgroundActive = 0;
  const backgroundLanes = Math.max(1, Math.floor(concurrency / 4));

  const attemptsOf = (job: { queue: string; maxAttempts?: number }) =>
    job.maxAttempts ?? queues.get(job.queue)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const priorityOf = (queue: string) => queues.get(queue)?.priority ?? JOB_PRIORITY.normal;
  const settled = (queue: string, outcome: 'done' | 'failed' | 'retry', count = 1) => {
    if (count > 0) options.onSettled?.(queue, outcome, count);
  };

  /**
   * One statement claims up to `limit` due jobs: within the most urgent priority first, the companies take
   * turns (each key's oldest job, then each key's second …), so one company's backlog never stands in front
   * of another's fresh job. The keys are found by a skip scan of the claim index (one probe per key with
   * queued work), and each key's candidates by one more.
   */
  async function claim(
    limit: number,
    options: {
      only?: number[];
      rooms?: Map<string, number>;
      roomPerKey?: number;
      urgentOnly?: boolean;
      /** Jobs of background priority the claim may take, in all keys together. */
      backgroundRoom?: number;
    } = {},
  ): Promise<ClaimedJob[]> {
    if (queues.size === 0 || limit <= 0) return [];
    const { only } = options;
    const scope = only ? sql`and id = any(array[${sqlList(only)}]::bigint[])` : sql``;
    // Each key takes at most its room (in jobs): the lanes it may still fill, so one company never holds them all.
    const rooms = JSON.stringify(Object.fromEntries(options.rooms ?? []));
    const room = sql`least(${limit}, coalesce((${rooms}::jsonb ->> k.fairness_key)::int, ${options.roomPerKey ?? limit}))`;
    const urgency = options.urgentOnly ? sql`and k.priority <= ${JOB_PRIORITY.loop}` : sql``;
    const known = sql`queue in (${sqlList([...queues.keys()])})`;
    const rows = rowsOf<ClaimedJob>(
      await db.execute(sql`
        with recursive keys as (
          (select priority, fairness_key from jobs where status = 'queued' order by priority, fairness_key limit 1)
          union all
          select n.priority, n.fairness_key from keys k cross join lateral (
            select priority, fairness_key from jobs
            where status = 'queued' and (priority, fairness_key) > (k.priority, k.fairness_key)
            order by priority, fairness_key limit 1) n
        ),
        candidates as (
          select c.id, k.priority, c.run_at,
            row_number() over (partition by k.priority, k.fairness_key order by c.run_at, c.id) as turn
          from keys k cross join lateral (
            select id, run_at from jobs
            where status = 'queued' and priority = k.priority and fairness_key = k.fairness_key
              and run_at <= now() and ${known} ${scope}
            order by run_at, id limit ${room}) c
          where true ${urgency}
        ),
        placed as (
          select id, priority, turn, run_at,
            row_number() over (partition by priority >= ${BACKGROUND_PRIORITY} order by priority, turn, run_at, id) as place
          from candidates
        ),
        next as (
          select id from jobs
          where id in (select id from placed where priority < ${BACKGROUND_PRIORITY} or place <= ${options.backgroundRoom ?? limit}
              order by priority, turn, run_at, id limit ${limit})
            and status = 'queued'
          for update skip locked)
        update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
          key = case when j.key like ${`${COALESCED}%`} and strpos(j.key, '#') = 0 then j.key || '#' || j.id else j.key end,
          locked_until = now() + ${`${leaseMs} milliseconds`}::interval
        from next where j.id = next.id
        returning j.id::float8 as "id", j.queue, j.key, j.event_id::float8 as "eventId", j.payload, j.attempts,
          j.max_attempts as "maxAttempts", j.fairness_key as "fairnessKey", j.priority`),
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  const mine = (ids: number[]) =>
    sql`id = any(array[${sqlList(ids)}]::bigint[]) and locked_by = ${workerId} and status = 'running'`;

  /** Marks many jobs done in one statement; answers the ids that were still this worker's. */
  async function completeMany(tx: Tx, jobs: ClaimedJob[]): Promise<Set<number>> {
    if (jobs.length === 0) return new Set();
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`update jobs set status = 'done', locked_by = null, locked_until = null, finished_at = now()
        where ${mine(jobs.map((job) => job.id))} returning id::float8 as "id"`),
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The job leaves `running`: done, back to the queue later (periodic, or a retry), or failed for good. */
  function settle(tx: Tx, job: ClaimedJob, outcome: Outcome): Promise<unknown> {
    const own = mine([job.id]);
    const interval = periodic.get(job.queue);
    if (!outcome.failed) {
      if (interval !== undefined) {
        return tx.execute(sql`update jobs set status = 'queued', attempts = 0, locked_by = null, locked_until = null,
          last_error = null, finished_at = now(), run_at = now() + ${`${interval} milliseconds`}::interval
          where ${own} returning id`);
      }
      return tx.execute(sql`update jobs set status = 'done', locked_by = null, locked_until = null, finished_at = now()
        where ${own} returning id`);
    }
    const retryIn =
      interval === undefined ? jobBackoffMs(job.attempts) : Math.min(interval, jobBackoffMs(job.attempts));
    const spent = job.attempts >= job.maxAttempts || outcome.error instanceof DrillFailure;
    const givesUp = interval === undefined && spent;
    settled(job.queue, givesUp ? 'failed' : 'retry');
    return tx.execute(sql`update jobs set status = ${givesUp ? 'failed' : 'queued'}, locked_by = null,
      locked_until = null, last_error = ${errorText(outcome.error)}, finished_at = ${givesUp ? sql`now()` : sql`null`},
      run_at = now() + ${`${retryIn} milliseconds`}::interval where ${own}`);
  }

  /** Jobs claimed but not finished go back to the queue as if never claimed (rows a transaction holds are skipped). */
  async function release(ids?: number[]) {
    const scope = ids ? sql`and id = any(array[${sqlList(ids)}]::bigint[])` : sql``;
    await db.execute(sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), locked_by = null,
      locked_until = null, run_at = now()
      where id in (select id from jobs where locked_by = ${workerId} and status = 'running' ${scope}
        for update skip locked)`);
  }

  /** The handler's promise, failed when it outlives its share of the lease or the runner stops past its grace. */
  function bounded<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new TimedOut(`the handler did not finish within ${handlerTimeoutMs} ms`)),
        handlerTimeoutMs,
      );
    });
    // A handler that goes on after it was given up must not surface as an unhandled rejection.
    work.catch(() => {});
    return Promise.race([work, timeout, aborted]).finally(() => clearTimeout(timer));
  }

  const relaxedCommit =
    database.kind === 'postgres'
      ? // The delivery's writes and its done mark commit or vanish together: a commit lost in a crash is
        // delivered again, so it need not wait for the WAL flush (decision 049).
        (tx: Tx) => tx.execute(sql`set local synchronous_commit = off`)
      : async () => {};

  /**
   * The handler's view of its transaction: once the batch's transaction is over (a handler given up on
   * after its time, still running), any use of it throws instead of reaching a connection back in the pool.
   */
  function guarded(tx: Tx, over: { value: boolean }): Tx {
    return new Proxy(tx, {
      get(target, property) {
        if (over.value) throw new Error('the job’s transaction is over (the handler outlived it)');
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /**
   * Transaction jobs of one batch in one transaction: one statement marks them done (and takes their rows),
   * then each handler runs. If anything fails, the transaction is rolled back and each job runs again alone,
   * so a failure is the failing job's only.
   */
  async function runTogether(jobs: ClaimedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const effects: (() => void)[] = [];
    const over = { value: false };
    let done: ClaimedJob[] = [];
    try {
      const prepared = new Map<string, unknown>();
      for (const queue of new Set(jobs.map((job) => job.queue))) {
        const definition = queues.get(queue) as Extract<QueueDefinition, { kind: 'transaction' }>;
        if (definition.prepare) prepared.set(queue, await bounded(definition.prepare(db)));
      }
      await db.transaction(async (transaction) => {
        const tx = guarded(transaction, over);
        await relaxedCommit(tx);
        // Completing first takes the rows' locks: a worker holding a stale claim waits, then finds them done.
        const ours = await completeMany(tx, jobs);
        if (ours.size === 0) throw new LostLease();
        for (const job of jobs) {
          if (!ours.has(job.id)) continue;
          if (aborting) throw new Stopping();
          const definition = queues.get(job.queue) as Extract<QueueDefinition, { kind: 'transaction' }>;
          const context = {
            tx,
            prepared: prepared.get(job.queue),
            afterCommit: (effect: () => void) => effects.push(effect),
          };
          options.drill?.(job);
          await bounded(definition.run(job, context));
        }
        done = jobs.filter((job) => ours.has(job.id));
      });
    } catch (error) {
      if (error instanceof LostLease || error instanceof Stopping || aborting) return;
      if (jobs.length > 1) {
        for (const job of jobs) await runTogether([job]);
        return;
      }
      const [job] = jobs;
      log.warn({ err: error, jobId: job.id, queue: job.queue, attempts: job.attempts }, 'job failed');
      await settle(db, job, { failed: true, error }).catch((settleError: unknown) =>
        log.error({ err: settleError, jobId: job.id }, 'could not record a job failure'),
      );
      return;
    } finally {
      over.value = true;
    }
    for (const job of done) settled(job.queue, 'done');
    for (const effect of effects) {
      try {
        effect();
      } catch (error) {
        log.warn({ err: error, jobIds: jobs.map((job) => job.id) }, 'effect after a job failed');
      }
    }
  }

  /** Plain jobs one after another, marked done together after them. */
  async function runPlain(jobs: ClaimedJob[]) {
    const finished: ClaimedJob[] = [];
    for (const job of jobs) {
      if (aborting) break;
      const definition = queues.get(job.queue) as Extract<QueueDefinition, { kind: 'plain' }>;
      try {
        options.drill?.(job);
        await bounded(definition.run(job, db));
        finished.push(job);
      } catch (error) {
        if (error instanceof Stopping) break;
        log.warn({ err: error, jobId: job.id, queue: job.queue, attempts: job.attempts }, 'job failed');
        await settle(db, job, { failed: true, error }).catch((settleError: unknown) =>
          log.error({ err: settleError, jobId: job.id }, 'could not record a job failure'),
        );
      }
    }
    try {
      const done = await completeMany(db, finished);
      for (const job of finished) if (done.has(job.id)) settled(job.queue, 'done');
    } catch (error) {
      log.error({ err: error }, 'could not mark jobs done');
    }
  }

  /** A periodic pass: back in the queue for its next turn in the statement that completes it. */
  async function runPeriodic(job: ClaimedJob) {
    const definition = queues.get(job.queue) as Extract<QueueDefinition, { kind: 'plain' }>;
    let outcome: Outcome = DONE;
    try {
      await bounded(definition.run(job, db));
    } catch (error) {
      if (error instanceof Stopping) return;
      log.warn({ err: error, jobId: job.id, queue: job.queue }, 'periodic job failed');
      outcome = { failed: true, error };
    }
    await settle(db, job, outcome).catch((error: unknown) =>
      log.error({ err: error, jobId: job.id }, 'could not settle a periodic job'),
    );
  }

  /** One lane's batch: its transaction jobs in one transaction, its plain ones in turn, periodic passes alone. */
  async function runBatch(jobs: ClaimedJob[]) {
    const together: ClaimedJob[] = [];
    const plain: ClaimedJob[] = [];
    for (const job of jobs) {
      if (periodic.has(job.queue)) await runPeriodic(job);
      else if (queues.get(job.queue)!.kind === 'plain') plain.push(job);
      else together.push(job);
    }
    await runTogether(together);
    await runPlain(plain);
  }

  /**
   * Splits a claim into at most `lanes` batches of at most `batchSize` jobs, a company's jobs together where
   * they fit (they tend to take the same locks: one lane rather than several waiting on each other).
   */
  function batches(claimed: ClaimedJob[], lanes: number): ClaimedJob[][] {
    if (claimed.length === 0) return [];
    const ordered = [...claimed].sort(
      (a, b) => a.fairnessKey.localeCompare(b.fairnessKey) || a.queue.localeCompare(b.queue) || a.id - b.id,
    );
    const count = Math.max(1, Math.min(lanes, ordered.length));
    const size = Math.min(batchSize, Math.ceil(ordered.length / count));
    const result: ClaimedJob[][] = [];
    for (let index = 0; index < ordered.length; index += size) result.push(ordered.slice(index, index + size));
    return result;
  }

  /** Runs one batch on a lane of its own, counted against its keys' lanes (and the background's). */
  function start(batch: ClaimedJob[], isBackground: boolean) {
    const keys = [...new Set(batch.map((job) => job.fairnessKey))];
    for (const key of keys) lanesOf.set(key, (lanesOf.get(key) ?? 0) + 1);
    if (isBackground) backgroundActive += 1;
    // A job is nobody's request: a tick woken by a request's NOTIFY must not run under its caller's role.
    track(
      outsideCaller(() => runBatch(batch)).finally(() => {
        if (isBackground) backgroundActive -= 1;
        for (const key of keys) {
          const left = (lanesOf.get(key) ?? 1) - 1;
          if (left > 0) lanesOf.set(key, left);
          else lanesOf.delete(key);
        }
      }),
    );
  }

  function track(promise: Promise<void>) {
    active.add(promise);
    void promise.finally(() => {
      active.delete(promise);
      if (!stopped) void tick();
    });
  }

  /** Claims what the free lanes allow and starts it; claims again while claims come back full. */
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
        // Lanes a company may still fill: at most half of them at once, so other companies find some free.
        const rooms = new Map<string, number>();
        for (const [key, lanes] of lanesOf) rooms.set(key, Math.max(0, lanesPerKey - lanes) * batchSize);
        const backgroundFree = Math.min(free, Math.max(0, backgroundLanes - backgroundActive));
        const claimed = await claim(free * batchSize, {
          rooms,
          roomPerKey: lanesPerKey * batchSize,
          // The last free lane is kept for the loop's own priority (a quote's lead), whatever else waits.
          urgentOnly: concurrency > 1 && free === 1,
          backgroundRoom: backgroundFree * batchSize,
        });
        if (stopped) {
          await release(claimed.map((job) => job.id));
          break;
        }
        const foreground = claimed.filter((job) => job.priority < BACKGROUND_PRIORITY);
        const background = claimed.filter((job) => job.priority >= BACKGROUND_PRIORITY);
        // Background work takes the lanes the foreground leaves (never fewer than none: the claim asked for at
        // most `free` batches); what does not fit goes back to the queue.
        const backgroundLanesNow = Math.min(backgroundFree, free - Math.ceil(foreground.length / batchSize));
        const kept = background.slice(0, backgroundLanesNow * batchSize);
        const backgroundBatches = batches(kept, backgroundLanesNow);
        for (const batch of backgroundBatches) start(batch, true);
        for (const batch of batches(foreground, free - backgroundBatches.length)) start(batch, false);
        if (kept.length < background.length) await release(background.slice(kept.length).map((job) => job.id));
        if (claimed.length > 0 && claimed.length === free * batchSize) tickAgain = true;
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
    // Rows a live transaction holds (a handler past its lease, still finishing) are skipped, never waited for.
    await db.execute(sql`update jobs set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
      finished_at = case when attempts >= max_attempts then now() end, locked_by = null, locked_until = null,
      last_error = coalesce(last_error || '; ', '') || 'the worker stopped before finishing (lease ran out)'
      where id in (select id from jobs where status = 'running' and locked_until < now() for update skip locked)`);
  }

  let polls = 0;
  async function poll() {
    polls += 1;
    if (polls % 5 === 1) await rescueExpired().catch((error: unknown) => log.warn({ err: error }, 'job rescue'));
    await tick();
  }

  async function ensurePeriodic() {
    for (const queue of periodic.keys()) {
      await db.execute(sql`insert into jobs (queue, key, max_attempts, priority) values (${queue}, 'every', 2147483647,
        ${priorityOf(queue)}) on conflict (queue, key) do update set status = 'queued', run_at = now(),
        priority = excluded.priority where jobs.status in ('done', 'failed')`);
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
    });

  return {
    workerId,
    priorityOf,
    define(queue, definition) {
      if (queues.has(queue)) throw new Error(`queue ${queue} is defined twice`);
      queues.set(queue, definition);
    },
    async enqueue(tx, list) {
      if (list.length === 0) return [];
      const values = list.map(
        (job) =>
          sql`(${job.queue}, ${job.key ?? null}, ${job.eventId ?? null}::bigint, ${JSON.stringify(job.payload ?? {})}::jsonb, ${attemptsOf(job)}, coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()), ${priorityOf(job.queue)}::smallint, ${job.fairnessKey ?? ''})`,
      );
      // The jobs and the wake-up in one round trip.
      const rows = rowsOf<{ id: number | null }>(
        await tx.execute(sql`with written as (insert into jobs (queue, key, event_id, payload, max_attempts, run_at,
            priority, fairness_key)
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
        sql`insert into jobs (queue, key, event_id, payload, max_attempts, run_at, priority, fairness_key)
          select v.queue, coalesce(v.key, event.id::text), event.id, event.payload, v.max_attempts, now(), v.priority,
            v.fairness_key
          from event, (values ${sql.join(
            list.map(
              (delivery) =>
                sql`(${delivery.queue}::text, ${delivery.coalesceKey === undefined ? null : `${COALESCED}${delivery.coalesceKey}`}::text, ${attemptsOf(delivery)}::int, ${priorityOf(delivery.queue)}::smallint, ${delivery.fairnessKey ?? ''}::text)`,
            ),
            sql`, `,
          )}) as v(queue, key, max_attempts, priority, fairness_key)
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
    every(queue, intervalMs, run, everyOptions = {}) {
      this.define(queue, { kind: 'plain', priority: everyOptions.priority, run: (_job, database) => run(database) });
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
    async stop(stopOptions = {}) {
      const graceMs = stopOptions.graceMs ?? JOB_STOP_GRACE_MS;
      stopped = true;
      clearInterval(poller);
      for (const work of locals) clearInterval(work.timer);
      await ticking;
      const finished = await Promise.race([Promise.all(active).then(() => true), sleep(graceMs).then(() => false)]);
      if (!finished) {
        // Past the grace: the batches under way roll back; their jobs go back to the queue below.
        log.warn({ batches: active.size }, 'jobs still under way at stop: rolling them back');
        aborting = true;
        abort(new Stopping('the job runner is stopping'));
        await Promise.race([Promise.all(active), sleep(5_000)]);
      }
      // After the work under way: on PGlite, UNLISTEN waits for the one connection a transaction may hold.
      await unlisten?.().catch(() => {});
      if (started && concurrency > 0)
        await release().catch((error: unknown) => log.warn({ err: error }, 'could not release claimed jobs'));
      for (const work of locals) {
        await work.run().catch((error: unknown) => log.warn({ err: error, work: work.name }, 'local work failed'));
      }
    },
    async drain(drainOptions = {}) {
      let giveUpAt = Date.now() + DRAIN_LIMIT_MS;
      let seen = '';
      const lanes = Math.max(concurrency, 1);
      for (;;) {
        const claimed = await claim(lanes * batchSize, { only: drainOptions.only });
        await Promise.all(batches(claimed, lanes).map((batch) => runBatch(batch)));
        if (claimed.length > 0) {
          giveUpAt = Date.now() + DRAIN_LIMIT_MS;
          continue;
        }
        const due = await dueWork(db, [...queues.keys()], drainOptions.only);
        if (due === null) return;
        // Due work under way elsewhere (the background loop, another instance): give it a moment. Not
        // awaited directly: the drain may itself run inside one of those jobs (a reminder pass sending mail).
        // It gives up after a minute without progress (the same work due and under way all along).
        if (due !== seen) {
          seen = due;
          giveUpAt = Date.now() + DRAIN_LIMIT_MS;
        }
        if (Date.now() > giveUpAt) throw new Error('jobs still due after draining for a minute without progress');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Due or running work of the queues: how much and the first id (what changes as it progresses), or null for none. */
async function dueWork(db: Db, queues: string[], only?: number[]) {
  if (queues.length === 0) return null;
  const scope: SQL = only ? sql`and id = any(array[${sqlList(only)}]::bigint[])` : sql``;
  const [row] = rowsOf<{ count: number; first: number | null }>(
    await db.execute(sql`select count(*)::int as count, min(id)::float8 as first from jobs
      where queue in (${sqlList(queues)}) ${scope} and ((status = 'queued' and run_at <= now()) or status = 'running')`),
  );
  return row.count === 0 ? null : `${row.count}:${row.first}`;
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
  company_id: number | null;
  priority: number;
  discarded_by: number | null;
};

export type JobFilter = { status: JobStatus; event?: string; company?: number; queue?: string };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Jobs in one state, newest first, with the event each delivers; by event name, company or queue when asked. */
export async function listJobs(db: Tx, filter: JobFilter, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const conditions = [sql`j.status = ${filter.status}`];
  if (filter.event !== undefined) conditions.push(sql`e.name = ${filter.event}`);
  if (filter.company !== undefined) conditions.push(sql`j.fairness_key = ${String(filter.company)}`);
  if (filter.queue !== undefined) conditions.push(sql`j.queue = ${filter.queue}`);
  const where = sql.join(conditions, sql` and `);
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from jobs j left join domain_events e on e.id = j.event_id
      where ${where}`),
  );
  const rows = rowsOf<JobRow>(
    await db.execute(sql`select j.id::float8 as id, j.queue, j.key, j.event_id::float8 as event_id, e.name as event_name,
      coalesce(e.payload, j.payload) as payload, j.status, j.attempts, j.max_attempts,
      ${iso(sql`j.run_at`)} as run_at, j.last_error, ${iso(sql`j.created_at`)} as created_at,
      ${iso(sql`j.finished_at`)} as finished_at,
      case when j.fairness_key ~ '^[0-9]{1,15}$' then j.fairness_key::float8 end as company_id, j.priority::int as priority,
      j.discarded_by::float8 as discarded_by
      from jobs j left join domain_events e on e.id = j.event_id
      where ${where} order by j.id desc limit ${perPage} offset ${offset}`),
  );
  return { rows, total };
}

export type QueueFigures = {
  queue: string;
  priority: number;
  due: number;
  later: number;
  running: number;
  failed: number;
  oldest_due_seconds: number | null;
  done_last_minute: number;
  failed_last_minute: number;
};

/**
 * Each queue with work waiting, under way or failed, or finished in the last minute: depth, the oldest due
 * job's wait, and the last minute's rate (decision 049).
 */
export async function queueFigures(db: Tx): Promise<QueueFigures[]> {
  return rowsOf<QueueFigures>(
    await db.execute(sql`select queue, min(priority)::int as priority,
        count(*) filter (where status = 'queued' and run_at <= now())::int as due,
        count(*) filter (where status = 'queued' and run_at > now())::int as later,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed,
        extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8
          as oldest_due_seconds,
        count(*) filter (where status = 'done' and finished_at > now() - interval '1 minute')::int as done_last_minute,
        count(*) filter (where status = 'failed' and finished_at > now() - interval '1 minute')::int as failed_last_minute
      from jobs
      where status in ('queued', 'running', 'failed') or (status = 'done' and finished_at > now() - interval '1 minute')
      group by queue order by min(priority), queue`),
  );
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

/** The operator gives up on a failed job: it never runs again, and the row says who did it and when. */
export async function discardJob(db: Tx, id: number, operatorId: number) {
  const rows = rowsOf(
    await db.execute(sql`update jobs set status = 'discarded', discarded_by = ${operatorId}::bigint, finished_at = now()
      where id = ${id}::bigint and status = 'failed' returning id`),
  );
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
