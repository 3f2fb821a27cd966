import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_LIMITS } from '@tradeloop/contracts/crm/records';
import type { ListingRequest } from '@tradeloop/contracts/crm/listing';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { rowsOf } from '../../../db/sql.ts';
import { listRecords } from './service.ts';
import { addLeadFields, createRecord, crm, listing } from '../test-support.ts';

/**
 * Lists led by the typed copies of values (crm_record_values, docs/decisions/028) against the same
 * lists run on the records' JSON alone, and the copies following writes.
 */
let app: FastifyInstance;
let seller: TestUser;
const words = ['Vertex', 'Apex', 'Orion'];

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  await addLeadFields(app, seller, [
    { label: 'Capacity', field_type: 'number' },
    { label: 'Called at', field_type: 'datetime' },
  ]);
  for (let n = 0; n < 40; n += 1) {
    const lead = await createRecord(app, seller, 1, {
      first_name: `Lead${n}`,
      company: `${words[n % 3]} ${n % 2 ? 'Pumps' : 'Valves'}`,
      ...(n % 4 ? { job_title: n % 5 > 1 ? 'Purchase Manager' : 'Plant Head' } : {}),
      ...(n % 7 ? { capacity: (n * 37) % 100 } : {}),
      ...(n % 3 === 1 ? { annual_revenue: (n * 53) % 40 } : {}),
      ...(n % 5 ? { next_follow_up: `2026-0${1 + (n % 6)}-1${n % 9}` } : {}),
      ...(n % 6 ? { called_at: `2026-02-0${1 + (n % 5)}T0${n % 10}:30:00.000Z` } : {}),
      ...(n % 8 === 2 ? { description: `Urgent: call back about ${words[n % 3]}` } : {}),
    });
    if (n % 9 === 4) await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${lead.unique_id}`);
  }
  // Texts already in lower case (no folded key), in capitals, and over 200 characters (keyed by their MD5).
  const long = `Vertex ${'Engineering '.repeat(18)}Pumps`;
  for (const [n, company] of ['vertex pumps', 'ORION VALVES', long, long.toLowerCase()].entries()) {
    await createRecord(app, seller, 1, { first_name: `Case${n}`, company, job_title: n % 2 ? 'HEAD' : 'manager' });
  }
});
afterAll(() => app.close());

const bodies: (Omit<ListingRequest, 'type_id'> & { name: string; empty?: boolean })[] = [
  {
    name: 'contains, by capacity',
    filters: [{ id: 'company', condition: 3, value: 'ERT' }],
    sort: { field: 'capacity', direction: 'desc' },
  },
  {
    name: 'ends with and at least, by revenue ascending (many without)',
    filters: [
      { id: 'company', condition: 6, value: 'umps' },
      { id: 'capacity', condition: 12, value: 30 },
    ],
    sort: { field: 'annual_revenue', direction: 'asc' },
  },
  {
    name: 'contains, ends with, does not contain (the bench list)',
    filters: [
      { id: 'company', condition: 3, value: 'vert' },
      { id: 'job_title', condition: 6, value: 'manager' },
      { id: 'company', condition: 4, value: 'valves' },
    ],
    sort: { field: 'annual_revenue', direction: 'desc' },
  },
  { name: 'text is one of', filters: [{ id: 'company', condition: 1, value: ['apex pumps', 'Orion Valves'] }] },
  {
    name: 'text is, over 200 characters, and ends with',
    filters: [
      { id: 'company', condition: 1, value: `VERTEX ${'engineering '.repeat(18)}pumps` },
      { id: 'job_title', condition: 6, value: 'AGER' },
    ],
  },
  {
    name: 'a two-letter contains (no trigram) and is empty',
    filters: [
      { id: 'company', condition: 3, value: 'ex' },
      { id: 'job_title', condition: 7 },
    ],
  },
  {
    name: 'less than, by company',
    filters: [{ id: 'capacity', condition: 9, value: 50 }],
    sort: { field: 'company', direction: 'asc' },
  },
  {
    name: 'date on or after, by date',
    filters: [{ id: 'next_follow_up', condition: 12, value: '2026-03-01' }],
    sort: { field: 'next_follow_up', direction: 'desc' },
  },
  { name: 'date-time on a day', filters: [{ id: 'called_at', condition: 1, value: '2026-02-03' }] },
  { name: 'date-time before', filters: [{ id: 'called_at', condition: 9, value: '2026-02-03T05:00:00.000Z' }] },
  { name: 'long text contains', filters: [{ id: 'description', condition: 3, value: 'urgent' }] },
  {
    name: 'contains and a pick list (the tenant index leads)',
    filters: [
      { id: 'company', condition: 3, value: 'orion' },
      { id: 'lead_status', condition: 1, value: ['New'] },
    ],
  },
  { name: 'nothing matches', filters: [{ id: 'company', condition: 3, value: 'nowhere' }], empty: true },
  { name: 'every lead by capacity', sort: { field: 'capacity', direction: 'desc' } },
  {
    name: 'every lead by capacity ascending, across the valueless',
    sort: { field: 'capacity', direction: 'asc' },
    per_page: 5,
    page: 7,
  },
  {
    name: 'every lead by capacity, only valueless',
    sort: { field: 'capacity', direction: 'desc' },
    per_page: 4,
    page: 9,
  },
  { name: 'every lead by company', sort: { field: 'company', direction: 'asc' }, per_page: 10, page: 2 },
  { name: 'every lead by follow-up date', sort: { field: 'next_follow_up', direction: 'asc' } },
  { name: 'every lead by description (long text: no copy index)', sort: { field: 'description', direction: 'asc' } },
  { name: 'the recycle bin by capacity', deleted: true, sort: { field: 'capacity', direction: 'asc' } },
  {
    name: 'the recycle bin, contains',
    deleted: true,
    filters: [{ id: 'company', condition: 3, value: 'pumps' }],
  },
];

describe('POST /crm/v1/crm/data_listing led by the typed copies of values', () => {
  it('answers every list exactly as the records’ values alone do', async () => {
    for (const { name, empty, ...rest } of bodies) {
      const body = { type_id: 1 as const, ...rest };
      const byCopies = await listRecords(app.crm, app.db, { companyId: seller.companyId!, userId: seller.id }, body);
      const byValues = await listRecords(app.crm, app.db, { companyId: seller.companyId!, userId: seller.id }, body, {
        copies: false,
      });
      if (empty) expect(byCopies.total, name).toBe(0);
      else expect(byCopies.data.length, name).toBeGreaterThan(0);
      expect(byCopies, name).toEqual(byValues);
    }
  });

  it('keeps the copies in step with new, edited and deleted records', async () => {
    const owner = await signUp(app, 'seller');
    const contains = async (value: string) =>
      (await listing(app, owner, { type_id: 1, filters: [{ id: 'company', condition: 3, value }] })).data.map(
        (record) => record.id,
      );
    const first = await createRecord(app, owner, 1, { first_name: 'A', company: 'Quasar Works', annual_revenue: 5 });
    expect(await contains('quasar')).toEqual([first.id]);
    const copies = rowsOf<{ text: string | null; number: string | null }>(
      await app.db.execute(sql`select text, number from crm_record_values where record_id = ${first.id} order by text`),
    );
    expect(copies).toEqual([
      { text: 'a', number: null },
      { text: 'quasar works', number: null },
      { text: null, number: '5' },
    ]);

    await crm(app, owner, 'POST', 'crm/update_datalisting_fields', {
      unique_id: first.unique_id,
      type_id: 1,
      form_input_list_id: 'company',
      value: 'Nebula Labs',
    });
    expect(await contains('quasar')).toEqual([]);
    expect(await contains('nebula')).toEqual([first.id]);
    // The field's distinct texts: the edit added its text; the one no record holds stays, and finds nothing.
    const second = await createRecord(app, owner, 1, { first_name: 'B', company: 'Nebula Labs' });
    expect(await contains('nebula')).toEqual([second.id, first.id]);
    const texts = rowsOf<{ text: string }>(
      await app.db.execute(sql`select t.text from crm_value_texts t join crm_record_values v using (field_id)
        where v.record_id = ${first.id} and v.text = 'nebula labs' order by t.text`),
    );
    expect(texts.map((row) => row.text)).toEqual(['nebula labs', 'quasar works']);
    await crm(app, owner, 'DELETE', `crm/delete_lead?unique_id=${second.unique_id}`);

    await crm(app, owner, 'DELETE', `crm/delete_lead?unique_id=${first.unique_id}`);
    expect(await contains('nebula')).toEqual([]);
    await crm(app, owner, 'POST', 'crm/restore_lead', { unique_id: first.unique_id });
    expect(await contains('nebula')).toEqual([first.id]);
  });

  it('reads the field’s texts, or past a few hundred of them the copies', async () => {
    const owner = await signUp(app, 'seller');
    const lead = await createRecord(app, owner, 1, { first_name: 'A', company: 'Quasar Works' });
    await app.db.execute(sql`insert into crm_records (company_id, type_id, form_id, values)
      select r.company_id, 1, r.form_id, jsonb_build_object('first_name', 'B' || g, 'company', 'Quasar ' || g)
      from crm_records r cross join generate_series(1, 300) g where r.id = ${lead.id}`);
    const list = (value: string, copies = true) =>
      listRecords(
        app.crm,
        app.db,
        { companyId: owner.companyId!, userId: owner.id },
        { type_id: 1, filters: [{ id: 'company', condition: 3, value }] },
        { copies },
      );
    expect((await list('works')).total).toBe(1);
    expect((await list('quasar')).total).toBe(301);
    // A text or a copy that disagrees with the values (never so outside this test) shows which one a list read.
    await app.db.execute(sql`delete from crm_value_texts where text = 'quasar works'`);
    await app.db.execute(
      sql`update crm_record_values set text = 'elsewhere' where record_id = ${lead.id} and text = 'quasar works'`,
    );
    expect((await list('works')).total).toBe(0);
    expect((await list('quasar')).total).toBe(300);
    expect((await list('works', false)).total).toBe(1);
    expect((await list('quasar', false)).total).toBe(301);
  });

  it('counts a large match up to the bound and pages it in the sort’s order', async () => {
    const owner = await signUp(app, 'seller');
    await addLeadFields(app, owner, [{ label: 'Capacity', field_type: 'number' }]);
    const lead = await createRecord(app, owner, 1, { first_name: 'Seed', company: 'Seed Pumps', capacity: 1 });
    // Written in one statement, as an import would: the triggers copy the values.
    await app.db.execute(sql`insert into crm_records (company_id, type_id, form_id, values, created_at)
      select r.company_id, 1, r.form_id,
        jsonb_build_object('first_name', 'Lead ' || g, 'company', 'Bulk Pumps ' || g, 'capacity', g % 1000),
        now() - g * interval '1 second'
      from crm_records r cross join generate_series(1, ${CRM_LIMITS.listingCountBound + 5}) g where r.id = ${lead.id}`);
    const body: ListingRequest = {
      type_id: 1,
      per_page: 50,
      page: 3,
      filters: [{ id: 'company', condition: 3, value: 'pumps' }],
      sort: { field: 'capacity', direction: 'desc' },
    };
    const byCopies = await listRecords(app.crm, app.db, { companyId: owner.companyId!, userId: owner.id }, body);
    expect(byCopies.total).toBe(CRM_LIMITS.listingCountBound);
    expect(byCopies.total_bounded).toBe(true);
    // Ten leads hold each capacity: the third page of fifty starts at 989.
    const capacities = byCopies.data.map((record) => Number(record.values.capacity));
    expect(capacities.slice(0, 1)).toEqual([989]);
    expect(capacities).toEqual([...capacities].sort((a, b) => b - a));
    expect(byCopies).toEqual(
      await listRecords(app.crm, app.db, { companyId: owner.companyId!, userId: owner.id }, body, { copies: false }),
    );
    const few = await listRecords(
      app.crm,
      app.db,
      { companyId: owner.companyId!, userId: owner.id },
      {
        ...body,
        filters: [{ id: 'company', condition: 1, value: ['seed pumps'] }],
      },
    );
    expect({ total: few.total, bounded: few.total_bounded }).toEqual({ total: 1, bounded: false });
  });
});
