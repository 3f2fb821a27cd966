import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { buildApp } from '../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../apps/server/src/config.ts';
import { rowsOf } from '../apps/server/src/db/sql.ts';
import { listRecords } from '../apps/server/src/modules/crm/listing/service.ts';
import { createRateLimiter, uncountedStore } from '../apps/server/src/platform/rate-limit.ts';

/**
 * Text conditions on PGlite, before and after decision 028's session 18: `node bench/pglite-text-conditions.ts`.
 * The server's own PGlite (in memory, every migration) holds 40,000 leads of one seller, written in one
 * statement as an import would (the triggers copy their values). The bench's text list, "company contains
 * steel", "job title ends with manager" and "product interest does not contain pumps", finds its records 20
 * times each way: by the typed copies' record ids intersected (before), and by the tenant GIN's text keys
 * (after); then the whole list as the server answers it (on PGlite, by the copies). Two rounds, so that neither
 * has the warmer start. Session 18, first round: before median 199 ms; after 6,500 ms, since PGlite keeps no
 * statistics of the grown table and does not ask the GIN (decision 028).
 */
const LEADS = 40_000;
const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()), demoPictures: false });
const signup = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/signup',
  payload: {
    full_name: 'Bench Seller',
    email_id: 'pglite.bench@example.test',
    password: DEMO_PASSWORD,
    user_type: 'seller',
    company_name: 'Bench Works',
    company_type: 'Manufacturers',
  },
});
const signedUp = (signup.json() as { data: { user: { id: number; company_id: number } } }).data.user;
const companyId = signedUp.company_id;
const viewer = { companyId, userId: signedUp.id };
const at = performance.now();
await app.db.execute(sql`insert into crm_records (company_id, type_id, form_id, values)
  select ${companyId}::bigint, 1, form.id, jsonb_build_object(
      'first_name', 'Lead ' || g,
      'company', (ARRAY['Vertex', 'Apex', 'Orion', 'Zenith', 'Atlas'])[1 + g % 5] || ' ' || g % 40 || ' ' ||
        (ARRAY['Steel', 'Pumps', 'Valves', 'Foods', 'Power'])[1 + (g / 5) % 5],
      'job_title', (ARRAY['Purchase Manager', 'Plant Head', 'Owner', 'Director'])[1 + (g / 3) % 4],
      'product_interest', (ARRAY['Centrifugal pumps', 'Gate valves', 'Spares'])[1 + (g / 7) % 3],
      'email', 'lead' || g || '@example.test',
      'annual_revenue', (g * 7919) % 30000000)
  from crm_forms form, generate_series(1, ${LEADS}) g where form.company_id = ${companyId} and form.type_id = 1`);
console.log(`${LEADS.toLocaleString('en-US')} leads written in ${Math.round(performance.now() - at)} ms`);

const fieldId = async (name: string) =>
  rowsOf<{ id: number }>(
    await app.db.execute(
      sql`select f.id from crm_form_fields f join crm_forms form on form.id = f.form_id
          where form.company_id = ${companyId} and form.type_id = 1 and f.name = ${name}`,
    ),
  )[0].id;
const texts = async (field: number, like: string) =>
  rowsOf<{ text: string }>(
    await app.db.execute(sql`select text from crm_value_texts where field_id = ${field} and text like ${like}`),
  ).map((row) => row.text);
const [company, title] = [await fieldId('company'), await fieldId('job_title')];
const [steel, manager] = [await texts(company, '%steel%'), await texts(title, '%manager')];
const records = `company_id = ${companyId} and type_id = 1 and deleted_at is null
  and (values->>'product_interest' is null or values->>'product_interest' not ilike '%pumps%')`;
const copies = (field: number, like: string) =>
  `select record_id from crm_record_values where field_id = ${field}
     and text in (select text from crm_value_texts where field_id = ${field} and text like '${like}')`;
const keys = (field: string, found: string[]) =>
  `crm_value_keys(company_id, type_id, values) && crm_text_keys(${companyId}, 1::smallint, '${field}',
     ARRAY[${found.map((text) => `'${text}'`).join(', ')}]::text[])`;
const variants = [
  {
    name: 'typed copies intersected (before)',
    query: `select id from crm_records where ${records}
      and id in ((${copies(company, '%steel%')}) intersect (${copies(title, '%manager')})) order by id`,
  },
  {
    name: 'tenant GIN text keys (after)',
    query: `select id from crm_records where ${records} and ${keys('company', steel)} and ${keys('job_title', manager)} order by id`,
  },
];

const median = async (run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${times[10].toFixed(2)} ms, p90 ${times[18].toFixed(2)} ms`;
};
const answers = new Set<string>();
const list = {
  type_id: 1 as const,
  per_page: 100,
  filters: [
    { id: 'company', condition: 3 as const, value: 'steel' },
    { id: 'job_title', condition: 6 as const, value: 'manager' },
    { id: 'product_interest', condition: 4 as const, value: 'pumps' },
  ],
  sort: { field: 'annual_revenue', direction: 'desc' as const },
};
for (let round = 1; round <= 2; round += 1) {
  for (const variant of variants) {
    const ids = rowsOf<{ id: number }>(await app.db.execute(sql.raw(variant.query)));
    answers.add(ids.map((row) => row.id).join());
    const timing = await median(() => app.db.execute(sql.raw(variant.query)));
    console.log(`round ${round}, ${variant.name}: ${ids.length} records, ${timing}`);
  }
  const { total } = await listRecords(app.crm, app.db, viewer, list);
  console.log(
    `round ${round}, the whole list as served (${total} matches): ${await median(() => listRecords(app.crm, app.db, viewer, list))}`,
  );
}
if (answers.size !== 1) throw new Error('the two ways found different records');
await app.close();
