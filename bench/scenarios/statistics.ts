import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { rowsOf } from '../../apps/server/src/db/sql.ts';
import {
  createProductAs,
  inStockProduct,
  loadRefs,
  signUpSubUser,
} from '../../apps/server/src/modules/catalog/test-support.ts';
import { personOf } from '../../apps/server/src/modules/crm/test-support.ts';
import { ensureDefaultForms } from '../../apps/server/src/modules/crm/forms/service.ts';
import { sellerOf } from '../../apps/server/src/modules/market/test-support.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { createSession } from '../../apps/server/src/platform/sessions.ts';
import { type Figures, keptBenchDatabase, measure, percentile } from '../lib.ts';

/**
 * The seller's dashboard statistics (issue 20, acceptance 3, decision 042): GET crm/statistics for one
 * seller with STATISTICS_BENCH_LEADS leads (the acceptance asks for 200,000 on PostgreSQL; the default
 * is small enough for PGlite), spread over a year, with contacts, converted leads and deals, half as many
 * quote requests (most answered, a fifth RFQs), buyers who browsed and wishlisted, beside the bare
 * crm/input_fields in the same run, 16 clients each.
 */
const LEADS = Number(process.env.STATISTICS_BENCH_LEADS ?? 20_000);
const PRODUCTS = 20;

type App = Awaited<ReturnType<typeof buildApp>>;

async function one<T>(app: App, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await app.db.execute(query))[0];
}

/** Records of every type, the leads spread over 365 days, every 10th converted, every 20th with a deal (half won). */
async function writeRecords(app: App, companyId: number, ownerIds: number[]) {
  await app.db.transaction((tx) => ensureDefaultForms(tx, companyId));
  const forms = rowsOf<{ id: number; type_id: number }>(
    await app.db.execute(sql`select id, type_id from crm_forms where company_id = ${companyId}`),
  );
  const form = (typeId: number) => forms.find((row) => row.type_id === typeId)!.id;
  const owners = sql.raw(`(ARRAY[${ownerIds.join(',')}]::bigint[])`);
  const spread = sql`now() - ((g % 365) * interval '1 day') - ((g % 86400) * interval '1 second')`;
  await app.db.execute(sql`
    INSERT INTO crm_records (company_id, type_id, form_id, owner_id, created_by, values, created_at, updated_at)
    SELECT ${companyId}, 2, ${form(2)}, ${owners}[1 + g % ${ownerIds.length}], ${ownerIds[0]},
           jsonb_build_object('deal_name', 'Bench deal ' || g, 'stage', CASE WHEN g % 2 = 0 THEN 'Closed Won' ELSE 'Proposal' END),
           ${spread}, now()
    FROM generate_series(1, ${Math.ceil(LEADS / 20)}) AS g`);
  const { first } = await one<{ first: number }>(
    app,
    sql`select min(id)::int as first from crm_records where company_id = ${companyId} and type_id = 2`,
  );
  await app.db.execute(sql`
    INSERT INTO crm_records (company_id, type_id, form_id, owner_id, created_by, values, created_at, updated_at,
                             converted_at, converted_deal_id)
    SELECT ${companyId}, 1, ${form(1)}, ${owners}[1 + g % ${ownerIds.length}], ${ownerIds[0]},
           jsonb_build_object('first_name', 'Bench', 'last_name', 'Lead ' || g, 'company', 'Company ' || (g % 997)),
           ${spread}, now(),
           CASE WHEN g % 10 = 0 THEN ${spread} + interval '2 days' END,
           CASE WHEN g % 20 = 0 THEN ${first} + g / 20 - 1 END
    FROM generate_series(1, ${LEADS}) AS g`);
  await app.db.execute(sql`
    UPDATE crm_records d SET source_lead_id = l.id FROM crm_records l
    WHERE l.company_id = ${companyId} AND l.converted_deal_id = d.id`);
  await app.db.execute(sql`
    INSERT INTO crm_records (company_id, type_id, form_id, owner_id, created_by, values, created_at, updated_at)
    SELECT ${companyId}, 4, ${form(4)}, ${owners}[1 + g % ${ownerIds.length}], ${ownerIds[0]},
           jsonb_build_object('first_name', 'Bench', 'last_name', 'Contact ' || g), ${spread}, now()
    FROM generate_series(1, ${Math.ceil(LEADS / 10)}) AS g`);
}

/** Buyers (a tenth of the leads, at most 20,000): each linked to a lead, browsing on 5 days, wishlisting one product. */
async function writeBuyers(app: App, companyId: number, template: number, productIds: number[]) {
  const buyers = Math.min(Math.ceil(LEADS / 10), 20_000);
  await app.db.execute(sql`
    INSERT INTO users (user_type, role, default_role, member_id, full_name, email_id)
    SELECT user_type, role, default_role, 'STATBENCH' || g, 'Bench Buyer ' || g, 'stat.bench.' || g || '@example.test'
    FROM generate_series(1, ${buyers}) AS g, users WHERE users.id = ${template}`);
  await app.db.execute(sql`
    INSERT INTO crm_lead_visitors (company_id, user_id, lead_id, origin)
    SELECT ${companyId}, u.id, l.id, 'matched'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE member_id LIKE 'STATBENCH%') u
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM crm_records WHERE company_id = ${companyId} AND type_id = 1) l
      ON l.n = u.n`);
  await app.db.execute(sql`
    INSERT INTO tracking_daily_buyers (company_id, day, user_id, views, clicks, time_ms)
    SELECT ${companyId}, (now() - ((u.id % 60 + d * 7) * interval '1 day'))::date, u.id, 1 + u.id % 7, u.id % 3, 1000 * (5 + u.id % 300)
    FROM users u, generate_series(0, 4) AS d WHERE u.member_id LIKE 'STATBENCH%'`);
  const products = sql.raw(`(ARRAY[${productIds.join(',')}]::bigint[])`);
  await app.db.execute(sql`
    INSERT INTO market_wishlist (user_id, product_id, created_at)
    SELECT u.id, ${products}[1 + u.id % ${productIds.length}], now() - ((u.id % 365) * interval '1 day')
    FROM users u WHERE u.member_id LIKE 'STATBENCH%'`);
  return buyers;
}

/** Quote requests (half the leads) over a year: four in five answered within two days, a fifth RFQs. */
async function writeEnquiries(
  app: App,
  seller: { id: number; companyId: number },
  responders: number[],
  buyer: number,
) {
  const { currency } = await one<{ currency: number }>(app, sql`select min(id)::int as currency from currencies`);
  const answerers = sql.raw(`(ARRAY[${responders.join(',')}]::bigint[])`);
  const created = sql`now() - ((g % 365) * interval '1 day') - ((g % 86400) * interval '1 second')`;
  await app.db.execute(sql`
    INSERT INTO enquiries (request_group, enquiry_user_id, seller_user_id, seller_company_id, product_name, quantity,
                           currency_id, requested_unit_price, requested_total, lines, created_at, updated_at,
                           rfq, first_response_at, first_response_by)
    SELECT gen_random_uuid(), ${buyer}, ${seller.id}, ${seller.companyId}, 'Bench product', 10, ${currency}, 100, 1000,
           '[]'::jsonb, ${created}, now(), g % 5 = 0,
           CASE WHEN g % 5 <> 1 THEN ${created} + ((g % 2880) * interval '1 minute') END,
           CASE WHEN g % 5 <> 1 THEN ${answerers}[1 + g % ${responders.length}] END
    FROM generate_series(1, ${Math.ceil(LEADS / 2)}) AS g`);
}

/** The seller and member of a data set an earlier run built in this database, with fresh sessions. */
async function keptDataset(app: App) {
  const users = rowsOf<{ id: number; company_id: number; user_type: string }>(
    await app.db.execute(sql`
      select u.id::int, u.company_id::int, u.user_type from users u join companies c on c.id = u.company_id
      where c.name = 'Statistics Bench' order by u.id`),
  );
  const owner = users.find((user) => user.user_type === 'seller');
  const sub = users.find((user) => user.user_type === 'subuser');
  if (!owner || !sub) return null;
  const { done } = await one<{ done: boolean }>(
    app,
    sql`select exists (select 1 from market_wishlist w join users u on u.id = w.user_id where u.member_id like 'STATBENCH%') as done`,
  );
  if (!done) return null;
  const signIn = async (user: { id: number; company_id: number }) => ({
    id: user.id,
    companyId: user.company_id,
    token: (await createSession(app.db, user.id, {})).token,
  });
  return { seller: await signIn(owner), member: await signIn(sub) };
}

/** Builds the data set: one seller, a member, products, records, buyers and enquiries. */
async function writeDataset(app: App, postgres: boolean, notes: { lines: string[] }) {
  const seller = await sellerOf(app, { name: 'Statistics Bench', type: 'Manufacturers', country: 'IN' });
  const member = await signUpSubUser(app, seller);
  const buyer = await personOf(app, 'buyer', { name: 'Bench Buyer' });
  const refs = await loadRefs(app);
  const productIds: number[] = [];
  for (let index = 0; index < PRODUCTS; index += 1) {
    const body = inStockProduct(refs, { name: `Bench Pump ${index}`, model_number: `BP-${index}` });
    productIds.push((await createProductAs(app, seller, body)).id);
  }
  const started = Date.now();
  await writeRecords(app, seller.companyId!, [seller.id, member.id]);
  const buyers = await writeBuyers(app, seller.companyId!, buyer.id, productIds);
  await writeEnquiries(app, { id: seller.id, companyId: seller.companyId! }, [seller.id, member.id], buyer.id);
  // What autovacuum does after a bulk load: statistics for the planner and the visibility map that
  // lets the statistics read their indexes alone.
  if (postgres) await app.db.execute(sql`VACUUM ANALYZE`);
  notes.lines.push(
    `${LEADS.toLocaleString('en-US')} leads, ${Math.ceil(LEADS / 10).toLocaleString('en-US')} contacts, ${Math.ceil(LEADS / 20).toLocaleString('en-US')} deals, ${Math.ceil(LEADS / 2).toLocaleString('en-US')} quote requests, ${buyers.toLocaleString('en-US')} browsing buyers and wishlists, ${PRODUCTS} products, written in ${((Date.now() - started) / 1000).toFixed(1)} s (INSERT … SELECT; not part of any figure).`,
  );
  return { seller, member };
}

/**
 * One client, a change before every request (a bench buyer's wishlist entry taken away or put back,
 * which moves wishlist_count): what a dashboard waits for when nothing kept is current.
 */
async function afterChanges(app: App, url: string, headers: Record<string, string>, rounds: number) {
  const entry = await one<{ user_id: number; product_id: number }>(
    app,
    sql`select w.user_id::int, w.product_id::int from market_wishlist w join users u on u.id = w.user_id
        where u.member_id like 'STATBENCH%' order by w.user_id limit 1`,
  );
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    await app.db.execute(
      round % 2 === 0
        ? sql`delete from market_wishlist where user_id = ${entry.user_id} and product_id = ${entry.product_id}`
        : sql`insert into market_wishlist (user_id, product_id) values (${entry.user_id}, ${entry.product_id})`,
    );
    const before = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - before);
    if (!response.ok) errors += 1;
  }
  if (rounds % 2 === 1) {
    await app.db.execute(
      sql`insert into market_wishlist (user_id, product_id) values (${entry.user_id}, ${entry.product_id})`,
    );
  }
  times.sort((a, b) => a - b);
  return {
    scenario: 'GET crm/statistics, whole company, last 30 days, a change before each request (nothing kept), 1 client',
    rps: Math.round(rounds / ((performance.now() - started) / 1000)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    requests: rounds,
  } satisfies Figures;
}

export async function statisticsScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] },
): Promise<Figures[]> {
  // On PostgreSQL the data set is kept (`postgres_statistics_bench_<leads>`) and reused by later runs.
  const url = options.databaseUrl
    ? await keptBenchDatabase(options.databaseUrl, `statistics_bench_${LEADS}`)
    : undefined;
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: url });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const kept = await keptDataset(app);
    if (kept)
      notes.lines.push(
        `${LEADS.toLocaleString('en-US')} leads and the rest: the data set of an earlier run, kept in its database.`,
      );
    const { seller, member } = kept ?? (await writeDataset(app, Boolean(url), notes));
    const headers = { authorization: `Bearer ${seller.token}` };
    const load = (url: string) => ({
      url: `${base}${url}`,
      headers,
      connections: 16,
      seconds: options.seconds,
      warmupSeconds: 2,
    });
    return [
      await measure('baseline: GET /crm/v1/crm/input_fields (session, no query)', load('/crm/v1/crm/input_fields')),
      await measure(
        'GET crm/statistics, whole company, last 30 days (goal p95 < 200 ms)',
        load('/crm/v1/crm/statistics'),
      ),
      await measure('GET crm/statistics, whole company, last 12 months', load('/crm/v1/crm/statistics?period=365d')),
      await measure(
        'GET crm/statistics, one member, last 90 days',
        load(`/crm/v1/crm/statistics?period=90d&user_id=${member.id}`),
      ),
      await afterChanges(app, `${base}/crm/v1/crm/statistics`, headers, 20),
    ];
  } finally {
    await app.close();
  }
}
