import http from 'node:http';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../apps/server/src/modules/catalog/test-support.ts';
import { sellerOf } from '../../apps/server/src/modules/market/test-support.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { startChild, stopChild } from '../child-process.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/sql.ts';
import { rollUpBackfillStatements } from '../../apps/server/src/modules/tracking/backfill.ts';
import { appMetaValue, setAppMeta } from '../../apps/server/src/platform/app-meta.ts';
import { createSession } from '../../apps/server/src/platform/sessions.ts';
import { benchDatabaseUrl, type Figures, keptBenchDatabase, measure, percentile } from '../lib.ts';

/*
 * Tracking (issue 19, acceptance 3). Ingestion: 200 browser sessions send 2,000 tracking calls a second
 * in all, at a steady pace, for TRACKING_BENCH_SECONDS (30 by default) — page views of a seller's
 * products, scroll thresholds and clicks — beside GET currency on the same server; afterwards every
 * accepted event must be in the table. The report: GET crm/tracking/report over a seller's share of
 * TRACKING_BENCH_EVENTS events (10,000,000 by default, 0 skips it) beside GET currency on the same server,
 * a process of its own. The events are written straight into a database of their own
 * (`<database>_tracking_report_bench`, another size gets `…_<events>`) with their roll-ups built by
 * migration 0023's backfill, once: later runs reuse it (decision 036).
 */
const SERVER = new URL('../app-server.ts', import.meta.url);
const SESSIONS = 200;
const RATE = 2000;
const PRODUCTS = 20;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function openApp(url: string | undefined) {
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: url ?? '' });
  return buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
}

async function sellerWithProducts(app: FastifyInstance) {
  const refs = await loadRefs(app);
  const seller = await sellerOf(app, { name: `Tracked Pumps ${Date.now()}`, type: 'Manufacturers', country: 'IN' });
  const products: number[] = [];
  for (let index = 0; index < PRODUCTS; index += 1) {
    products.push((await createProductAs(app, seller, inStockProduct(refs, { name: `Tracked pump ${index}` }))).id);
  }
  return { seller, products };
}

type Session = { id: string; page: string | null; step: number };

/** Each connection is a browser session: a product view, then scrolls and a click on that page, again. */
function nextCall(session: Session, products: number[]) {
  session.step += 1;
  const phase = session.step % 5;
  if (phase === 1 || !session.page) {
    const product = products[session.step % products.length];
    return {
      path: '/api/v1/auth/tracking-page-views',
      body: {
        session_id: session.id,
        page_url: `http://localhost/productdetail/${product}`,
        page_name: 'productdetail',
        type: 'product',
        product_id: product,
      },
    };
  }
  if (phase === 0) {
    return {
      path: '/api/v1/auth/tracking-click-events',
      body: { session_id: session.id, page_viewed_id: session.page, element_type: 'product-image-click' },
    };
  }
  return {
    path: '/api/v1/auth/tracking-scroll-events',
    body: { session_id: session.id, page_viewed_id: session.page, scroll_position: [25, 50, 75][phase - 2] },
  };
}

type Answer = { status: number; body: string };

function post(agent: http.Agent, base: URL, path: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'user-agent': UA },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The calls at a steady rate, open loop: call n is due at n / RATE seconds and is sent then, whether or
 * not earlier ones were answered, by the sessions in turn (each every SESSIONS / RATE seconds, on
 * keep-alive connections). Its time runs from when it was due, so a late send counts against the server.
 * (autocannon's `overallRate` sends each connection's share of a second back to back when the second
 * starts: 2,000 calls at once, then nothing, which measures a burst, not a rate.)
 */
async function ingestion(
  base: string,
  products: number[],
  seconds: number,
  stored: () => Promise<number>,
): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS });
  const origin = new URL(base);
  const sessions: Session[] = Array.from({ length: SESSIONS }, () => ({
    id: `bench-${Math.random().toString(36).slice(2)}`,
    page: null,
    step: 0,
  }));
  const times: number[] = [];
  /** How late each call was sent: the load generator's own share of the times. */
  const lateness: number[] = [];
  let errors = 0;
  let answered = 0;
  const calls: Promise<void>[] = [];
  const total = RATE * seconds;
  const started = performance.now() + 20;
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    lateness.push(performance.now() - due);
    const session = sessions[index % SESSIONS];
    const call = nextCall(session, products);
    calls.push(
      post(agent, origin, call.path, call.body).then(
        ({ status, body }) => {
          times.push(performance.now() - due);
          if (status !== 200) return void (errors += 1);
          answered += 1;
          const data = (JSON.parse(body) as { data: { tracking_id?: string } }).data;
          if (data.tracking_id) session.page = data.tracking_id;
        },
        () => void (errors += 1),
      ),
    );
  }
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(calls);
  agent.destroy();
  times.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  const count = await stored();
  const late = percentile(lateness, 99).toFixed(1);
  return {
    scenario: `tracking calls, ${SESSIONS} sessions at a steady ${RATE}/s (${answered.toLocaleString('en-US')} answered, ${count.toLocaleString('en-US')} stored; sent late by ${late} ms at p99)`,
    rps: Math.round(total / elapsed),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + Math.max(0, answered - count),
    requests: total,
  };
}

async function countEvents(url: string | undefined, app?: FastifyInstance) {
  if (!url) {
    await app!.tracking.flush();
    return rowsOf<{ total: number }>(await app!.db.execute(sql`select count(*)::int as total from tracking_events`))[0]
      .total;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ total: number }>('select count(*)::int as total from tracking_events')).rows[0].total;
  } finally {
    await client.end();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bump when the generated events change: an older report database is then built again. */
const REPORT_DATASET_VERSION = 'sessions-of-16-v2';

/**
 * `events` tracking rows over the 90 days before `now`, as browser sessions of 16 events (four page
 * views, each followed by a scroll, its time on page and a deeper scroll or a click), a fifth of the
 * sessions on the bench seller's 20 products, the rest spread over 50 other companies; one session in
 * ten signed in (2,000 buyers). One INSERT … SELECT per million rows, then the roll-ups are built by
 * migration 0023's own backfill statements.
 */
async function fillEvents(url: string, companyId: number, products: number[], events: number, now: Date) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const chunk = 1_000_000;
    for (let start = 0; start < events; start += chunk) {
      const count = Math.min(chunk, events - start);
      await client.query(
        `insert into tracking_events (at, kind, session_id, page_id, user_id, company_id, product_id, name, url, value)
         select $5::timestamptz - interval '400 seconds' - make_interval(secs => (s * 2654435761) % 7776000) + make_interval(secs => k * 20),
                case when k % 4 = 0 then 'view' when k % 4 = 2 then 'time' when k % 4 = 3 and s % 4 = 0 then 'click' else 'scroll' end,
                's' || s, 'p' || (i / 4),
                case when (s / 5) % 10 = 3 then 5000000 + (s / 50) % 2000 end,
                case when s % 5 = 0 then $1::bigint else 1000000 + s % 50 end,
                case when k / 4 = 3 and s % 3 = 0 then null else ($2::bigint[])[1 + (s * 7 + k / 4 * 3) % array_length($2::bigint[], 1)] end,
                case when k % 4 = 0 then (case when k / 4 = 3 and s % 3 = 0 then 'company-profile' else 'productdetail' end)
                     when k % 4 = 3 and s % 4 = 0 then (case when s % 8 = 0 then 'getQuoteButton' else 'product-image-click' end) end,
                'http://localhost/productdetail/x',
                case when k % 4 = 2 then 5000 + (i * 7919) % 120000 when k % 4 = 1 then 25 + 25 * ((s + k) % 2)
                     when k % 4 = 3 and s % 4 <> 0 then 75 end
         from generate_series($3::bigint, $3::bigint + $4::bigint - 1) as i, lateral (select i / 16 as s, i % 16 as k) x`,
        [companyId, products, start, count, now.toISOString()],
      );
      process.stdout.write(`\rtracking bench: ${(start + count).toLocaleString('en-US')} events`);
    }
    process.stdout.write('\n');
    for (const statement of rollUpBackfillStatements()) await client.query(statement);
    // What autovacuum does to append-only tables after a while: the visibility map allows index-only scans.
    await client.query(
      'vacuum analyze tracking_events, tracking_pages, tracking_daily, tracking_visits, tracking_visit_counts, tracking_daily_buyers',
    );
  } finally {
    await client.end();
  }
}

type ReportDataset = { version: string; sellerId: number; builtAt: string; buildSeconds: number };

/** The seller and the day the events end, from an earlier run, or a new dataset built now. */
async function ensureReportDataset(url: string, events: number) {
  const app = await openApp(url);
  try {
    const found = (await appMetaValue(app.db, 'tracking_report_bench')) as ReportDataset | undefined;
    if (found?.version === REPORT_DATASET_VERSION) {
      return { ...found, token: (await createSession(app.db, found.sellerId, {})).token, reused: true };
    }
    await app.db.execute(
      sql`truncate tracking_events, tracking_pages, tracking_daily, tracking_visits, tracking_visit_counts, tracking_daily_buyers`,
    );
    const { seller, products } = await sellerWithProducts(app);
    const began = performance.now();
    const builtAt = new Date();
    await fillEvents(url, seller.companyId!, products, events, builtAt);
    const dataset: ReportDataset = {
      version: REPORT_DATASET_VERSION,
      sellerId: seller.id,
      builtAt: builtAt.toISOString(),
      buildSeconds: Math.round((performance.now() - began) / 1000),
    };
    await setAppMeta(app.db, 'tracking_report_bench', dataset);
    return { ...dataset, token: seller.token, reused: false };
  } finally {
    await app.close();
  }
}

export async function trackingScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] },
): Promise<Figures[]> {
  const seconds = Number(process.env.TRACKING_BENCH_SECONDS ?? 30);
  const rows: Figures[] = [];
  const target = await benchDatabaseUrl(options.databaseUrl, 'tracking_bench');
  const app = await openApp(target.url);
  try {
    const { products } = await sellerWithProducts(app);
    if (target.url) {
      // On PostgreSQL the server runs in a process of its own, as in production: the load generator must
      // not share its event loop. Stopping it writes what its buffer held (preClose), then rows are counted.
      await app.close();
      // TRACKING_BENCH_CPU_PROF=<dir> writes the ingestion server's CPU profile there (node --cpu-prof).
      const profile = process.env.TRACKING_BENCH_CPU_PROF;
      const { child, announced } = await startChild(SERVER, {
        DATABASE_URL: target.url,
        ...(profile && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` }),
      });
      const base = announced.split(' ')[1]!;
      let stopped = false;
      try {
        rows.push(
          await measure('GET /api/v1/currency (baseline, same server)', { url: `${base}/api/v1/currency`, seconds }),
        );
        rows.push(
          await ingestion(base, products, seconds, async () => {
            await stopChild(child);
            stopped = true;
            return countEvents(target.url);
          }),
        );
      } finally {
        if (!stopped) await stopChild(child);
      }
    } else {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      rows.push(
        await measure('GET /api/v1/currency (baseline, same server)', { url: `${base}/api/v1/currency`, seconds }),
      );
      rows.push(await ingestion(base, products, seconds, () => countEvents(undefined, app)));
    }
  } finally {
    await app.close();
    await target.drop();
  }

  const events = Number(process.env.TRACKING_BENCH_EVENTS ?? 10_000_000);
  if (events === 0) return rows;
  if (!options.databaseUrl) {
    notes.lines.push('The report over a large event set runs on PostgreSQL only (DATABASE_URL).');
    return rows;
  }
  const url = await keptBenchDatabase(
    options.databaseUrl,
    `tracking_report_bench${events === 10_000_000 ? '' : `_${events}`}`,
  );
  const dataset = await ensureReportDataset(url, events);
  notes.lines.push(
    dataset.reused
      ? `Report data (${events.toLocaleString('en-US')} events) reused from an earlier run (built ${dataset.builtAt.slice(0, 10)} in ${dataset.buildSeconds} s).`
      : `Report data: ${events.toLocaleString('en-US')} events over 90 days (${(events / 5).toLocaleString('en-US')} of the seller's) and their roll-ups, built in ${dataset.buildSeconds} s; not part of any figure.`,
  );
  // The 30 days that end on the day the events end, so a database built earlier measures the same period.
  const to = dataset.builtAt.slice(0, 10);
  const from = new Date(new Date(`${to}T00:00:00Z`).getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const { child, announced } = await startChild(SERVER, { DATABASE_URL: url });
  try {
    const base = announced.split(' ')[1]!;
    rows.push(
      await measure('GET /api/v1/currency (baseline, report server)', { url: `${base}/api/v1/currency`, seconds }),
    );
    rows.push(
      await measure(`GET crm/tracking/report, 30 days, ${events.toLocaleString('en-US')} events stored`, {
        url: `${base}/crm/v1/crm/tracking/report?from=${from}&to=${to}`,
        headers: { authorization: `Bearer ${dataset.token}` },
        connections: 4,
        seconds: Math.min(seconds, 20),
      }),
    );
  } finally {
    await stopChild(child);
  }
  return rows;
}
