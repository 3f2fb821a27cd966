import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers.ts';
import { rowsOf } from '../../../db/sql.ts';

/**
 * The tenant GIN's exact keys (crm_value_keys, migration 0038; asked for by crm_exact_keys, 0040) answer
 * an equality as JSONB containment did, and its folded keys a text's lower-case forms as lower() does: the
 * same records for every stored value and wanted value below, on PGlite and PostgreSQL alike.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const longText = 'x'.repeat(250);
/** As JSON text, so that numbers keep the trailing zeros a JavaScript number would drop. */
const stored = [
  { status: 'New', score: 500, tags: ['API 610', 'ISO 9001'], done: true },
  { status: 'new', score: 500.0, tags: ['ISO 9001'], done: false },
  { status: 'Qualified', score: 0.5, tags: [], owner: 17, note: longText },
  { status: 'New "quoted" = sign', score: -12.25, owners: [3, 4], 'odd name=s"x': 'y' },
  { status: '500', score: 1e21, note: `${longText}z`, empty: null },
  {},
].map((values) => JSON.stringify(values));
stored.push('{"score": 500.0, "ratio": 1.50}');
const wanted = [
  { status: 'New' },
  { status: 'new' },
  { score: 500 },
  { score: 500.0 },
  { score: '500' },
  { status: 500 },
  { status: '500' },
  { tags: ['ISO 9001'] },
  { tags: ['API 610', 'ISO 9001'] },
  { tags: ['API 610', 'ASME'] },
  { done: true },
  { done: false },
  { owner: 17 },
  { owner: '17' },
  { owners: [4] },
  { note: longText },
  { note: `${longText}z` },
  { status: 'New "quoted" = sign' },
  { 'odd name=s"x': 'y' },
  { odd: 'name=s"x"="y' },
  { score: 1e21 },
  { score: -12.25, owners: [3] },
  { status: 'New', score: 500 },
  { status: 'New', score: 501 },
  { empty: null },
].map((values) => JSON.stringify(values));
wanted.push('{"score": 500.00}', '{"ratio": 1.5}', '{"ratio": 1.500}');

describe('tenant value keys', () => {
  it('match exactly the records JSONB containment matches', async () => {
    const json = `[${stored.join(',')}]`;
    for (const partial of wanted) {
      const rows = rowsOf<{ contained: boolean; keyed: boolean }>(
        await app.db.execute(sql`
          select value @> ${partial}::jsonb as contained,
                 crm_value_keys(7, 1::smallint, value) @> crm_exact_keys(7, 1::smallint, ${partial}::jsonb) as keyed
          from jsonb_array_elements(${json}::jsonb) with ordinality order by ordinality`),
      );
      expect(
        rows.map((row) => row.keyed),
        JSON.stringify(partial),
      ).toEqual(rows.map((row) => row.contained));
    }
  });

  it('ask for exact keys only: those of crm_value_keys less one folded key per string that lower-casing changes', async () => {
    for (const values of [...stored, ...wanted]) {
      const [row] = rowsOf<{ subset: boolean; exact: number; all: number; folded: number }>(
        await app.db.execute(sql`
          select crm_value_keys(7, 1::smallint, ${values}::jsonb) @> crm_exact_keys(7, 1::smallint, ${values}::jsonb) as subset,
                 cardinality(crm_exact_keys(7, 1::smallint, ${values}::jsonb)) as exact,
                 cardinality(crm_value_keys(7, 1::smallint, ${values}::jsonb)) as all,
                 (select count(*)::int from jsonb_each(${values}::jsonb) field
                   where jsonb_typeof(field.value) = 'string' and lower(field.value #>> '{}') <> field.value #>> '{}') as folded`),
      );
      expect({ subset: row.subset, exact: Number(row.exact) }, values).toEqual({
        subset: true,
        exact: Number(row.all) - row.folded,
      });
    }
  });

  it('find by its lower-case texts every record whose text lower-cases to one of them (migration 0039)', async () => {
    const atBound = `${'x'.repeat(197)}Y`; // 200 characters as JSON: the last kept whole
    const values: unknown[] = ['Acme Steel', 'acme steel', 'ACME STEEL', 'Acme', 'Ärzte GmbH', 'Say "hi" = yes'];
    values.push(longText, longText.toUpperCase(), atBound, `${atBound}Z`, 12, true, null);
    const json = JSON.stringify(values.map((value) => ({ f: value })));
    const texts = [['acme steel'], ['acme', 'ärzte gmbh'], ['say "hi" = yes'], [longText], [atBound.toLowerCase()]];
    texts.push([`${atBound}z`.toLowerCase()], ['12'], ['true'], []);
    for (const wanted of texts) {
      const rows = rowsOf<{ lowered: boolean; keyed: boolean }>(
        await app.db.execute(sql`
          select coalesce(jsonb_typeof(value->'f') = 'string' and lower(value->>'f') = any(${sql.param(wanted)}::text[]), false) as lowered,
                 crm_value_keys(7, 1::smallint, value) && crm_text_keys(7, 1::smallint, 'f', ${sql.param(wanted)}::text[]) as keyed
          from jsonb_array_elements(${json}::jsonb) with ordinality order by ordinality`),
      );
      // Numbers and booleans have no text (a text field holds strings); every other list finds a record.
      const findsSome = wanted.length > 0 && !['12', 'true'].includes(wanted[0]);
      expect(
        rows.some((row) => row.lowered),
        JSON.stringify(wanted),
      ).toBe(findsSome);
      expect(
        rows.map((row) => row.keyed),
        JSON.stringify(wanted),
      ).toEqual(rows.map((row) => row.lowered));
    }
  });

  it('keep tenants apart', async () => {
    const [row] = rowsOf<{ same: boolean; other: boolean; otherType: boolean }>(
      await app.db.execute(sql`
        select crm_value_keys(7, 1::smallint, '{"a": 1}') @> crm_value_keys(7, 1::smallint, '{"a": 1}') as same,
               crm_value_keys(7, 1::smallint, '{"a": 1}') @> crm_value_keys(8, 1::smallint, '{"a": 1}') as other,
               crm_value_keys(7, 1::smallint, '{"a": 1}') @> crm_value_keys(7, 2::smallint, '{"a": 1}') as "otherType"`),
    );
    expect(row).toEqual({ same: true, other: false, otherType: false });
  });
});
