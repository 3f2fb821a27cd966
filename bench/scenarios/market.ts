import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth';
import type { ProductSearchInput } from '@tradeloop/contracts/market';
import { productSearchBodySchema } from '@tradeloop/contracts/market';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { createAccount } from '../../apps/server/src/modules/accounts/service.ts';
import { searchProducts } from '../../apps/server/src/modules/market/search.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { startChild, stopChild } from '../child-process.ts';
import { keptBenchDatabase, measure, percentile, type Figures } from '../lib.ts';
import { rowsOf } from '../../apps/server/src/db/sql.ts';

/**
 * Marketplace search at scale (issue 7, acceptance 4): 100,000 public products of 100 sellers,
 * generated with SQL inside the database, then 32 clients searching with a keyword and three
 * filters (business type, condition, price range). The endpoint (answered by PostgreSQL,
 * docs/decisions/056) is measured beside the statements it runs (search-sql.ts: the search, the page's
 * rows, the suppliers…) replayed straight through the driver (pg on PostgreSQL, the PGlite client in
 * memory) by 32 clients. On PostgreSQL the server runs in a process
 * of its own, as in production; PGlite lives in this process, so the server does too.
 */
export const MARKET_PRODUCTS = Number(process.env.MARKET_BENCH_PRODUCTS ?? 100_000);
const SELLERS = 100;
const CLIENTS = 32;
const CHUNK = 10_000;
const WARMUP_SECONDS = 3;
const DATASET_VERSION = `v1-${MARKET_PRODUCTS}`;
/** Each catalogue size keeps a database of its own (the 100,000 of earlier runs keep their name). */
const DATABASE_SUFFIX = MARKET_PRODUCTS === 100_000 ? 'market_bench' : `market_bench_${MARKET_PRODUCTS}`;
const SERVER = new URL('../app-server.ts', import.meta.url);

const KEYWORDS = [
  'pump',
  'valve',
  'motor',
  'cable',
  'steel',
  'bearing',
  'glove',
  'chair',
  'fabric',
  'sensor',
  'compressor',
  'tile',
];
const QUALIFIERS = [
  'Industrial',
  'Heavy Duty',
  'Compact',
  'Premium',
  'Economy',
  'Stainless',
  'Automatic',
  'Portable',
  'Export Grade',
  'Precision',
];
const COUNTRIES = [
  'IN',
  'CN',
  'DE',
  'US',
  'GB',
  'JP',
  'BR',
  'TR',
  'AE',
  'VN',
  'IT',
  'FR',
  'MX',
  'TH',
  'MY',
  'PL',
  'CA',
  'AU',
  'ZA',
  'NG',
];
const CURRENCY_OF: Record<string, string> = {
  IN: 'Rupee',
  CN: 'CNY',
  DE: 'EUR',
  IT: 'EUR',
  FR: 'EUR',
  GB: 'GBP',
  JP: 'JPY',
  BR: 'BRL',
};

/** 24 searches: every keyword with two business types, Brand New, 100 to 20,000 in US dollars. */
export const SEARCHES: ProductSearchInput[] = KEYWORDS.flatMap((keyword, index) =>
  [0, 3].map((shift) => ({
    keyword,
    business_type: [COMPANY_TYPES[(index + shift) % COMPANY_TYPES.length]],
    condition: ['Brand New'],
    price_range: { min: 100, max: 20_000 },
  })),
);

const quoted = (list: readonly string[]) => `ARRAY[${list.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (list: readonly string[], salt: number) =>
  `(${quoted(list)})[1 + abs(hashint4(g * ${salt} + ${salt})) % ${list.length}]`;

/** One chunk of products (and their categories) over generate_series, in one statement each. */
function productsSql(from: number, to: number) {
  return `
    INSERT INTO products (company_id, created_by, unique_number, slug, status, name, description, model_number,
      product_type, availability, price_type, choice_options, brand_id, sea_port, air_port, price_term_id, condition,
      manufacturer_year, currency_id, unit_price, qty_currency_id, price_min, price_max, price_currency_id,
      search_text, created_at, updated_at)
    SELECT s.company_id, s.user_id, 'BENCH-' || g, 'bench-product-' || g, 'active', p.name,
      p.name || ' by ' || b.name || ', made for buyers in ' || lower(c.top) || '. Export packing and test report included.',
      upper(left(c.noun, 3)) || '-' || g,
      CASE WHEN g % 7 = 0 THEN 'configured' ELSE 'simple' END,
      CASE WHEN g % 4 = 0 THEN 'by_order' ELSE 'in_stock' END,
      CASE WHEN g % 3 = 0 THEN 'fixed' ELSE 'quantity' END,
      '[{"name":"Size","values":["Small","Medium","Large"]},{"name":"Finish","values":["Painted","Galvanised"]}]'::jsonb,
      b.id, 'Nearest container port', 'Nearest international airport', s.price_term_id,
      ${pick(['Brand New', 'Brand New', 'Brand New', 'Used', 'Refurbished'], 17)},
      2015 + g % 11,
      CASE WHEN g % 3 = 0 THEN s.currency_id END, CASE WHEN g % 3 = 0 THEN p.price END,
      CASE WHEN g % 3 <> 0 THEN s.currency_id END,
      p.price, CASE WHEN g % 3 = 0 THEN p.price ELSE round(p.price * 1.15, 2) END, s.currency_id,
      p.name || ' ' || b.name || ' ' || c.name, now() - (g % 365) * interval '1 day', now()
    FROM generate_series(${from}, ${to}) AS g
    JOIN bench_market_sellers s ON s.idx = g % ${SELLERS}
    JOIN bench_market_leaves c ON c.idx = abs(hashint4(g * 7)) % (SELECT count(*) FROM bench_market_leaves)
    JOIN bench_market_brands b ON b.idx = abs(hashint4(g * 11)) % (SELECT count(*) FROM bench_market_brands)
    CROSS JOIN LATERAL (
      SELECT ${pick(QUALIFIERS, 3)} || ' ' || c.noun || ' ' || upper(left(c.noun, 3)) || '-' || g AS name,
             round(((1 + abs(hashint4(g * 13)) % 4000000) / 100.0) * s.per_usd, 2) AS price
    ) p`;
}

function categoriesSql(from: number, to: number) {
  return `
    INSERT INTO product_categories (product_id, category_id, position)
    SELECT p.id, c.id, 0 FROM products p
    JOIN bench_market_leaves c ON c.idx = abs(hashint4(substring(p.unique_number FROM 7)::int * 7)) % (SELECT count(*) FROM bench_market_leaves)
    WHERE p.unique_number IN (SELECT 'BENCH-' || g FROM generate_series(${from}, ${to}) AS g)`;
}

type Execute = (text: string) => Promise<unknown>;

async function createSellers(db: Db) {
  const accounts: { index: number; country: string; userId: number; companyId: number | null }[] = [];
  await db.transaction(async (tx) => {
    for (let index = 0; index < SELLERS; index += 1) {
      const country = COUNTRIES[index % COUNTRIES.length];
      const created = await createAccount(tx, {
        fullName: `Market Bench Seller ${index}`,
        emailId: `market.bench.${index}@example.test`,
        passwordHash: null,
        userType: 'seller',
        company: {
          name: `Bench Supplier ${index}`,
          type: COMPANY_TYPES[index % COMPANY_TYPES.length],
          countryCode: country,
        },
      });
      accounts.push({ index, country, ...created });
    }
  });
  return accounts;
}

/** Sellers, leaves and brands the generator draws from, as small tables. */
async function helperTables(db: Db, execute: Execute) {
  const sellers = await createSellers(db);
  await execute('DROP TABLE IF EXISTS bench_market_sellers, bench_market_leaves, bench_market_brands');
  const rows = sellers
    .map(
      (seller) => `(${seller.index}, ${seller.companyId}, ${seller.userId}, '${CURRENCY_OF[seller.country] ?? 'USD'}')`,
    )
    .join(',');
  await execute(`
    CREATE TABLE bench_market_sellers AS
    SELECT v.idx, v.company_id, v.user_id, cur.id AS currency_id, r.rate AS per_usd,
           (SELECT id FROM price_terms WHERE name = 'FOB' LIMIT 1) AS price_term_id
    FROM (VALUES ${rows}) AS v(idx, company_id, user_id, code)
    JOIN currencies cur ON cur.code = v.code JOIN market_exchange_rates r ON r.currency_id = cur.id`);
  await execute(`
    CREATE TABLE bench_market_leaves AS
    SELECT (row_number() OVER (ORDER BY leaf.id) - 1)::int AS idx, leaf.id, leaf.name, top.name AS top,
           regexp_replace(leaf.name, 's$', '') AS noun
    FROM categories leaf JOIN categories mid ON mid.id = leaf.parent_id JOIN categories top ON top.id = mid.parent_id
    WHERE leaf.depth = 2`);
  await execute(`
    CREATE TABLE bench_market_brands AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, name FROM brands WHERE status = 'approved'`);
  await execute(`
    INSERT INTO market_sellers (company_id, annual_revenue, member_type)
    SELECT company_id, (ARRAY['Below US$1 million','US$1 – 5 million','US$5 – 10 million','US$10 – 50 million'])[1 + idx % 4],
           CASE WHEN idx % 3 = 0 THEN 'Verified Supplier' ELSE 'Standard Member' END
    FROM bench_market_sellers ON CONFLICT (company_id) DO NOTHING`);
}

/** Builds the dataset unless an earlier run left the same one (PostgreSQL keeps it); answers the build time. */
async function ensureDataset(db: Db, execute: Execute, inTransaction: (statements: string[]) => Promise<void>) {
  const [marker] = rowsOf<{ value: { version?: string } }>(
    await db.execute(sql`SELECT value FROM app_meta WHERE key = 'market_bench_dataset'`),
  );
  if (marker?.value?.version === DATASET_VERSION) return null;
  const started = Date.now();
  await helperTables(db, execute);
  for (let from = 1; from <= MARKET_PRODUCTS; from += CHUNK) {
    const to = Math.min(MARKET_PRODUCTS, from + CHUNK - 1);
    // One transaction per chunk: the search index of its products is built when it commits.
    await inTransaction([productsSql(from, to), categoriesSql(from, to)]);
    process.stdout.write(`\rmarket bench: ${to.toLocaleString('en-US')} products`);
  }
  process.stdout.write('\n');
  await execute('DROP TABLE bench_market_sellers, bench_market_leaves, bench_market_brands');
  await execute('VACUUM ANALYZE');
  const seconds = Math.round((Date.now() - started) / 1000);
  await execute(
    `INSERT INTO app_meta (key, value) VALUES ('market_bench_dataset', '{"version":"${DATASET_VERSION}","buildSeconds":${seconds}}')
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
  );
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// Measuring

function figures(scenario: string, times: number[], errors: number, seconds: number): Figures {
  times.sort((a, b) => a - b);
  return {
    scenario,
    rps: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    requests: times.length,
  };
}

/** The search endpoint with autocannon, each connection cycling through the searches. */
async function measureSearches(
  scenario: string,
  base: string,
  searches: unknown[],
  seconds: number,
  clients = CLIENTS,
) {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/v1/front/product/list`,
        connections: clients,
        duration: seconds,
        requests: searches.map((body) => ({
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1;
      times.push(responseTime);
    });
  });
  const measured = figures(scenario, times, errors + result.errors + result.timeouts, result.duration || seconds);
  return { ...measured, rps: Math.round(result.requests.total / (result.duration || 1)) };
}

type Statement = { text: string; params: unknown[] };
type Run = (statement: Statement) => Promise<unknown>;

/** The statements one search runs once the process's caches (rates, categories, words) are warm. */
async function captureStatements(makeDb: (log: (text: string, params: unknown[]) => void) => Db) {
  let capturing = false;
  let current: Statement[] = [];
  const db = makeDb((text, params) => capturing && current.push({ text, params }));
  const captured: Statement[][] = [];
  for (const search of SEARCHES) {
    const body = productSearchBodySchema.parse(search);
    await searchProducts(db, body);
    current = [];
    capturing = true;
    await searchProducts(db, body);
    capturing = false;
    captured.push(current);
  }
  return captured;
}

/** 32 clients replaying one search's statements after another, for `seconds`. */
async function measureStatements(scenario: string, searches: Statement[][], run: Run, seconds: number) {
  const times: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  let next = 0;
  const client = async () => {
    while (Date.now() < until) {
      const statements = searches[next++ % searches.length];
      const started = performance.now();
      try {
        for (const statement of statements) await run(statement);
        times.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return figures(scenario, times, errors, seconds);
}

// ---------------------------------------------------------------------------------------------
// The shapes of search issue 40 asks for at scale, beside the cheapest public read

/** Words of every generated description: each matches the whole catalogue (at least a fifth, as asked). */
const BROAD_KEYWORDS = ['export', 'packing', 'report'];
/**
 * The keywords misspelt as buyers do, with a letter dropped, doubled or changed (the vocabulary's trigrams do not
 * correct two swapped letters of a short word: "pmup" finds nothing).
 */
const MISSPELT_KEYWORDS = [
  'pumpp',
  'valvve',
  'motr',
  'cabel',
  'steeel',
  'baering',
  'glovess',
  'chairr',
  'fabrik',
  'sensorr',
  'compresor',
  'tilee',
];

async function scaleSearches(db: Db) {
  const tops = rowsOf<{ id: number }>(
    await db.execute(sql`select id from categories where parent_id is null order by position, id`),
  );
  const filters = { condition: ['Brand New'], price_range: { min: 100, max: 20_000 } };
  return {
    broad: BROAD_KEYWORDS.map((keyword) => ({ keyword })),
    browsing: tops.map((top) => ({ categories: [Number(top.id)], ...filters })),
    misspelt: MISSPELT_KEYWORDS.map((keyword) => ({ keyword })),
    deepPage: BROAD_KEYWORDS.map((keyword) => ({ keyword, page: 50 })),
  };
}

async function scaleScenarios(db: Db, base: string, seconds: number, notes: { lines: string[] }) {
  const searches = await scaleSearches(db);
  const totals = await Promise.all(
    [searches.broad[0], searches.browsing[0], searches.misspelt[0]].map(
      async (body) => (await searchProducts(db, productSearchBodySchema.parse(body))).total,
    ),
  );
  notes.lines.push(
    `At scale: a broad keyword (${BROAD_KEYWORDS.join(', ')}; "${BROAD_KEYWORDS[0]}" counts ${totals[0].toLocaleString('en-US')}), ` +
      `category browsing (each of the ${searches.browsing.length} top categories with condition and a price range, no keyword; ` +
      `the first counts ${totals[1].toLocaleString('en-US')}), a misspelt keyword ("${MISSPELT_KEYWORDS[0]}" counts ` +
      `${totals[2].toLocaleString('en-US')}) and page 50 of the broad keywords, each at ${CLIENTS} clients after a warm-up; ` +
      'the baseline is `GET /api/v1/currency` in the same run.',
  );
  const currency = await measure(`baseline: GET /api/v1/currency, ${CLIENTS} clients`, {
    url: `${base}/api/v1/currency`,
    connections: CLIENTS,
    seconds,
  });
  const measured = [currency];
  const shapes: [string, unknown[]][] = [
    ['broad keyword', searches.broad],
    ['category browsing: category + 2 filters, no keyword', searches.browsing],
    ['misspelt keyword', searches.misspelt],
    ['page 50 of a broad keyword', searches.deepPage],
  ];
  for (const [name, bodies] of shapes) {
    await measureSearches('warm-up', base, bodies, WARMUP_SECONDS);
    measured.push(await measureSearches(`POST front/product/list, ${name}, ${CLIENTS} clients`, base, bodies, seconds));
  }
  return measured;
}

// ---------------------------------------------------------------------------------------------

export async function marketScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] },
): Promise<Figures[]> {
  const url = options.databaseUrl ? await keptBenchDatabase(options.databaseUrl, DATABASE_SUFFIX) : '';
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DATABASE_URL: url, DEMO_DATA: 'false' });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  const pool = url ? new pg.Pool({ connectionString: url, max: 10 }) : null;
  const pglite = url ? null : ((app.db as unknown as { $client: PGlite }).$client as PGlite);
  const execute: Execute = (text) => (pool ? pool.query(text) : pglite!.exec(text));
  const inTransaction = async (statements: string[]) => {
    if (pool) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of statements) await client.query(statement);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    } else {
      await pglite!.transaction(async (tx) => {
        for (const statement of statements) await tx.exec(statement);
      });
    }
  };
  let stopServer: (() => Promise<void>) | null = null;
  try {
    const buildSeconds = await ensureDataset(app.db, execute, inTransaction);
    notes.lines.push(
      buildSeconds === null
        ? `Dataset: ${MARKET_PRODUCTS.toLocaleString('en-US')} products of ${SELLERS} sellers, kept from an earlier run.`
        : `Dataset: ${MARKET_PRODUCTS.toLocaleString('en-US')} products of ${SELLERS} sellers built in ${buildSeconds} s (not part of the figures).`,
    );
    const server = pool ? await startChild(SERVER, { DATABASE_URL: url }) : null;
    stopServer = server ? () => stopChild(server.child) : null;
    const base = server ? server.announced.split(' ')[1] : await app.listen({ port: 0, host: '127.0.0.1' });
    const logger = (log: (text: string, params: unknown[]) => void) => ({ logQuery: log });
    const sqlSearches = await captureStatements(
      (log) =>
        (pool
          ? drizzlePg(pool, { logger: logger(log) })
          : drizzlePglite(pglite!, { logger: logger(log) })) as unknown as Db,
    );
    const run: Run = pool
      ? (statement) => pool.query(statement.text, statement.params)
      : (statement) => pglite!.query(statement.text, statement.params);
    const sample = await searchProducts(app.db, productSearchBodySchema.parse(SEARCHES[0]));
    notes.lines.push(
      `Each search: a keyword (${KEYWORDS.length} words in turn) and business type, condition and a price range; ` +
        `"${SEARCHES[0].keyword}" matches ${sample.total.toLocaleString('en-US')} products with those filters. ` +
        `Once warm, a search is ${sqlSearches[0].length} statements (BEGIN, the statement timeout, the search, COMMIT, ` +
        "the page's listings, their sellers' ratings, the suppliers).",
    );
    await measureStatements('warm-up', sqlSearches, run, WARMUP_SECONDS);
    const direct = await measureStatements(
      `baseline: the endpoint's statements through ${pool ? 'pg' : 'the PGlite client'}, ${CLIENTS} clients`,
      sqlSearches,
      run,
      options.seconds,
    );
    // Each measurement follows the same load unmeasured: the server's caches, JIT and pools are warm.
    await measureSearches('warm-up', base, SEARCHES, WARMUP_SECONDS);
    const endpoint = await measureSearches(
      `POST /api/v1/front/product/list, keyword + 3 filters, ${CLIENTS} clients`,
      base,
      SEARCHES,
      options.seconds,
    );
    // The same searches one at a time: what a buyer waits for when the machine is not saturated.
    const alone = await measureSearches(
      'POST /api/v1/front/product/list, keyword + 3 filters, 1 client',
      base,
      SEARCHES,
      options.seconds,
      1,
    );
    const atScale = await scaleScenarios(app.db, base, options.seconds, notes);
    const share = Math.round((endpoint.rps / Math.max(1, direct.rps)) * 100);
    notes.lines.push(
      `Endpoint throughput is ${share} % of its statements replayed through the driver (goal ≥ 60 %); endpoint p95 ${endpoint.p95.toFixed(1)} ms` +
        `${pool ? ' (goal on PostgreSQL < 50 ms)' : ''}.`,
    );
    return [direct, endpoint, alone, ...atScale];
  } finally {
    await stopServer?.();
    await app.close();
    await pool?.end();
  }
}
