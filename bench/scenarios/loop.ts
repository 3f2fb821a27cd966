import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { LOOP_SOURCES } from '@tradeloop/contracts/crm/leads';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/sql.ts';
import { createAccount } from '../../apps/server/src/modules/accounts/service.ts';
import { catalogCaches } from '../../apps/server/src/modules/catalog/references.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../apps/server/src/modules/catalog/test-support.ts';
import { leadFromQuote } from '../../apps/server/src/modules/crm/leads/service.ts';
import { sellerOf } from '../../apps/server/src/modules/market/test-support.ts';
import { deliveryQueue, type DomainEvents } from '../../apps/server/src/platform/events.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { createSession } from '../../apps/server/src/platform/sessions.ts';
import { benchDatabaseUrl, type Figures, percentile } from '../lib.ts';
import { quoteForm } from './crm-work.ts';

/*
 * The loop (issue 13): a buyer's quote request until the seller's CRM lists its lead thread, at a steady
 * 20 requests a second, through the outbox and the job runner, beside the direct in-process call it
 * replaced (the CRM handler run after the buyer's commit, before the answer). Then the runner's delivery
 * throughput: a backlog of quote events written while no instance ran jobs, delivered by one instance.
 */
const QUOTES_PER_SECOND = 20;
const POLL_MS = 20;

type Seller = { token: string; id: number; companyId: number | null };

export async function benchApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    REMINDER_INTERVAL_MS: '0',
    ...env,
  });
  return buildApp(config, { database, rateLimiter: createRateLimiter(uncountedStore()) });
}

/** A seller with one product and `count` buyers with sessions, made directly. */
export async function market(app: FastifyInstance, count: number) {
  const refs = await loadRefs(app);
  const seller = await sellerOf(app, { name: `Loop Pumps ${Date.now()}`, type: 'Manufacturers', country: 'IN' });
  const product = ((await createProductAs(app, seller, inStockProduct(refs))) as { id: number }).id;
  const buyers: { id: number; token: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await app.db.transaction((tx) =>
      createAccount(tx, {
        fullName: `Loop Buyer ${index}`,
        emailId: `loop.buyer.${process.pid}.${Date.now()}.${index}@example.test`,
        passwordHash: null,
        userType: 'others',
      }),
    );
    buyers.push({ id: created.userId, token: (await createSession(app.db, created.userId, {})).token });
  }
  return { seller, product, buyers };
}

export async function submitQuote(base: string, seller: Seller, product: number, buyer: { id: number; token: string }) {
  const form = quoteForm({
    unique_session_id: `loop-session-${buyer.id}`,
    seller_user_id: String(seller.id),
    enquiry_user_id: String(buyer.id),
    product_id: String(product),
    quantity: '5',
    combinations: '3 HP|Single',
    greeting_message: 'Please quote five pumps.',
  });
  const response = await fetch(`${base}/api/v1/front/getQuery/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': form.type },
    body: form.body,
  });
  const body = (await response.json()) as { data?: { enquiry_ids: number[] }; message?: string };
  if (response.status !== 201) throw new Error(`quote: ${response.status} ${body.message}`);
  return body.data!.enquiry_ids[0];
}

/** What counts as a quote's arrival: the enquiries the seller can see as arrived, read by a poller. */
type Arrival = {
  /** Set-up on the seller's company before the first quote (a rule, say). */
  prepare?: (app: FastifyInstance, base: string, seller: Seller) => Promise<void>;
  seen: (app: FastifyInstance, base: string, seller: Seller) => Promise<number[]>;
};

/** The seller's newest lead threads list the enquiry (what the seller's CRM shows). */
const threadListed: Arrival = {
  async seen(_app, base, seller) {
    const response = await fetch(`${base}/crm/v1/thread/index?sort_by=newest&per_page=100`, {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    const threads = ((await response.json()) as { data: { data: { enquiry_id: number | null }[] } }).data.data;
    return threads.flatMap((thread) => (thread.enquiry_id === null ? [] : [thread.enquiry_id]));
  },
};

/** A quote lead of the bench (default weights) scores about 20; the rule's threshold is under it. */
const RULE_THRESHOLD = 10;

async function postJson(base: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: { id: number }; message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

/**
 * Issue 20, acceptance 3: a rule sends a quote lead that reaches the threshold to a sub-user with a call
 * task due in two hours. A quote has arrived when the rule's run on its lead is done: the run commits the
 * assignment and the task, after scoring committed the score that set it off.
 */
export function ruleAssigned(): Arrival {
  let ruleId = 0;
  return {
    async prepare(_app, base, seller) {
      const member = await postJson(base, seller.token, '/api/v1/sub_account/create', {
        full_name: 'Rule Member',
        email_id: `rule.member.${process.pid}.${Date.now()}@example.test`,
      });
      const rule = await postJson(base, seller.token, '/crm/v1/automation/create', {
        name: 'Hot quote leads',
        trigger: { type: 'score_crossed', threshold: RULE_THRESHOLD },
        conditions: [{ id: 'lead_source', condition: 1, value: [LOOP_SOURCES.quote] }],
        actions: [
          { type: 'assign_user', user_id: member.id },
          { type: 'create_task', subject: 'Call {first_name} about the quote', due_in: 2, due_unit: 'hours' },
        ],
      });
      ruleId = rule.id;
    },
    async seen(app) {
      const runs = rowsOf<{ enquiry_id: string }>(
        await app.db.execute(sql`select t.enquiry_id from automation_runs r
          join crm_lead_threads t on t.lead_id = r.lead_id where r.rule_id = ${ruleId} and r.status = 'done'`),
      );
      return runs.map((run) => Number(run.enquiry_id));
    },
  };
}

/**
 * Sends a quote request every 1/20 s for `seconds`; one poller asks every 20 ms which have arrived and
 * times each request from its submit to the first poll that finds it.
 */
async function steadyQuotes(
  app: FastifyInstance,
  seconds: number,
  scenario: string,
  arrival: Arrival = threadListed,
): Promise<Figures> {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const total = QUOTES_PER_SECOND * seconds;
  const { seller, product, buyers } = await market(app, total);
  await arrival.prepare?.(app, base, seller);
  const started = new Map<number, number>();
  const times: number[] = [];
  let errors = 0;
  let sending = true;
  const poller = (async () => {
    while (sending || started.size > 0) {
      const arrived = await arrival.seen(app, base, seller);
      const seenAt = performance.now();
      for (const enquiryId of arrived) {
        const at = started.get(enquiryId);
        if (at === undefined) continue;
        times.push(seenAt - at);
        started.delete(enquiryId);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const sends: Promise<void>[] = [];
  const began = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = began + (index * 1000) / QUOTES_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const sentAt = performance.now();
    sends.push(
      submitQuote(base, seller, product, buyers[index]).then(
        (enquiryId) => void started.set(enquiryId, sentAt),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(sends);
  const giveUp = setTimeout(() => started.clear(), 30_000);
  sending = false;
  const lost = await poller.then(() => total - errors - times.length);
  clearTimeout(giveUp);
  times.sort((a, b) => a - b);
  return {
    scenario,
    rps: Math.round(times.length / ((performance.now() - began) / 1000)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + lost,
    requests: times.length,
  };
}

/**
 * The path the outbox replaced, for comparison: this instance runs no jobs, and the CRM's handler runs in
 * the request, after the buyer's transaction committed and before the answer, as the in-process emit did.
 */
function directEmit(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/api/v1/front/getQuery/submit' || reply.statusCode !== 201) return payload;
    const enquiryIds = (JSON.parse(String(payload)) as { data: { enquiry_ids: number[] } }).data.enquiry_ids;
    const events = rowsOf<{ payload: DomainEvents['quote.submitted'] }>(
      await app.db.execute(sql`select payload from domain_events where name = 'quote.submitted'
        and (payload->>'enquiryId')::bigint in (${sql.join(
          enquiryIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    const caches = await catalogCaches(app.db);
    for (const event of events) await app.db.transaction((tx) => leadFromQuote(app.crm, tx, event.payload, caches));
    return payload;
  });
}

/** Sellers the backlog's quotes go to: one company's leads are made one at a time (its unique-field lock). */
const BACKLOG_SELLERS = 20;

/**
 * Quote events written while no instance ran jobs (real quote requests to 20 sellers), then delivered by one
 * instance: every delivery of those events (the CRM's lead and thread, the notification, the lead's scoring
 * and the automation's look at the score) a second, and the events a second.
 */
async function deliveryThroughput(database: Database, count: number, label: string): Promise<Figures[]> {
  const writer = await benchApp(database, { JOB_CONCURRENCY: '0' });
  const base = await writer.listen({ port: 0, host: '127.0.0.1' });
  const sellers: number[] = [];
  for (let index = 0; index < BACKLOG_SELLERS; index += 1) {
    const { seller, product, buyers } = await market(writer, Math.ceil(count / BACKLOG_SELLERS));
    sellers.push(seller.id);
    for (let start = 0; start < buyers.length; start += 20) {
      await Promise.all(buyers.slice(start, start + 20).map((buyer) => submitQuote(base, seller, product, buyer)));
    }
  }
  await writer.close();
  const reader = await benchApp(database);
  const [{ since }] = rowsOf<{ since: string }>(await database.db.execute(sql`select now()::text as since`));
  await reader.ready();
  await reader.jobs.drain();
  // Every event delivery this instance made: the quotes' and those they caused (lead.changed, lead.scored).
  const [span] = rowsOf<{ deliveries: number; seconds: number; failed: number }>(
    await database.db.execute(sql`select count(*)::int as deliveries,
        extract(epoch from max(finished_at) - ${since}::timestamptz)::float8 as seconds,
        count(*) filter (where status <> 'done')::int as failed
      from jobs where queue like 'event:%' and (finished_at >= ${since}::timestamptz or status <> 'done')`),
  );
  await reader.close();
  const seconds = Math.max(span.seconds, 0.001);
  const figures = (scenario: string, n: number): Figures => ({
    scenario,
    rps: Math.round(n / seconds),
    p50: NaN,
    p95: NaN,
    p99: NaN,
    errors: span.failed,
    requests: n,
  });
  return [
    figures(
      `${label}: ${span.deliveries} deliveries of ${count} quote events to ${BACKLOG_SELLERS} sellers (lead + thread, notification, scoring, automation), deliveries/s`,
      span.deliveries,
    ),
    figures(`${label}: the same, quote events/s`, count),
  ];
}

/**
 * The ceiling: a bare claim-and-delete loop on the same jobs table, as many lanes and as large claims as the
 * runner (8 × 16), no handler at all. Rows a second.
 */
async function bareClaimAndDelete(database: Database, count: number, label: string): Promise<Figures> {
  const queue = `bench.bare.${process.pid}`;
  await database.db.execute(sql`insert into jobs (queue, key, payload, max_attempts, priority, fairness_key)
    select ${queue}, g::text, '{}'::jsonb, 10, 0, (g % 20)::text from generate_series(1, ${count}) g`);
  const began = performance.now();
  let deleted = 0;
  const lane = async () => {
    for (;;) {
      const rows = rowsOf(
        await database.db.execute(sql`delete from jobs where id in (select id from jobs
          where status = 'queued' and queue = ${queue} and run_at <= now()
          order by priority, run_at, id limit 16 for update skip locked) returning id`),
      );
      if (rows.length === 0) return;
      deleted += rows.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  const seconds = (performance.now() - began) / 1000;
  return {
    scenario: `${label}: ceiling, a bare claim-and-delete loop on the jobs table (8 lanes × 16 rows), rows/s`,
    rps: Math.round(deleted / seconds),
    p50: NaN,
    p95: NaN,
    p99: NaN,
    errors: count - deleted,
    requests: deleted,
  };
}

/** Tracked events of one store waiting in the queue while another company's quotes arrive (issue 41, acceptance 2). */
const CRAWLER_BACKLOG = 100_000;

/**
 * Fairness: 100,000 `tracking.engaged` deliveries of one company (a crawler's burst on one store) are queued,
 * written as `emit` writes them, then another company's buyers send quotes at 20 a second; each quote is timed
 * until its lead thread is listed in the seller's CRM. What is left of the backlog afterwards is removed.
 */
async function quotesBehindBacklog(database: Database, seconds: number, label: string): Promise<Figures[]> {
  // The same quotes with nothing else queued, in the same run: what the machine gives now.
  const quiet = await benchApp(database);
  const alone = await steadyQuotes(
    quiet,
    seconds,
    `${label}: baseline: quote → lead thread visible, nothing else queued (${QUOTES_PER_SECOND} quotes/s)`,
  );
  await quiet.close();
  const app = await benchApp(database, { JOB_CONCURRENCY: '0' });
  await app.ready();
  const store = await sellerOf(app, { name: `Crawled Store ${Date.now()}`, type: 'Manufacturers', country: 'IN' });
  const visitor = await app.db.transaction((tx) =>
    createAccount(tx, {
      fullName: 'Crawler Visitor',
      emailId: `crawler.${process.pid}.${Date.now()}@example.test`,
      passwordHash: null,
      userType: 'others',
    }),
  );
  const queue = deliveryQueue('crm.lead-from-engagement');
  await database.db.execute(sql`with event as (insert into domain_events (name, payload)
      select 'tracking.engaged', jsonb_build_object('buyerUserId', ${visitor.userId}::bigint,
        'sellerCompanyId', ${store.companyId}::bigint, 'sessionId', 'crawl-' || g)
      from generate_series(1, ${CRAWLER_BACKLOG}) g returning id, payload)
    insert into jobs (queue, key, event_id, payload, max_attempts, priority, fairness_key)
    select ${queue}, event.id::text, event.id, event.payload, 10, ${app.jobs.priorityOf(queue)}, ${String(store.companyId)}
    from event`);
  await app.close();
  const busy = await benchApp(database);
  const figures = await steadyQuotes(
    busy,
    seconds,
    `${label}: quote → lead thread visible while ${CRAWLER_BACKLOG.toLocaleString('en-US')} tracked events of another company wait (${QUOTES_PER_SECOND} quotes/s)`,
  );
  await busy.close();
  const [left] = rowsOf<{ waiting: number }>(
    await database.db.execute(sql`with gone as (delete from jobs where queue = ${queue} and status <> 'done'
      and fairness_key = ${String(store.companyId)} returning 1) select count(*)::int as waiting from gone`),
  );
  figures.scenario += ` (${(CRAWLER_BACKLOG - left.waiting).toLocaleString('en-US')} of them delivered meanwhile)`;
  return [alone, figures];
}

export async function loopScenarios(options: { seconds: number; databaseUrl?: string }): Promise<Figures[]> {
  const target = await benchDatabaseUrl(options.databaseUrl, 'loop_bench');
  const database = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
  await database.migrate();
  const label = target.url ? 'PostgreSQL' : 'PGlite';
  // BENCH_LOOP=backlog,ceiling,fairness: only those of the runner's figures, without the 20 quotes/s lines.
  const parts = process.env.BENCH_LOOP?.split(',').map((part) => part.trim());
  if (parts) {
    try {
      const figures: Figures[] = [];
      if (parts.includes('backlog'))
        figures.push(...(await deliveryThroughput(database, target.url ? 1_000 : 500, label)));
      if (parts.includes('ceiling'))
        figures.push(await bareClaimAndDelete(database, target.url ? 20_000 : 5_000, label));
      if (parts.includes('fairness')) figures.push(...(await quotesBehindBacklog(database, options.seconds, label)));
      return figures;
    } finally {
      await database.close();
      await target.drop();
    }
  }
  try {
    const direct = await benchApp(database, { JOB_CONCURRENCY: '0' });
    directEmit(direct);
    const baseline = await steadyQuotes(
      direct,
      options.seconds,
      `baseline: quote → lead thread visible, direct in-process call (${QUOTES_PER_SECOND} quotes/s)`,
    );
    await direct.close();
    // The direct path did the CRM's work itself: its queued deliveries must not load the next measurement.
    await database.db.execute(sql`update jobs set status = 'done', finished_at = now() where status = 'queued'`);

    const outboxApp = await benchApp(database);
    const throughOutbox = await steadyQuotes(
      outboxApp,
      options.seconds,
      `quote → lead thread visible, through the outbox and job runner (${QUOTES_PER_SECOND} quotes/s)`,
    );
    await outboxApp.close();

    const ruleApp = await benchApp(database);
    const ruleRun = await steadyQuotes(
      ruleApp,
      options.seconds,
      `quote → lead scored, assigned to a sub-user by a rule, with its task (${QUOTES_PER_SECOND} quotes/s)`,
      ruleAssigned(),
    );
    await ruleApp.close();

    const backlog = await deliveryThroughput(database, target.url ? 1_000 : 500, label);
    const ceiling = await bareClaimAndDelete(database, target.url ? 20_000 : 5_000, label);
    const fair = await quotesBehindBacklog(database, options.seconds, label);
    return [baseline, throughOutbox, ruleRun, ...backlog, ceiling, ...fair];
  } finally {
    await database.close();
    await target.drop();
  }
}
