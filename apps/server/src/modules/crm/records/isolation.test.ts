import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, listing } from '../test-support.ts';

/** Everything of company A, reached by company B with A's ids: 404, exactly like a missing id. */
let app: FastifyInstance;
let owner: TestUser;
let intruder: TestUser;
const a = {} as {
  lead: { id: number; unique_id: string };
  contact: { id: number; unique_id: string };
  account: { id: number; unique_id: string };
  deal: { id: number; unique_id: string };
  deleted: { id: number; unique_id: string };
  form: {
    id: number;
    unique_id: string;
    sections: { id: number; name: string; form_fields: { id: number; label: string; field_type: string }[] }[];
  };
  view: number;
  filter: number;
};

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
  a.account = await createRecord(app, owner, 3, { account_name: 'Secret Account' });
  a.contact = await createRecord(app, owner, 4, { first_name: 'Secret', account: a.account.id });
  a.deal = await createRecord(app, owner, 2, { deal_name: 'Secret Deal', account: a.account.id });
  a.lead = await createRecord(app, owner, 1, { first_name: 'Secret Lead', company: 'Secret Co' });
  a.deleted = await createRecord(app, owner, 1, { first_name: 'Binned' });
  await crm(app, owner, 'DELETE', `crm/delete_lead?unique_id=${a.deleted.unique_id}`);
  a.form = (await crm(app, owner, 'GET', 'crm/single_lead_form_detail?type_id=1')).json().data;
  a.view = (await crm(app, owner, 'POST', 'lead/custom-index-save', { type_id: 1, name: 'Mine' })).json().data.id;
  a.filter = (
    await crm(app, owner, 'POST', 'lead/filter-save', {
      type_id: 1,
      name: 'Mine',
      filters: [{ id: 'company', condition: 8 }],
    })
  ).json().data.saved.id;
});
afterAll(() => app.close());

describe('tenant isolation: another company’s id answers 404 on every route that takes one', () => {
  const notFound = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
    const response = await crm(app, intruder, method, path, payload);
    expect(response.statusCode, `${method} ${path}`).toBe(404);
  };

  it('records: info, edit, inline edit, delete, restore, convert, move', async () => {
    await notFound('GET', `lead/info?lead_id=${a.lead.id}`);
    await notFound('GET', `account/info/${a.account.id}`);
    await notFound('GET', `contact/info-sidebar?contact_id=${a.contact.id}`);
    await notFound('GET', `deal/sidebar-info?deal_id=${a.deal.id}`);
    await notFound('PUT', `crm/update_record/${a.lead.id}`, { values: { first_name: 'Hacked' } });
    await notFound('POST', 'crm/update_datalisting_fields', {
      unique_id: a.lead.unique_id,
      type_id: 1,
      form_input_list_id: 'first_name',
      value: 'Hacked',
    });
    await notFound('DELETE', `crm/delete_lead?unique_id=${a.lead.unique_id}`);
    await notFound('POST', 'crm/restore_lead', { unique_id: a.deleted.unique_id });
    await notFound('POST', 'lead/convert', { lead_id: a.lead.id });
    await notFound('POST', 'crm/kanbon_move', { unique_id: a.lead.unique_id, type_id: 1, value: 'Qualified' });
  });

  it('bulk actions given another company’s ids answer 404, even beside the caller’s own, and change nothing', async () => {
    // A third company, so that the intruder's lists stay empty for the next test.
    const third = await signUp(app, 'seller');
    const own = await createRecord(app, third, 1, { first_name: 'Own Lead' });
    const notFoundFor = async (path: string, payload: unknown) =>
      expect((await crm(app, third, 'POST', path, payload)).statusCode, path).toBe(404);
    for (const ids of [
      [a.lead.id, a.deleted.id],
      [own.id, a.lead.id],
    ]) {
      await notFoundFor('crm/bulk_delete', { type_id: 1, ids });
      await notFoundFor('crm/bulk_restore', { type_id: 1, ids });
      await notFoundFor('crm/bulk_update', { type_id: 1, ids, field: 'company', value: 'X' });
      await notFoundFor('crm/bulk_assign', { type_id: 1, ids, owner_id: third.id });
      await notFoundFor('lead/assign', { lead_ids: ids, user_id: third.id });
    }
    // A record of another type is not found either.
    await notFoundFor('crm/bulk_delete', { type_id: 2, ids: [own.id] });
    expect((await listing(app, third, { type_id: 1 })).data.map((row) => row.id)).toEqual([own.id]);
    const lead = (await crm(app, owner, 'GET', `lead/info?lead_id=${a.lead.id}`)).json().data.lead_data;
    expect(lead).toMatchObject({
      values: { first_name: 'Secret Lead', company: 'Secret Co' },
      owner: { id: owner.id },
      deleted_at: null,
    });
  });

  it('forms: related forms, unused fields, sections, a form by unique_id, a layout naming another company’s ids', async () => {
    await notFound('GET', `dynamic/form/lead/${a.contact.id}?type_id=1`);
    await notFound('GET', `dynamic/form/deal/${a.contact.id}?type_id=2`);
    await notFound('GET', `dynamic/form/account/contact/${a.account.id}?type_id=4`);
    await notFound('GET', `dynamic/form/lead/account/${a.account.id}?type_id=1`);
    await notFound('GET', `dynamic/form/account/deal/${a.account.id}?type_id=2`);
    await notFound('GET', `crm/unused_input/${a.form.id}`);
    await notFound('DELETE', `crm/form_section/${a.form.sections[1].id}`);
    await notFound('GET', `crm/single_lead_form_detail?unique_id=${a.form.unique_id}`);
    await notFound('POST', 'crm/save_input_form', {
      type_id: 1,
      sections: [{ id: a.form.sections[1].id, name: 'Stolen', form_fields: [] }],
    });
    const own = (await crm(app, intruder, 'GET', 'crm/single_lead_form_detail?type_id=1')).json().data;
    const withForeignField = own.sections.map(
      (section: { id: number; name: string; form_fields: unknown[] }, index: number) => ({
        id: section.id,
        name: section.name,
        form_fields: index === 0 ? [...section.form_fields, a.form.sections[1].form_fields[0]] : section.form_fields,
      }),
    );
    await notFound('POST', 'crm/save_input_form', { type_id: 1, sections: withForeignField });
  });

  it('views and saved filters: read, apply, update, delete, export', async () => {
    await notFound('GET', `crm/custom_view/${a.view}`);
    await notFound('DELETE', `crm/custom_view/${a.view}`);
    await notFound('PUT', `lead/custom-index-save/${a.view}`, { type_id: 1, name: 'Taken over' });
    await notFound('POST', 'crm/data_listing', { type_id: 1, custom_view_id: a.view });
    await notFound('POST', 'crm/data_listing', { type_id: 1, filter_id: a.filter });
    await notFound('POST', 'lead/filter-save', {
      id: a.filter,
      type_id: 1,
      name: 'Taken over',
      filters: [{ id: 'company', condition: 7 }],
    });
    await notFound('DELETE', `lead/filter-delete/${a.filter}`);
    await notFound('GET', `crm/kanbon_data_list?filter_id=${a.filter}`);
    await notFound('POST', 'crm/export', { type_id: 1, custom_view_id: a.view });
    expect((await crm(app, owner, 'GET', `crm/custom_view/${a.view}`)).json().data.name).toBe('Mine');
  });

  it('lists, searches, boards and pickers show only the caller’s company', async () => {
    for (const typeId of [1, 2, 3, 4]) expect((await listing(app, intruder, { type_id: typeId })).total).toBe(0);
    expect((await listing(app, intruder, { type_id: 1, query: 'secret' })).total).toBe(0);
    expect((await listing(app, intruder, { type_id: 1, deleted: true })).total).toBe(0);
    expect((await crm(app, intruder, 'GET', `lead/list?lead_id=${a.lead.id}`)).json().data).toEqual([]);
    const board = (await crm(app, intruder, 'GET', 'crm/kanbon_data_list?type_id=1')).json().data;
    expect(board.columns.reduce((sum: number, column: { count: number }) => sum + column.count, 0)).toBe(0);
    const users = (await crm(app, intruder, 'GET', 'crm/userList')).json().data;
    expect(users.map((user: { id: number }) => user.id)).toEqual([intruder.id]);
    expect((await crm(app, intruder, 'GET', 'crm/statistics')).json().data.total.total_leads).toBe(0);
  });
});
