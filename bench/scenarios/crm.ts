import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { startChild, stopChild } from '../child-process.ts';
import { measure, type Figures } from '../lib.ts';

const SERVER = new URL('../app-server.ts', import.meta.url);

/**
 * CRM listing at scale (issue 4): one seller with 200,000 leads among 1,000,000 leads of 50 sellers,
 * every lead with 20 values of its seller's form. The leads are generated inside PostgreSQL with
 * generate_series, in a database of their own (`<database>_crm_bench`) that later runs reuse.
 */
const TOTAL_LEADS = Number(process.env.CRM_BENCH_LEADS ?? 1_000_000);
const BENCH_SELLER_LEADS = Math.round(TOTAL_LEADS / 5);
const SELLERS = 50;
const DATASET_VERSION = `v2-${TOTAL_LEADS}`;
/** Each listing is driven this long before it is measured. */
const WARMUP_SECONDS = 3;

/** The five custom fields every bench seller adds to its lead form (15 default values + 5 custom = 20). */
const CUSTOM_FIELDS = [
  { label: 'Plant capacity (t/day)', field_type: 'number' },
  { label: 'Certification', field_type: 'select', option_list: ['ISO 9001', 'ISO 14001', 'API 610', 'CE', 'None'] },
  { label: 'Preferred incoterm', field_type: 'select', option_list: ['FOB', 'CIF', 'EXW', 'DDP', 'CFR'] },
  { label: 'Buying cycle', field_type: 'select', option_list: ['Monthly', 'Quarterly', 'Yearly', 'One-off'] },
  { label: 'Region', field_type: 'text' },
];

const WORDS = {
  first: [
    'Aarav',
    'Priya',
    'Wei',
    'Fatima',
    'Lukas',
    'Ana',
    'Omar',
    'Grace',
    'Kenji',
    'Sofia',
    'Ivan',
    'Amara',
    'Diego',
    'Mei',
    'Noah',
    'Zara',
    'Ravi',
    'Elif',
    'Tom',
    'Leila',
  ],
  last: [
    'Sharma',
    'Chen',
    'Khan',
    'Müller',
    'Silva',
    'Okafor',
    'Tanaka',
    'Rossi',
    'Novak',
    'Haddad',
    'Patel',
    'Kim',
    'García',
    'Nkosi',
    'Berg',
    'Costa',
    'Ali',
    'Singh',
    'Moreau',
    'Lopez',
  ],
  prefix: [
    'Vertex',
    'Apex',
    'Delta',
    'Orion',
    'Summit',
    'Nova',
    'Titan',
    'Zenith',
    'Atlas',
    'Falcon',
    'Crest',
    'Harbor',
    'Pioneer',
    'Sterling',
    'Everest',
    'Quantum',
    'Horizon',
    'Meridian',
    'Granite',
    'Cobalt',
  ],
  suffix: [
    'Industries',
    'Engineering',
    'Pumps',
    'Valves',
    'Steel',
    'Foods',
    'Textiles',
    'Chemicals',
    'Power',
    'Logistics',
  ],
  title: ['Purchase Manager', 'Plant Head', 'Owner', 'Procurement Lead', 'Maintenance Engineer', 'Director'],
  status: ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Unqualified'],
  source: ['Marketplace Quote', 'Marketplace Chat', 'Website', 'Trade Show', 'Referral', 'Cold Call', 'Email Campaign'],
  industry: [
    'Agriculture',
    'Automotive',
    'Chemicals',
    'Construction',
    'Electronics',
    'Energy',
    'Food & Beverage',
    'Healthcare',
    'Machinery',
    'Packaging',
    'Steel & Metals',
    'Textiles',
  ],
  rating: ['Hot', 'Warm', 'Cold'],
  city: [
    'Pune',
    'Jaipur',
    'Nagpur',
    'Dubai',
    'Hamburg',
    'Lagos',
    'Osaka',
    'Santos',
    'Houston',
    'Lyon',
    'Ningbo',
    'Kanpur',
    'Cairo',
    'Izmir',
    'Perth',
  ],
  country: [
    'India',
    'UAE',
    'Germany',
    'Nigeria',
    'Japan',
    'Brazil',
    'USA',
    'France',
    'China',
    'Egypt',
    'Türkiye',
    'Australia',
  ],
  product: ['Centrifugal pumps', 'Gate valves', 'Slurry pumps', 'Spares', 'Butterfly valves', 'Service contract'],
  region: ['North', 'South', 'East', 'West', 'Central', 'Northeast', 'Southwest'],
  certification: CUSTOM_FIELDS[1].option_list!,
  incoterm: CUSTOM_FIELDS[2].option_list!,
  cycle: CUSTOM_FIELDS[3].option_list!,
};

/** The measured request: three filters on custom fields, a keyword and a sort. */
const GOAL_BODY = {
  type_id: 1,
  per_page: 100,
  query: 'vertex',
  filters: [
    { id: 'certification', condition: 1, value: ['API 610'] },
    { id: 'buying_cycle', condition: 1, value: ['Quarterly'] },
    { id: 'plant_capacity_t_day', condition: 12, value: 500 },
  ],
  sort: { field: 'annual_revenue', direction: 'desc' },
};
/** Three text conditions (contains, ends with, does not contain) and a sort: trigram indexes and a recheck. */
const TEXT_BODY = {
  type_id: 1,
  per_page: 100,
  filters: [
    { id: 'company', condition: 3, value: 'steel' },
    { id: 'job_title', condition: 6, value: 'manager' },
    { id: 'region', condition: 4, value: 'th' },
  ],
  sort: { field: 'annual_revenue', direction: 'desc' },
};
/** Every lead, sorted by a custom number field: the first page is read in the order of its value index. */
const SORTED_BODY = { type_id: 1, per_page: 100, sort: { field: 'plant_capacity_t_day', direction: 'desc' } };

/** A process's resident memory (Linux), in MB. */
function residentMegabytes(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The bench database beside the one DATABASE_URL names, created on first use. */
async function benchDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  // The 1,000,000-lead dataset keeps its name; other sizes (CRM_BENCH_LEADS) get databases of their own.
  const size = TOTAL_LEADS === 1_000_000 ? '' : `_${TOTAL_LEADS}`;
  const name = `${url.pathname.replace(/^\//, '') || 'postgres'}_crm_bench${size}`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });
  url.pathname = `/${name}`;
  return url.toString();
}

async function call(base: string, path: string, token: string | null, body?: unknown, method = 'POST') {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.data;
}

async function signIn(base: string, index: number) {
  const email = `crm.bench.${index}@example.test`;
  const signin = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_id: email, password: DEMO_PASSWORD }),
  });
  if (signin.ok) return ((await signin.json()) as { data: { token: string } }).data.token;
  const data = (await call(base, '/api/v1/auth/signup', null, {
    full_name: `Bench Seller ${index}`,
    email_id: email,
    password: DEMO_PASSWORD,
    user_type: 'seller',
    company_name: `Bench Works ${index}`,
    company_type: 'Manufacturers',
  })) as { token: string };
  return data.token;
}

/** Adds the custom fields to a seller's lead form through the form builder call. */
async function addCustomFields(base: string, token: string) {
  const form = (await call(base, '/crm/v1/crm/single_lead_form_detail?type_id=1', token, undefined, 'GET')) as {
    sections: { id: number; name: string; tab_columns: string; form_fields: { name: string }[] }[];
  };
  if (form.sections.some((section) => section.name === 'Plant details')) return;
  const sections = [...form.sections, { name: 'Plant details', tab_columns: 'multi', form_fields: CUSTOM_FIELDS }];
  await call(base, '/crm/v1/crm/save_input_form', token, { type_id: 1, sections });
}

const pick = (list: readonly string[], salt: number) =>
  `(${sqlArray(list)})[1 + abs(hashint4(g * ${salt} + ${salt})) % ${list.length}]`;
const sqlArray = (list: readonly string[]) => `ARRAY[${list.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

/** One INSERT … SELECT over generate_series: the bench seller's leads first, then the others' in turn. */
function generateSql(from: number, to: number) {
  return `
    INSERT INTO crm_records (company_id, type_id, form_id, owner_id, created_by, values, search, created_at, updated_at)
    SELECT t.company_id, 1, t.form_id, t.owner_id, t.owner_id, v.values,
           (SELECT array_to_tsvector(array_agg(DISTINCT t.company_id || '_' || w))
              FROM regexp_split_to_table(lower(v.words), '[^[:alnum:]]+') AS w WHERE w <> ''),
           p.created, p.created
    FROM generate_series(${from}, ${to}) AS g
    JOIN crm_bench_tenants t ON t.idx = CASE WHEN g <= ${BENCH_SELLER_LEADS} THEN 0 ELSE 1 + g % ${SELLERS - 1} END
    CROSS JOIN LATERAL (
      SELECT ${pick(WORDS.first, 3)} AS first, ${pick(WORDS.last, 5)} AS last,
             ${pick(WORDS.prefix, 7)} || ' ' || ${pick(WORDS.suffix, 11)} AS company,
             ${pick(WORDS.title, 23)} AS title, '+91 ' || (9000000000 + abs(hashint4(g * 29)) % 999999999)::text AS phone,
             ${pick(WORDS.status, 31)} AS status, ${pick(WORDS.source, 37)} AS source,
             ${pick(WORDS.industry, 41)} AS industry, ${pick(WORDS.rating, 43)} AS rating,
             ${pick(WORDS.city, 13)} AS city, ${pick(WORDS.country, 47)} AS country,
             (abs(hashint4(g * 53)) % 5000000000) / 100 AS revenue, abs(hashint4(g * 59)) % 5000 AS employees,
             ${pick(WORDS.product, 61)} AS product, abs(hashint4(g * 67)) % 1000 AS capacity,
             ${pick(WORDS.certification, 71)} AS certification, ${pick(WORDS.incoterm, 73)} AS incoterm,
             ${pick(WORDS.cycle, 79)} AS cycle, ${pick(WORDS.region, 17)} AS region,
             now() - (abs(hashint4(g * 19)) % 31536000) * interval '1 second' AS created
    ) p
    CROSS JOIN LATERAL (
      SELECT lower(p.first) || '.' || g || '@' || lower(split_part(p.company, ' ', 1)) || '.example' AS email
    ) e
    CROSS JOIN LATERAL (
      SELECT jsonb_build_object(
        'first_name', p.first, 'last_name', p.last, 'company', p.company, 'job_title', p.title,
        'email', e.email, 'phone', p.phone, 'lead_status', p.status, 'lead_source', p.source,
        'industry', p.industry, 'rating', p.rating, 'city', p.city, 'country', p.country,
        'annual_revenue', p.revenue, 'no_of_employees', p.employees, 'product_interest', p.product,
        'plant_capacity_t_day', p.capacity, 'certification', p.certification,
        'preferred_incoterm', p.incoterm, 'buying_cycle', p.cycle, 'region', p.region
      ) AS values,
      -- Every text value goes to the keyword index, as the app's searchText does (phones also as digits).
      concat_ws(' ', p.first, p.last, p.company, p.title, e.email, p.phone, regexp_replace(p.phone, '\\D', '', 'g'),
        p.status, p.source, p.industry, p.rating, p.city, p.country, p.revenue, p.employees, p.product,
        p.capacity, p.certification, p.incoterm, p.cycle, p.region) AS words
    ) v`;
}

/** Builds the dataset unless an earlier run left the same one; answers how long the build took. */
async function ensureDataset(base: string, url: string): Promise<{ token: string; buildSeconds: number | null }> {
  const tokens: string[] = [];
  const marker = await withClient(url, async (client) => {
    const found = await client.query(`SELECT value FROM app_meta WHERE key = 'crm_bench_dataset'`);
    return found.rows[0]?.value as { version: string } | undefined;
  });
  if (marker?.version === DATASET_VERSION) return { token: await signIn(base, 0), buildSeconds: null };

  const started = Date.now();
  for (let index = 0; index < SELLERS; index += 1) {
    tokens.push(await signIn(base, index));
    await addCustomFields(base, tokens[index]);
  }
  await withClient(url, async (client) => {
    // The bench database holds nothing but bench sellers: an older dataset goes at once.
    await client.query('TRUNCATE crm_records CASCADE');
    await client.query(`DROP TABLE IF EXISTS crm_bench_tenants`);
    await client.query(`
      CREATE TABLE crm_bench_tenants AS
      SELECT (regexp_replace(u.email_id, '^crm\\.bench\\.(\\d+)@.*$', '\\1'))::int AS idx, u.company_id, f.id AS form_id, u.id AS owner_id
      FROM users u JOIN crm_forms f ON f.company_id = u.company_id AND f.type_id = 1
      WHERE u.email_id LIKE 'crm.bench.%'`);
    const chunk = 100_000;
    for (let from = 1; from <= TOTAL_LEADS; from += chunk) {
      await client.query(generateSql(from, Math.min(TOTAL_LEADS, from + chunk - 1)));
      process.stdout.write(`\rcrm bench: ${Math.min(TOTAL_LEADS, from + chunk - 1).toLocaleString('en-US')} leads`);
    }
    process.stdout.write('\n');
    await client.query('DROP TABLE crm_bench_tenants');
    await client.query('VACUUM ANALYZE crm_records');
    // The lists read the typed copies by index-only scans: their visibility map must be set, as autovacuum would.
    await client.query('VACUUM ANALYZE crm_record_values');
    await client.query('VACUUM ANALYZE crm_value_texts');
    const buildSeconds = Math.round((Date.now() - started) / 1000);
    await client.query(
      `INSERT INTO app_meta (key, value) VALUES ('crm_bench_dataset', $1) ON CONFLICT (key) DO UPDATE SET value = $1, updated_at = now()`,
      [JSON.stringify({ version: DATASET_VERSION, buildSeconds })],
    );
  });
  return { token: tokens[0], buildSeconds: Math.round((Date.now() - started) / 1000) };
}

export type CrmBenchNotes = { lines: string[] };

export async function crmScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: CrmBenchNotes,
): Promise<Figures[]> {
  if (!options.databaseUrl) {
    notes.lines.push('CRM listing at scale needs PostgreSQL: run with DATABASE_URL to measure it.');
    return [];
  }
  const url = await benchDatabase(options.databaseUrl);
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DATABASE_URL: url, DEMO_DATA: 'false' });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  let dataset: Awaited<ReturnType<typeof ensureDataset>>;
  try {
    dataset = await ensureDataset(await app.listen({ port: 0, host: '127.0.0.1' }), url);
  } finally {
    await app.close();
  }
  notes.lines.push(
    dataset.buildSeconds === null
      ? `Dataset (${TOTAL_LEADS.toLocaleString('en-US')} leads) reused from an earlier run.`
      : `Dataset built in ${dataset.buildSeconds} s (${TOTAL_LEADS.toLocaleString('en-US')} leads, ${SELLERS} sellers, generate_series in PostgreSQL); not part of any figure.`,
  );
  // The server runs in a process of its own, as deployed, and lists at once: nothing is loaded as it starts.
  const started = Date.now();
  const { child, announced } = await startChild(SERVER, { DATABASE_URL: url });
  notes.lines.push(`The server started in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  try {
    const base = announced.replace(/^ready /, '');
    const token = dataset.token;
    const headers = { authorization: `Bearer ${token}` };
    const atStart = residentMegabytes(child.pid!);
    const first = async (body: unknown) => {
      const at = performance.now();
      const answer = (await call(base, '/crm/v1/crm/data_listing', token, body)) as { total: number };
      return { total: answer.total, ms: performance.now() - at };
    };
    const goal = await first(GOAL_BODY);
    const text = await first(TEXT_BODY);
    const sorted = await first(SORTED_BODY);
    notes.lines.push(
      `First lists after the start (ms, no warm-up): filters + keyword ${goal.ms.toFixed(0)}, text conditions ${text.ms.toFixed(0)}, sorted by a number ${sorted.ms.toFixed(0)}.`,
      `The measured listing matches ${goal.total} of the seller's ${BENCH_SELLER_LEADS.toLocaleString('en-US')} leads; the text conditions ${text.total}.`,
    );
    // A fresh process grows with its first requests whatever they read (V8's young generation, the
    // allocator's per-thread arenas): requests that read no records warm it before the idle reading.
    await measure('warm-up', { url: `${base}/crm/v1/crm/input_fields`, headers, connections: 16, seconds: 3 });
    const idle = residentMegabytes(child.pid!);
    // Every seller lists once with each body: a server keeping tenants' records in memory would grow here.
    for (let index = 0; index < SELLERS; index += 1) {
      const seller = index === 0 ? token : await signIn(base, index);
      for (const body of [GOAL_BODY, TEXT_BODY, SORTED_BODY])
        await call(base, '/crm/v1/crm/data_listing', seller, body);
    }
    const listed = residentMegabytes(child.pid!);
    const change = (from: number) => `${listed - from >= 0 ? '+' : ''}${listed - from} MB`;
    notes.lines.push(
      `Server resident memory: ${atStart} MB at the start, ${idle} MB idle after 3 s of input_fields (no records read), ${listed} MB after every seller listed (${change(idle)} over idle, ${change(atStart)} over the start).`,
    );
    // The machine may be shared: its load at the start of the measurements goes beside the figures.
    notes.lines.push(
      `Load average when the measurements started: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} (on ${os.cpus().length} CPUs).`,
    );
    const listing = (body: unknown) => ({
      url: `${base}/crm/v1/crm/data_listing`,
      method: 'POST' as const,
      body,
      headers,
      connections: 16,
      seconds: options.seconds,
      warmupSeconds: WARMUP_SECONDS,
    });
    const seller = `${BENCH_SELLER_LEADS / 1000}k`;
    return [
      await measure('baseline: GET /crm/v1/crm/input_fields (session, no query)', {
        url: `${base}/crm/v1/crm/input_fields`,
        headers,
        connections: 16,
        seconds: options.seconds,
      }),
      await measure(`crm/data_listing, first page of ${seller} leads`, listing({ type_id: 1, per_page: 100 })),
      await measure(
        'crm/data_listing, 3 custom-field filters + keyword + sort (goal p95 < 100 ms)',
        listing(GOAL_BODY),
      ),
      await measure(
        'crm/data_listing, contains + ends with + does not contain + sort (goal p95 < 500 ms)',
        listing(TEXT_BODY),
      ),
      await measure(
        `crm/data_listing, first page of ${seller} leads by a custom number field (goal p95 < 100 ms)`,
        listing(SORTED_BODY),
      ),
    ];
  } finally {
    await stopChild(child);
  }
}
