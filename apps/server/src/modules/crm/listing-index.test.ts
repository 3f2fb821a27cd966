import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingRequest } from '@tradeloop/contracts/crm';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { loadFields } from './forms-service.ts';
import { indexQuery } from './index-query.ts';
import { listRecords, resolveSort } from './listing-service.ts';
import { RecordIndexStore } from './record-index-store.ts';
import { addLeadFields, createRecord, crm, listing } from './test-support.ts';

/**
 * Lists the in-memory record index answers (docs/decisions/021) against the same lists run in SQL
 * alone, and the index following writes made after it loaded, as another process's index would.
 */
let app: FastifyInstance;
let seller: TestUser;
const statuses = ['New', 'Contacted', 'Qualified', 'Lost'];
const industries = ['Chemicals', 'Energy', 'Textiles'];
const words = ['Vertex', 'Apex', 'Orion'];

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  await addLeadFields(app, seller, [
    { label: 'Capacity', field_type: 'number' },
    { label: 'Certified', field_type: 'checkbox' },
    { label: 'Incoterms', field_type: 'multiselect', option_list: ['FOB', 'CIF', 'EXW'] },
  ]);
  for (let n = 0; n < 36; n += 1) {
    const lead = await createRecord(app, seller, 1, {
      first_name: `Lead${n}`,
      company: `${words[n % 3]} ${n % 2 ? 'Pumps' : 'Valves'}`,
      lead_status: statuses[n % 4],
      ...(n % 5 ? { industry: industries[n % 3] } : {}),
      ...(n % 7 ? { capacity: (n * 37) % 100 } : {}),
      ...(n % 3 === 1 ? { annual_revenue: (n * 53) % 40 } : {}),
      certified: n % 2 === 0,
      incoterms: n % 4 ? ['FOB'] : ['FOB', 'CIF'],
    });
    if (n % 9 === 4) await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${lead.unique_id}`);
  }
});
afterAll(() => app.close());

const bodies: (Omit<ListingRequest, 'type_id'> & { name: string })[] = [
  { name: 'keyword, newest first', query: 'vert' },
  { name: 'two keyword words', query: 'apex pump' },
  {
    name: 'status is one of two, by capacity',
    filters: [{ id: 'lead_status', condition: 1, value: ['New', 'Lost'] }],
    sort: { field: 'capacity', direction: 'desc' },
  },
  {
    name: 'industry is not, by revenue ascending (many without)',
    filters: [{ id: 'industry', condition: 2, value: ['Energy'] }],
    sort: { field: 'annual_revenue', direction: 'asc' },
  },
  {
    name: 'capacity range and empty industry',
    filters: [
      { id: 'capacity', condition: 12, value: 30 },
      { id: 'industry', condition: 7 },
    ],
  },
  {
    name: 'contains all incoterms, by status order',
    filters: [{ id: 'incoterms', condition: 3, value: ['FOB', 'CIF'] }],
    sort: { field: 'lead_status', direction: 'asc' },
  },
  {
    name: 'checked, keyword, oldest update first',
    query: 'orion',
    filters: [{ id: 'certified', condition: 1, value: true }],
    sort: { field: 'updated_at', direction: 'asc' },
  },
  {
    name: 'status is, page two of five',
    filters: [{ id: 'lead_status', condition: 5, value: 'Contacted' }],
    per_page: 5,
    page: 2,
  },
  { name: 'the recycle bin', query: 'lead', deleted: true, sort: { field: 'capacity', direction: 'asc' } },
];

describe('POST /crm/v1/crm/data_listing through the in-memory record index', () => {
  it('answers every list exactly as SQL alone does', async () => {
    const { fields } = await loadFields(app.db, seller.companyId!, 1);
    for (const { name, ...rest } of bodies) {
      const body = { type_id: 1 as const, ...rest };
      // Each of these lists is one the index answers.
      expect(
        indexQuery(fields, body.filters ?? [], body.query, resolveSort(fields, body.sort), body.deleted ?? false),
        name,
      ).not.toBeNull();
      const byIndex = await listRecords(app.db, seller.companyId!, body);
      const bySql = await listRecords(app.db, seller.companyId!, body, { index: false });
      expect(byIndex.total, name).toBeGreaterThan(0);
      expect(byIndex, name).toEqual(bySql);
    }
  });

  it('follows writes made after it loaded: new, edited, deleted and restored records', async () => {
    const owner = await signUp(app, 'seller');
    const other = new RecordIndexStore(app.db);
    const { fields } = await loadFields(app.db, owner.companyId!, 1);
    const query = indexQuery(
      fields,
      [{ id: 'rating', condition: 1, value: ['Hot'] }],
      'quasar',
      resolveSort(fields, null),
      false,
    )!;
    const hot = async () => (await other.records(owner.companyId!, 1, fields))!.page(query, 0, 10);
    const first = await createRecord(app, owner, 1, { first_name: 'A', company: 'Quasar Works', rating: 'Hot' });
    expect(await hot()).toEqual({ total: 1, ids: [first.id] });

    const second = await createRecord(app, owner, 1, { first_name: 'B', company: 'Quasar Labs', rating: 'Cold' });
    expect((await hot()).ids).toEqual([first.id]);
    await crm(app, owner, 'POST', 'crm/update_datalisting_fields', {
      unique_id: second.unique_id,
      type_id: 1,
      form_input_list_id: 'rating',
      value: 'Hot',
    });
    expect((await hot()).ids).toEqual([second.id, first.id]);

    await crm(app, owner, 'DELETE', `crm/delete_lead?unique_id=${first.unique_id}`);
    expect((await hot()).ids).toEqual([second.id]);
    await crm(app, owner, 'POST', 'crm/restore_lead', { unique_id: first.unique_id });
    expect((await hot()).ids).toEqual([second.id, first.id]);
    // The app's own lists agree.
    const listed = await listing(app, owner, {
      type_id: 1,
      query: 'quasar',
      filters: [{ id: 'rating', condition: 1, value: 'Hot' }],
    });
    expect(listed.data.map((record) => record.id)).toEqual([second.id, first.id]);
  });
});
