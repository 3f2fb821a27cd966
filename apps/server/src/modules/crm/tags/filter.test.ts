import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, type ListField } from '@tradeloop/contracts/crm/records';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, listing } from '../test-support.ts';

/**
 * Four leads: A tagged VIP and Export, B Export (typed "export": the same tag), C untagged, D VIP;
 * and a lead of another company tagged VIP, which no filter of ours may ever find.
 */
let app: FastifyInstance;
let seller: TestUser;
let other: TestUser;
const leads: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };

const tag = (user: TestUser, id: number, names: string[]) =>
  crm(app, user, 'PUT', `crm/crm_tags/create_crm_tags/${id}`, { names });

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  other = await signUp(app, 'seller');
  for (const name of ['a', 'b', 'c', 'd'] as const) {
    leads[name] = (await createRecord(app, seller, 1, { first_name: name.toUpperCase() })).id;
  }
  await tag(seller, leads.a, ['VIP', 'Export']);
  await tag(seller, leads.b, ['export']);
  await tag(seller, leads.d, ['vip']);
  // A record tagged and then untagged counts as untagged.
  await tag(seller, leads.c, ['Temporary']);
  await tag(seller, leads.c, []);
  const foreign = await createRecord(app, other, 1, { first_name: 'Foreign' });
  await tag(other, foreign.id, ['VIP']);
});
afterAll(() => app.close());

const names = async (filters: unknown[]) =>
  (await listing(app, seller, { type_id: 1, filters, sort: { field: 'created_at', direction: 'asc' } })).data
    .map((record) => record.title)
    .join('');

describe('the Tags field of CRM lists', () => {
  it('is offered by crm/fields for every type with the company’s tags and the four tag conditions', async () => {
    for (const typeId of [1, 2, 3, 4]) {
      const fields = (await crm(app, seller, 'GET', `crm/fields?type_id=${typeId}`)).json().data as ListField[];
      const tags = fields.find((field) => field.name === 'tags');
      expect(tags, `type ${typeId}`).toMatchObject({
        label: 'Tags',
        field_type: 'multiselect',
        on_form: true,
        conditions: [1, 2, 7, 8],
      });
      expect(tags?.option_list).toEqual(['Export', 'Temporary', 'VIP']);
    }
    const theirs = (await crm(app, other, 'GET', 'crm/fields?type_id=1')).json().data as ListField[];
    expect(theirs.find((field) => field.name === 'tags')?.option_list).toEqual(['VIP']);
  });

  it('filters by any of the tags (1), none of them (2), no tag (7) and some tag (8), whatever the case', async () => {
    expect(await names([{ id: 'tags', condition: 1, value: ['vip'] }])).toBe('AD');
    expect(await names([{ id: 'tags', condition: 1, value: ['VIP', 'EXPORT'] }])).toBe('ABD');
    expect(await names([{ id: 'tags', condition: 1, value: 'Export' }])).toBe('AB');
    expect(await names([{ id: 'tags', condition: 2, value: ['VIP'] }])).toBe('BC');
    expect(await names([{ id: 'tags', condition: 2, value: ['VIP', 'Export'] }])).toBe('C');
    expect(await names([{ id: 'tags', condition: 7 }])).toBe('C');
    expect(await names([{ id: 'tags', condition: 8 }])).toBe('ABD');
    expect(await names([{ id: 'tags', condition: 1, value: ['Unknown'] }])).toBe('');
    // Combined with other filters.
    expect(
      await names([
        { id: 'tags', condition: 1, value: ['VIP'] },
        { id: 'first_name', condition: 1, value: 'D' },
      ]),
    ).toBe('D');
  });

  it('refuses conditions that do not apply to tags, and a list condition without a value', async () => {
    const contains = await crm(app, seller, 'POST', 'crm/data_listing', {
      type_id: 1,
      filters: [{ id: 'tags', condition: 3, value: 'VI' }],
    });
    expect(contains.statusCode).toBe(422);
    expect(contains.json().message).toBe(CRM_MESSAGES.conditionNotApplicable('Tags', 'contains'));
    const empty = await crm(app, seller, 'POST', 'crm/data_listing', {
      type_id: 1,
      filters: [{ id: 'tags', condition: 1, value: [] }],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(CRM_MESSAGES.conditionNeedsValue('Tags'));
  });

  it('counts a saved view filtered by tag, and shows the Tags column in its listing and export', async () => {
    const saved = await crm(app, seller, 'POST', 'lead/custom-index-save', {
      type_id: 1,
      name: 'VIPs',
      columns: ['first_name', 'tags'],
      filters: [{ id: 'tags', condition: 1, value: ['VIP'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json().data;
    const views = (await crm(app, seller, 'GET', 'crm/custom_view?type_id=1')).json().data;
    expect(views.find((item: { id: number }) => item.id === view.id).total_results).toBe(2);

    const page = await listing(app, seller, { type_id: 1, custom_view_id: view.id, sort: { field: 'first_name' } });
    expect(page.columns).toEqual(['first_name', 'tags']);
    expect(page.data.map((record) => [record.title, record.values.tags])).toEqual([
      ['A', ['Export', 'VIP']],
      ['D', ['VIP']],
    ]);
    // Without the column, rows do not carry tags.
    const plain = await listing(app, seller, { type_id: 1, columns: ['first_name'] });
    expect(plain.data.every((record) => record.values.tags === undefined)).toBe(true);

    const csv = await crm(app, seller, 'POST', 'crm/export', { type_id: 1, custom_view_id: view.id });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Record ID,First name,Tags');
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual(
      expect.arrayContaining(['A,Export; VIP', 'D,VIP']),
    );
  });
});
