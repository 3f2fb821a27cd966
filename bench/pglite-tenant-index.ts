import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * The tenant GIN on PGlite, before and after decision 028's session 14: `node bench/pglite-tenant-index.ts`.
 * 100,000 leads of four sellers (the measured one holds 40,000) in an in-memory PGlite; each index is
 * built on them in turn, and the bench's filter list (two equalities, a keyword, a number range, a sort)
 * runs 40 times on it. Two rounds, so that neither index has the warmer start.
 */
const db = new PGlite();
const migration = new URL('../apps/server/src/db/migrations/0038_crm_value_keys.sql', import.meta.url);
await db.exec(fs.readFileSync(migration, 'utf8').split('--> statement-breakpoint')[0]);
await db.exec(`CREATE TABLE leads (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, company_id bigint NOT NULL,
  type_id smallint NOT NULL, values jsonb NOT NULL, search tsvector NOT NULL)`);
await db.exec(`INSERT INTO leads (company_id, type_id, values, search)
  SELECT company, 1, jsonb_build_object(
      'certification', (ARRAY['API 610', 'ISO 9001', 'ASME', 'CE', 'UL', 'ATEX'])[1 + g % 6],
      'buying_cycle', (ARRAY['Quarterly', 'Monthly', 'Yearly', 'Ad hoc'])[1 + (g / 7) % 4],
      'plant_capacity_t_day', g % 1000, 'annual_revenue', (g * 7919) % 30000000,
      'company', name || ' Foods', 'first_name', 'Name' || g, 'email', 'n' || g || '@example.test',
      'lead_status', (ARRAY['New', 'Qualified', 'Unqualified'])[1 + g % 3]),
    array_to_tsvector(ARRAY[company || '_' || lower(name), company || '_foods', company || '_name' || g])
  FROM generate_series(1, 100000) g,
    LATERAL (SELECT CASE WHEN g % 5 < 2 THEN 1 ELSE 2 + g % 3 END AS company,
                    (ARRAY['Vertex', 'Apex', 'Orion', 'Zenith'])[1 + (g / 3) % 4] AS name) lead`);

const rest = `AND (values->>'plant_capacity_t_day')::numeric >= 500 AND search @@ '1_vertex'::tsquery
  ORDER BY (values->>'annual_revenue')::numeric DESC LIMIT 100`;
const variants = [
  {
    name: 'jsonb_path_ops hashes of the tenant-wrapped values (before)',
    index: `(jsonb_set('{}'::jsonb, ARRAY[company_id::text || ':' || type_id::text], values)) jsonb_path_ops, search`,
    query: `SELECT id FROM leads WHERE company_id = 1 AND type_id = 1
      AND jsonb_set('{}'::jsonb, ARRAY[company_id::text || ':' || type_id::text], values)
        @> '{"1:1": {"certification": "API 610", "buying_cycle": "Quarterly"}}' ${rest}`,
  },
  {
    name: 'exact value keys (after)',
    index: 'crm_value_keys(company_id, type_id, values), search',
    query: `SELECT id FROM leads WHERE company_id = 1 AND type_id = 1
      AND crm_value_keys(company_id, type_id, values)
        @> crm_value_keys(1, 1::smallint, '{"certification": "API 610", "buying_cycle": "Quarterly"}') ${rest}`,
  },
];

for (let round = 1; round <= 2; round += 1) {
  for (const variant of variants) {
    const started = performance.now();
    await db.exec(`CREATE INDEX tenant_idx ON leads USING gin (${variant.index})`);
    const built = performance.now() - started;
    const { rows } = await db.query(variant.query);
    const times: number[] = [];
    for (let run = 0; run < 40; run += 1) {
      const at = performance.now();
      await db.query(variant.query);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    console.log(
      `round ${round}, ${variant.name}: index built in ${Math.round(built)} ms; the list (${rows.length} rows) median ${times[20].toFixed(2)} ms, p90 ${times[36].toFixed(2)} ms`,
    );
    await db.exec('DROP INDEX tenant_idx');
  }
}
await db.close();
