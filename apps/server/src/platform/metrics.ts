import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { ReadPool } from '../db/replica.ts';
import { rowsOf } from '../db/sql.ts';

/*
 * What an outside monitor can read (docs/decisions/049): `GET /metrics` in Prometheus's text format, one
 * registry per server. HTTP answers by route and status (count and latency), the job queues (depth, age
 * of the oldest waiting job, attempts by subscriber and outcome), the database pool and the sockets.
 * The queue figures are read from the database when scraped, so every instance reports the same queues.
 */

export type JobOutcome = 'done' | 'failed' | 'retry';

export type Metrics = {
  registry: Registry;
  /** A job attempt ended (the runner's onSettled). */
  jobSettled(queue: string, outcome: JobOutcome, count: number): void;
  /** A public read (db/replica.ts) was answered by this pool. */
  publicRead(pool: ReadPool): void;
};

/** Seconds: from a fast cached answer to a slow report. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database, options: { sockets?: () => number } = {}): Metrics {
  // prom-client's default process metrics are left out: three of their names break Prometheus's naming
  // rules (gauges ending in _total), which promtool refuses.
  const registry = new Registry();
  const attempts = new Counter({
    name: 'tradeloop_job_attempts_total',
    help: 'Job attempts that ended, by queue (an event subscriber is event:<name>) and outcome: done, retry (failed, will run again), failed (for good)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  type QueueRow = { queue: string; queued: number; running: number; failed: number; oldest: number | null };
  /** The queues' figures, read when scraped (one grouped read per gauge; no figure is older than the scrape). */
  const queueRows = async () =>
    rowsOf<QueueRow>(
      await database.db.execute(
        sql`select queue, count(*) filter (where status = 'queued')::int as queued,
          count(*) filter (where status = 'running')::int as running,
          count(*) filter (where status = 'failed')::int as failed,
          extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8 as oldest
        from jobs where status in ('queued', 'running', 'failed') group by queue`,
      ),
    );
  const queueGauge = (name: string, help: string, value: (row: QueueRow) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await queueRows()) {
          const figure = value(row);
          if (figure !== null) this.set({ queue: row.queue }, figure);
        }
      },
    });
  queueGauge('tradeloop_jobs_queued', 'Jobs waiting in the queue (due or later), by queue', (row) => row.queued);
  queueGauge('tradeloop_jobs_running', 'Jobs claimed by a worker and under way, by queue', (row) => row.running);
  queueGauge(
    'tradeloop_jobs_failed',
    'Jobs that failed for good and wait for the operator, by queue',
    (row) => row.failed,
  );
  queueGauge(
    'tradeloop_jobs_oldest_waiting_seconds',
    'Age of the oldest due job still waiting, by queue (absent: none waits)',
    (row) => (row.oldest === null ? null : Math.max(0, row.oldest)),
  );
  new Gauge({
    name: 'tradeloop_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total, idle, waiting (requests waiting for one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'tradeloop_socket_connections',
    help: 'Live socket connections to this instance',
    registers: [registry],
    collect() {
      this.set(options.sockets?.() ?? 0);
    },
  });
  const publicReads = new Counter({
    name: 'tradeloop_db_public_reads_total',
    help: 'Public reads that tolerate lag (the marketplace search), by the pool that answered: replica or primary',
    labelNames: ['pool'],
    registers: [registry],
  });
  return {
    registry,
    jobSettled(queue, outcome, count) {
      attempts.inc({ queue, outcome }, count);
    },
    publicRead(pool) {
      publicReads.inc({ pool });
    },
  };
}

/** Counts and times every answer by its route's pattern (never the raw path: ids would make endless series). */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tradeloop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'tradeloop_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function carriesMetricsToken(header: string | undefined, token: string | undefined) {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
