import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, listing } from '../test-support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function sellerWithLeads(count: number, values: (index: number) => Record<string, unknown>) {
  const seller = await signUp(app, 'seller');
  for (let index = 0; index < count; index += 1)
    await createRecord(app, seller, 1, { first_name: `Lead ${String(index).padStart(3, '0')}`, ...values(index) });
  return seller;
}

describe('custom views (crm/custom_view, lead/custom-index-save)', () => {
  let seller: TestUser;
  beforeAll(async () => {
    seller = await sellerWithLeads(6, (index) => ({ rating: index % 2 ? 'Hot' : 'Cold', no_of_employees: index * 10 }));
  });

  it('lists the built-in "All Leads" view first, with its count', async () => {
    const views = (await crm(app, seller, 'GET', 'crm/custom_view?type_id=1')).json().data;
    expect(views[0]).toMatchObject({ id: null, name: 'All Leads', is_system: true, total_results: 6 });
    expect(views[0].columns).toContain('lead_status');
  });

  it('creates a view with columns, sort and filters, which data_listing then applies', async () => {
    const created = await crm(app, seller, 'POST', 'lead/custom-index-save', {
      type_id: 1,
      name: 'Hot leads',
      columns: ['first_name', 'no_of_employees', 'owner_id', 'no_such_field'],
      sort: { field: 'no_of_employees', direction: 'desc' },
      filters: [{ id: 'rating', condition: 1, value: ['Hot'] }],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(CRM_MESSAGES.viewSaved);
    const view = created.json().data;
    expect(view).toMatchObject({
      name: 'Hot leads',
      total_results: 3,
      columns: ['first_name', 'no_of_employees', 'owner_id'],
    });
    const page = await listing(app, seller, { type_id: 1, custom_view_id: view.id });
    expect(page.columns).toEqual(['first_name', 'no_of_employees', 'owner_id']);
    expect(page.sort).toEqual({ field: 'no_of_employees', direction: 'desc' });
    expect(page.data.map((row) => row.values.no_of_employees)).toEqual([50, 30, 10]);
    const listed = (await crm(app, seller, 'GET', 'crm/custom_view?type_id=1')).json().data;
    expect(listed.map((item: { name: string }) => item.name)).toEqual(['All Leads', 'Hot leads']);
  });

  it('updates the active view in place, then deleting it leaves the built-in view', async () => {
    const view = (
      await crm(app, seller, 'POST', 'lead/custom-index-save', {
        type_id: 1,
        name: 'Small',
        filters: [{ id: 'no_of_employees', condition: 11, value: 20 }],
      })
    ).json().data;
    expect(view.total_results).toBe(3);
    const updated = await crm(app, seller, 'PUT', `lead/custom-index-save/${view.id}`, {
      type_id: 1,
      name: 'Tiny',
      filters: [{ id: 'no_of_employees', condition: 9, value: 10 }],
    });
    expect(updated.json()).toMatchObject({
      message: CRM_MESSAGES.viewUpdated,
      data: { id: view.id, name: 'Tiny', total_results: 1 },
    });
    expect((await crm(app, seller, 'GET', `crm/custom_view/${view.id}`)).json().data.name).toBe('Tiny');
    const deleted = await crm(app, seller, 'DELETE', `crm/custom_view/${view.id}`);
    expect(deleted.json().message).toBe(CRM_MESSAGES.viewDeleted);
    expect((await crm(app, seller, 'GET', `crm/custom_view/${view.id}`)).statusCode).toBe(404);
    const names = (await crm(app, seller, 'GET', 'crm/custom_view?type_id=1'))
      .json()
      .data.map((item: { name: string }) => item.name);
    expect(names).not.toContain('Tiny');
  });

  it('refuses a duplicate name, the built-in name, a bad filter and an unsortable sort', async () => {
    await crm(app, seller, 'POST', 'lead/custom-index-save', { type_id: 1, name: 'Mine' });
    const duplicate = await crm(app, seller, 'POST', 'lead/custom-index-save', { type_id: 1, name: 'mine' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(CRM_MESSAGES.viewNameTaken);
    expect(
      (await crm(app, seller, 'POST', 'lead/custom-index-save', { type_id: 1, name: 'All Leads' })).json().message,
    ).toBe(CRM_MESSAGES.viewNameReserved);
    expect(
      (
        await crm(app, seller, 'POST', 'lead/custom-index-save', {
          type_id: 1,
          name: 'X',
          filters: [{ id: 'rating', condition: 9, value: 1 }],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await crm(app, seller, 'POST', 'lead/custom-index-save', {
          type_id: 1,
          name: 'Y',
          sort: { field: 'preferred_channels' },
        })
      ).json().message,
    ).toBe(CRM_MESSAGES.sortUnknown);
  });
});

describe('saved filters (lead/filter-save, lead/filter-delete)', () => {
  it('saves a filter with its count and the list of saved filters, updates it by id, deletes it', async () => {
    const seller = await sellerWithLeads(5, (index) => ({ lead_source: index < 2 ? 'Trade Show' : 'Website' }));
    const saved = await crm(app, seller, 'POST', 'lead/filter-save', {
      type_id: 1,
      name: 'Trade shows',
      filters: [{ id: 'lead_source', condition: 1, value: 'Trade Show' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(CRM_MESSAGES.filterSaved);
    const body = saved.json().data;
    expect(body.total_results).toBe(2);
    expect(body.savedFilterRequests).toHaveLength(1);
    const id = body.saved.id;
    expect((await listing(app, seller, { type_id: 1, filter_id: id })).total).toBe(2);
    const updated = (
      await crm(app, seller, 'POST', 'lead/filter-save', {
        id,
        type_id: 1,
        name: 'Web',
        filters: [{ id: 'lead_source', condition: 1, value: 'Website' }],
      })
    ).json().data;
    expect(updated.savedFilterRequests).toEqual([expect.objectContaining({ id, name: 'Web', total_results: 3 })]);
    expect(
      (await crm(app, seller, 'POST', 'lead/filter-save', { type_id: 1, name: 'Empty', filters: [] })).json().message,
    ).toBe(CRM_MESSAGES.filtersRequired);
    const deleted = await crm(app, seller, 'DELETE', `lead/filter-delete/${id}`);
    expect(deleted.json()).toMatchObject({ message: CRM_MESSAGES.filterDeleted, data: { savedFilterRequests: [] } });
    expect((await crm(app, seller, 'POST', 'crm/data_listing', { type_id: 1, filter_id: id })).statusCode).toBe(404);
  });
});

describe('POST /crm/v1/crm/data_listing', () => {
  it('pages by 100 by default, sorts by any sortable field and searches by keyword', async () => {
    const seller = await sellerWithLeads(105, (index) => ({
      company: index === 7 ? 'Zenith Boilers' : `Firm ${index}`,
      no_of_employees: index,
    }));
    const first = await listing(app, seller, { type_id: 1 });
    expect(first).toMatchObject({ total: 105, perPage: 100, currentPage: 1, lastPage: 2 });
    expect(first.data).toHaveLength(100);
    expect(first.sort).toEqual({ field: 'created_at', direction: 'desc' });
    const second = await listing(app, seller, { type_id: 1, page: 2 });
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((row) => row.id)).size).toBe(105);
    const sorted = await listing(app, seller, {
      type_id: 1,
      per_page: 3,
      sort: { field: 'no_of_employees', direction: 'desc' },
    });
    expect(sorted.data.map((row) => row.values.no_of_employees)).toEqual([104, 103, 102]);
    const found = await listing(app, seller, { type_id: 1, query: 'zenith boil' });
    expect(found.data.map((row) => row.values.company)).toEqual(['Zenith Boilers']);
    const beyond = await listing(app, seller, {
      type_id: 1,
      page: 9,
      filters: [{ id: 'no_of_employees', condition: 12, value: 0 }],
    });
    expect(beyond).toMatchObject({ total: 105, data: [] });
  });

  it('sends only the values of the shown columns and the title', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 1, {
      first_name: 'Ann',
      last_name: 'Lee',
      city: 'Pune',
      rating: 'Hot',
      no_of_employees: 5,
    });
    const page = await listing(app, seller, { type_id: 1, columns: ['city', 'owner_id'] });
    expect(page.columns).toEqual(['city', 'owner_id']);
    expect(page.data[0].values).toEqual({ first_name: 'Ann', last_name: 'Lee', city: 'Pune' });
    expect(page.data[0].title).toBe('Ann Lee');
  });

  it('answers the same list through the type aliases (leads, contact/list, account/list, deal/list)', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 1, { first_name: 'L' });
    await createRecord(app, seller, 4, { first_name: 'C' });
    await createRecord(app, seller, 3, { account_name: 'A' });
    await createRecord(app, seller, 2, { deal_name: 'D', amount: 10 });
    const total = async (method: 'GET' | 'POST', path: string) =>
      (await crm(app, seller, method, path, method === 'POST' ? {} : undefined)).json().data.total;
    expect(await total('POST', 'leads')).toBe(1);
    expect(await total('POST', 'contact/list')).toBe(1);
    expect(await total('POST', 'account/list')).toBe(1);
    expect(await total('GET', 'deal/list?per_page=100')).toBe(1);
    const filtered = await crm(
      app,
      seller,
      'GET',
      `deal/list?filters=${encodeURIComponent(JSON.stringify([{ id: 'amount', condition: 10, value: 10 }]))}`,
    );
    expect(filtered.json().data.total).toBe(0);
    expect((await crm(app, seller, 'GET', 'deal/list?filters=not-json')).statusCode).toBe(422);
    const main = (await crm(app, seller, 'GET', 'lead/list/main')).json().data;
    expect(main.data.map((row: { title: string }) => row.title)).toEqual(['L']);
  });
});

describe('kanban (crm/kanbon_data_list, crm/store_kanbon_view, crm/kanbon_move)', () => {
  it('groups leads by status, 10 cards a column, unselected, and pages a column as it scrolls', async () => {
    const seller = await sellerWithLeads(23, (index) => ({ lead_status: index < 13 ? 'New' : 'Contacted' }));
    const board = (await crm(app, seller, 'GET', 'crm/kanbon_data_list')).json().data;
    expect(board.type_id).toBe(1);
    expect(board.group_by).toEqual({ name: 'lead_status', label: 'Lead status' });
    const newColumn = board.columns.find((column: { value: string }) => column.value === 'New');
    expect(newColumn).toMatchObject({ count: 13, lastPage: 2, perPage: 10 });
    expect(newColumn.cards).toHaveLength(10);
    expect(newColumn.cards.every((card: { selected: boolean }) => card.selected === false)).toBe(true);
    expect(board.columns.map((column: { value: string }) => column.value)).toEqual([
      'New',
      'Contacted',
      'Qualified',
      'Proposal Sent',
      'Unqualified',
      'Converted',
      'Lost',
      '',
    ]);
    const more = (await crm(app, seller, 'GET', 'crm/kanbon_data_list?type_id=1&column=New&page=2')).json().data;
    expect(more.columns).toHaveLength(1);
    expect(more.columns[0].cards).toHaveLength(3);
    const seen = new Set([...newColumn.cards, ...more.columns[0].cards].map((card: { id: number }) => card.id));
    expect(seen.size).toBe(13);
  });

  it('moves a card to another column, persisted, and refuses an empty required status', async () => {
    const seller = await sellerWithLeads(2, () => ({ lead_status: 'New' }));
    const board = (await crm(app, seller, 'GET', 'crm/kanbon_data_list?type_id=1')).json().data;
    const card = board.columns[0].cards[0];
    const moved = await crm(app, seller, 'POST', 'crm/kanbon_move', {
      unique_id: card.unique_id,
      type_id: 1,
      value: 'Qualified',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ selected: false, values: { lead_status: 'Qualified' } });
    const after = (await crm(app, seller, 'GET', 'crm/kanbon_data_list?type_id=1')).json().data;
    const qualified = after.columns.find((column: { value: string }) => column.value === 'Qualified');
    expect(qualified.cards.map((item: { id: number }) => item.id)).toEqual([card.id]);
    const emptied = await crm(app, seller, 'POST', 'crm/kanbon_move', {
      unique_id: card.unique_id,
      type_id: 1,
      value: '',
    });
    expect(emptied.json().errors.lead_status).toEqual([CRM_MESSAGES.required('Lead status')]);
    expect(
      (await crm(app, seller, 'POST', 'crm/kanbon_move', { unique_id: card.unique_id, type_id: 1, value: 'Frozen' }))
        .statusCode,
    ).toBe(422);
  });

  it('sums deal amounts per stage and remembers the board type and grouping of the user', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 2, { deal_name: 'D1', amount: 1000.25, stage: 'Proposal' });
    await createRecord(app, seller, 2, { deal_name: 'D2', amount: 500, stage: 'Proposal' });
    await createRecord(app, seller, 2, { deal_name: 'D3', stage: 'Negotiation', deal_type: 'New Business' });
    const stored = await crm(app, seller, 'POST', 'crm/store_kanbon_view', { type_id: 2 });
    expect(stored.json().message).toBe(CRM_MESSAGES.kanbanSaved);
    const board = (await crm(app, seller, 'GET', 'crm/kanbon_data_list')).json().data;
    expect(board.type_id).toBe(2);
    const proposal = board.columns.find((column: { value: string }) => column.value === 'Proposal');
    expect(proposal).toMatchObject({ count: 2, amount: 1500.25 });
    expect(proposal.cards.map((card: { amount: number }) => card.amount).sort()).toEqual([1000.25, 500]);
    await crm(app, seller, 'POST', 'crm/store_kanbon_view', { type_id: 2, group_by: 'deal_type' });
    const regrouped = (await crm(app, seller, 'GET', 'crm/kanbon_data_list')).json().data;
    expect(regrouped.group_by.name).toBe('deal_type');
    expect(
      (await crm(app, seller, 'POST', 'crm/store_kanbon_view', { type_id: 2, group_by: 'amount' })).json().message,
    ).toBe(CRM_MESSAGES.kanbanGroupFieldInvalid);
  });
});

describe('CSV import and export', () => {
  const csv = [
    'First Name,Last Name,Email Address,Phone,Company,Rating,Employees',
    'Asha,Rao,asha@rao.example,+91 98000 00001,Rao Steel,Hot,120',
    'Ben,Ode,ben@ode.example,+234 800 000 0002,Ode Foods,Warm,40',
    '"Chloe ""CJ""",Jones,,+44 20 0000 0003,"Jones, Sons & Co",cold,9',
    ',Missing,nofirst@example.test,,,,',
    'Dup,InFile,asha@rao.example,,,,',
    'Eve,Bad,eve@bad.example,,,Scalding,many',
  ].join('\n');
  const mapping = {
    'First Name': 'first_name',
    'Last Name': 'last_name',
    'Email Address': 'email',
    Phone: 'phone',
    Company: 'company',
    Rating: 'rating',
    Employees: 'no_of_employees',
  };

  it('previews the file with a suggested mapping', async () => {
    const seller = await signUp(app, 'seller');
    const preview = (await crm(app, seller, 'POST', 'crm/import/preview', { type_id: 1, csv })).json().data;
    expect(preview.total_rows).toBe(6);
    expect(preview.sample_rows[2][0]).toBe('Chloe "CJ"');
    expect(preview.suggested_mapping).toMatchObject({
      'First Name': 'first_name',
      'Email Address': 'email',
      Phone: 'phone',
      Company: 'company',
    });
  });

  it('imports rows through the form, reporting each row, and skips duplicates by e-mail or phone', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 1, { first_name: 'Existing', phone: '+44 (20) 0000-0003' });
    const response = await crm(app, seller, 'POST', 'crm/import', {
      type_id: 1,
      csv,
      mapping,
      duplicate_action: 'skip',
    });
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report).toMatchObject({ created: 2, updated: 0, skipped: 2, failed: 2 });
    expect(report.rows.map((row: { row: number; status: string }) => [row.row, row.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'skipped'],
      [5, 'failed'],
      [6, 'skipped'],
      [7, 'failed'],
    ]);
    expect(report.rows[3].errors.first_name).toEqual([CRM_MESSAGES.required('First name')]);
    expect(report.rows[5].errors).toMatchObject({
      rating: [CRM_MESSAGES.notOption('Rating')],
      no_of_employees: [CRM_MESSAGES.notNumber('No. of employees')],
    });
    expect(response.json().message).toBe(CRM_MESSAGES.importDone(2, 0, 2, 2));
    expect((await listing(app, seller, { type_id: 1 })).total).toBe(3);
  });

  it('updates duplicates, or creates them anyway, as asked', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 1, { first_name: 'Old', email: 'asha@rao.example' });
    const updated = (
      await crm(app, seller, 'POST', 'crm/import', {
        type_id: 1,
        csv,
        mapping,
        duplicate_action: 'update',
        match_by: 'email',
      })
    ).json().data;
    expect(updated).toMatchObject({ created: 2, updated: 2, failed: 2 });
    const asha = await listing(app, seller, {
      type_id: 1,
      columns: ['first_name', 'company', 'rating'],
      filters: [{ id: 'email', condition: 1, value: 'asha@rao.example' }],
    });
    expect(asha.data).toHaveLength(1);
    expect(asha.data[0].values).toMatchObject({ first_name: 'Dup', company: 'Rao Steel', rating: 'Hot' });
    const again = (
      await crm(app, seller, 'POST', 'crm/import', { type_id: 1, csv, mapping, duplicate_action: 'create' })
    ).json().data;
    expect(again.created).toBe(4);
  });

  it('refuses an empty file and a mapping to unknown fields', async () => {
    const seller = await signUp(app, 'seller');
    expect(
      (await crm(app, seller, 'POST', 'crm/import', { type_id: 1, csv: 'a,b\n', mapping: { a: 'first_name' } })).json()
        .message,
    ).toBe(CRM_MESSAGES.importEmpty);
    expect(
      (await crm(app, seller, 'POST', 'crm/import', { type_id: 1, csv, mapping: { 'First Name': 'nope' } })).json()
        .message,
    ).toBe(CRM_MESSAGES.fieldUnknown);
    expect((await crm(app, seller, 'POST', 'crm/import', { type_id: 1, csv, mapping: {} })).json().message).toBe(
      CRM_MESSAGES.importNoMapping,
    );
  });

  it('exports a view as CSV with its columns, neutralising formulas', async () => {
    const seller = await signUp(app, 'seller');
    await createRecord(app, seller, 1, { first_name: '=HYPERLINK("x")', company: 'Quote "Co", Ltd', rating: 'Hot' });
    await createRecord(app, seller, 1, { first_name: 'Cold one', rating: 'Cold' });
    const view = (
      await crm(app, seller, 'POST', 'lead/custom-index-save', {
        type_id: 1,
        name: 'Hot',
        columns: ['first_name', 'company', 'owner_id'],
        filters: [{ id: 'rating', condition: 1, value: 'Hot' }],
      })
    ).json().data;
    const response = await crm(app, seller, 'POST', 'crm/export', { type_id: 1, custom_view_id: view.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('Record ID,First name,Company,Owner');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")","Quote ""Co"", Ltd",Sam Seller`);
  });
});
