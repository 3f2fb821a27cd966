import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createTestApp, signUp, uniqueEmail, type TestUser } from '../../../../test/helpers.ts';
import { createAccount } from '../../accounts/public.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createLead } from '../leads/intake.ts';
import { liveCount } from '../listing/service.ts';
import { crmRecordCounts } from '../listing/tables.ts';
import { crmRecords } from './tables.ts';
import { createRecord, crm, listing } from '../test-support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A sub-user of `seller`, signed in. */
async function subUserOf(seller: TestUser): Promise<TestUser> {
  const email = uniqueEmail('sub');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { userId } = await app.db.transaction((tx) =>
    createAccount(tx, {
      fullName: 'Rohan Sub',
      emailId: email,
      passwordHash,
      userType: 'subuser',
      parent: { userId: seller.id, companyId: seller.companyId! },
    }),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email_id: email, password: DEMO_PASSWORD },
  });
  return { token: response.json().data.token, id: userId, email, companyId: seller.companyId };
}

describe('POST /crm/v1/crm/create_record', () => {
  it('creates a lead with unique ids, the default status, a title and the caller as owner', async () => {
    const seller = await signUp(app, 'seller');
    const response = await crm(app, seller, 'POST', 'crm/create_record', {
      type_id: 1,
      values: {
        first_name: '  Priya ',
        last_name: 'Nair',
        email: 'Priya@Example.COM',
        annual_revenue: '1,250,000.50',
        website: 'example.com',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(CRM_MESSAGES.recordCreated('Lead'));
    const lead = response.json().data;
    expect(lead).toMatchObject({ title: 'Priya Nair', type_id: 1, owner: { id: seller.id } });
    expect(lead.unique_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lead.crm_user_form_unique_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lead.values).toMatchObject({
      first_name: 'Priya',
      email: 'priya@example.com',
      annual_revenue: 1250000.5,
      website: 'https://example.com',
      lead_status: 'New',
    });
  });

  it('answers every field that does not fit its type at once', async () => {
    const seller = await signUp(app, 'seller');
    const response = await crm(app, seller, 'POST', 'crm/create_record', {
      type_id: 1,
      values: {
        first_name: 'X',
        email: 'not-an-email',
        no_of_employees: 'many',
        next_follow_up: '2026-02-30',
        rating: 'Lukewarm',
        annual_revenue: 10.555,
        unknown_field: 'x',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [CRM_MESSAGES.notEmail('E-mail')],
      no_of_employees: [CRM_MESSAGES.notNumber('No. of employees')],
      next_follow_up: [CRM_MESSAGES.notDate('Next follow-up')],
      rating: [CRM_MESSAGES.notOption('Rating')],
      annual_revenue: [CRM_MESSAGES.notMoney('Annual revenue')],
      unknown_field: [CRM_MESSAGES.fieldUnknown],
    });
  });

  it('refuses users and records of another company in user and lookup fields', async () => {
    const seller = await signUp(app, 'seller');
    const other = await signUp(app, 'seller');
    const foreignAccount = await createRecord(app, other, 3, { account_name: 'Not yours' });
    const response = await crm(app, seller, 'POST', 'crm/create_record', {
      type_id: 4,
      values: { first_name: 'Eve', account: foreignAccount.id },
      owner_id: other.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.account).toEqual([CRM_MESSAGES.notRecord('Account')]);
    const owner = await crm(app, seller, 'POST', 'crm/create_record', {
      type_id: 4,
      values: { first_name: 'Eve' },
      owner_id: other.id,
    });
    expect(owner.json().errors.owner_id).toEqual([CRM_MESSAGES.notUser('Owner')]);
  });

  it('lets a sub-user work inside the seller company', async () => {
    const seller = await signUp(app, 'seller');
    const sub = await subUserOf(seller);
    const lead = await createRecord(app, sub, 1, { first_name: 'From sub' });
    const page = await listing(app, seller, { type_id: 1 });
    expect(page.data.map((row) => row.id)).toContain(lead.id);
  });
});

describe('editing records', () => {
  it('edits a whole record (PUT crm/update_record/{id}) and one value inline, changing the owner too', async () => {
    const seller = await signUp(app, 'seller');
    const sub = await subUserOf(seller);
    const lead = await createRecord(app, seller, 1, { first_name: 'Old', company: 'Old Co' });
    const edited = await crm(app, seller, 'PUT', `crm/update_record/${lead.id}`, {
      values: { first_name: 'New', company: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.values).not.toHaveProperty('company');
    expect(edited.json().data.title).toBe('New');
    const cleared = await crm(app, seller, 'PUT', `crm/update_record/${lead.id}`, { values: { first_name: '' } });
    expect(cleared.json().errors.first_name).toEqual([CRM_MESSAGES.required('First name')]);

    const inline = await crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
      unique_id: lead.unique_id,
      crm_user_form_unique_id: lead.crm_user_form_unique_id,
      type_id: 1,
      form_input_list_id: 'owner_id',
      value: sub.id,
    });
    expect(inline.json().data.owner).toEqual({ id: sub.id, full_name: 'Rohan Sub' });
  });

  it('finds a record by keyword after an edit (the search index follows the values)', async () => {
    const seller = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Zed', phone: '+91 98220-12345' });
    await crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
      unique_id: lead.unique_id,
      type_id: 1,
      form_input_list_id: 'company',
      value: 'Quasar Hydraulics',
    });
    expect((await listing(app, seller, { type_id: 1, query: 'quas' })).total).toBe(1);
    expect((await listing(app, seller, { type_id: 1, query: '9822012345' })).total).toBe(1);
    expect((await listing(app, seller, { type_id: 1, query: 'zed hydraulics' })).total).toBe(1);
    expect((await listing(app, seller, { type_id: 1, query: 'zed pneumatics' })).total).toBe(0);
  });

  it('matches a keyword as the beginning of any word, however many words it begins', async () => {
    const seller = await signUp(app, 'seller');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    // 52 words beginning with "kappa": more than a prefix is expanded into (crm_search_words).
    const names = [...letters].flatMap((first) => [`Kappa${first}x`, `Kappa${first}y`]);
    for (const name of names) await createRecord(app, seller, 1, { first_name: 'Ann', company: `${name} Traders` });
    const total = async (query: string) => (await listing(app, seller, { type_id: 1, query })).total;
    expect(await total('kappa')).toBe(52);
    expect(await total('kappaq')).toBe(2);
    expect(await total('kappaqx')).toBe(1);
    expect(await total('kappaqx traders')).toBe(1);
    expect(await total('kappaqz')).toBe(0);
    expect(await total('ann kap')).toBe(52);
  });

  it('matches a prefix up to its last letter, whatever alphabet it is in', async () => {
    const seller = await signUp(app, 'seller');
    for (const company of ['Müller Pumps', 'Mülheim Valves', 'Muz Traders', 'Mv Steel', 'Mt Works'])
      await createRecord(app, seller, 1, { first_name: 'Ann', company });
    const total = async (query: string) => (await listing(app, seller, { type_id: 1, query })).total;
    expect(await total('mü')).toBe(2);
    expect(await total('müll')).toBe(1);
    expect(await total('mu')).toBe(1);
    expect(await total('mv')).toBe(1);
    expect(await total('m')).toBe(5);
    expect(await total('mw')).toBe(0);
  });
});

describe('DELETE /crm/v1/crm/delete_lead and restoring', () => {
  it('soft-deletes into the recycle bin and restores, refusing a restore that would break a unique value', async () => {
    const seller = await signUp(app, 'seller');
    const form = (await crm(app, seller, 'GET', 'crm/single_lead_form_detail?type_id=3')).json().data;
    const sections = form.sections.map(
      (section: {
        id: number;
        name: string;
        tab_columns: string;
        form_fields: { name: string; unique: boolean }[];
      }) => ({
        ...section,
        form_fields: section.form_fields.map((field) =>
          field.name === 'account_name' ? { ...field, unique: true } : field,
        ),
      }),
    );
    expect((await crm(app, seller, 'POST', 'crm/save_input_form', { type_id: 3, sections })).statusCode).toBe(200);
    const account = await createRecord(app, seller, 3, { account_name: 'Acme' });
    const deleted = await crm(
      app,
      seller,
      'DELETE',
      `crm/delete_lead?unique_id=${account.unique_id}&crm_user_form_unique_id=${account.crm_user_form_unique_id}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(CRM_MESSAGES.recordDeleted);
    expect((await listing(app, seller, { type_id: 3 })).total).toBe(0);
    expect((await listing(app, seller, { type_id: 3, deleted: true })).total).toBe(1);
    const again = await createRecord(app, seller, 3, { account_name: 'ACME' });
    const refused = await crm(app, seller, 'POST', 'crm/restore_lead', { unique_id: account.unique_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CRM_MESSAGES.unique('Account name'));
    await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${again.unique_id}`);
    const restored = await crm(app, seller, 'POST', 'crm/restore_lead', { unique_id: account.unique_id });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.deleted_at).toBeNull();
  });
});

describe('bulk actions', () => {
  it('edits, assigns, deletes and restores the selected records only', async () => {
    const seller = await signUp(app, 'seller');
    const sub = await subUserOf(seller);
    const [a, b, c] = [
      await createRecord(app, seller, 1, { first_name: 'A' }),
      await createRecord(app, seller, 1, { first_name: 'B' }),
      await createRecord(app, seller, 1, { first_name: 'C' }),
    ];
    const updated = await crm(app, seller, 'POST', 'crm/bulk_update', {
      type_id: 1,
      ids: [a.id, b.id],
      field: 'rating',
      value: 'Hot',
    });
    expect(updated.json()).toMatchObject({ data: { count: 2 }, message: CRM_MESSAGES.recordsUpdated(2) });
    const badValue = await crm(app, seller, 'POST', 'crm/bulk_update', {
      type_id: 1,
      ids: [a.id],
      field: 'rating',
      value: 'Boiling',
    });
    expect(badValue.statusCode).toBe(422);
    const required = await crm(app, seller, 'POST', 'crm/bulk_update', {
      type_id: 1,
      ids: [a.id],
      field: 'first_name',
      value: '',
    });
    expect(required.json().errors.first_name).toEqual([CRM_MESSAGES.required('First name')]);
    const assigned = await crm(app, seller, 'POST', 'crm/bulk_assign', { type_id: 1, ids: [c.id], owner_id: sub.id });
    expect(assigned.json().message).toBe(CRM_MESSAGES.recordsAssigned(1, 'Rohan Sub'));
    const hot = await listing(app, seller, { type_id: 1, filters: [{ id: 'rating', condition: 1, value: ['Hot'] }] });
    expect(hot.data.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    const mine = await listing(app, seller, {
      type_id: 1,
      filters: [{ id: 'owner_id', condition: 1, value: [sub.id] }],
    });
    expect(mine.data.map((row) => row.id)).toEqual([c.id]);

    expect(
      (await crm(app, seller, 'POST', 'crm/bulk_delete', { type_id: 1, ids: [a.id, c.id] })).json().data.count,
    ).toBe(2);
    expect((await listing(app, seller, { type_id: 1 })).data.map((row) => row.id)).toEqual([b.id]);
    expect((await crm(app, seller, 'POST', 'crm/bulk_restore', { type_id: 1, ids: [a.id] })).json().data.count).toBe(1);
    expect((await listing(app, seller, { type_id: 1 })).total).toBe(2);
    const none = await crm(app, seller, 'POST', 'crm/bulk_delete', { type_id: 1, ids: [] });
    expect(none.json().message).toBe(CRM_MESSAGES.noneSelected);
  });
});

describe('POST /crm/v1/lead/convert', () => {
  it('converts a lead into a contact, an account and a deal, keeping the lead and linking them', async () => {
    const seller = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, {
      first_name: 'Grace',
      last_name: 'Wanjiru',
      company: 'Lakeside Water',
      email: 'grace@lakeside.example',
      city: 'Nakuru',
      industry: 'Energy',
    });
    const response = await crm(app, seller, 'POST', 'lead/convert', {
      lead_id: lead.id,
      create_deal: true,
      deal: { amount: 42000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CRM_MESSAGES.converted);
    const { contact, account, deal } = response.json().data;
    expect(account.title).toBe('Lakeside Water');
    expect(deal.title).toBe('Lakeside Water deal');

    const contactInfo = (await crm(app, seller, 'GET', `contact/info-sidebar?contact_id=${contact.id}`)).json().data;
    expect(contactInfo.record.values).toMatchObject({
      first_name: 'Grace',
      email: 'grace@lakeside.example',
      city: 'Nakuru',
      account: account.id,
    });
    expect(contactInfo.related.account.id).toBe(account.id);
    expect(contactInfo.related.source_lead.id).toBe(lead.id);
    expect(contactInfo.related.deals.map((item: { id: number }) => item.id)).toEqual([deal.id]);

    const accountInfo = (await crm(app, seller, 'GET', `account/info/${account.id}`)).json().data;
    expect(accountInfo.record.values).toMatchObject({
      account_name: 'Lakeside Water',
      industry: 'Energy',
      city: 'Nakuru',
    });
    expect(accountInfo.related.contacts.map((item: { id: number }) => item.id)).toEqual([contact.id]);
    expect(accountInfo.related.deals[0]).toMatchObject({ id: deal.id, amount: 42000, stage: 'Qualification' });
    expect(accountInfo.related.leads.map((item: { id: number }) => item.id)).toEqual([lead.id]);

    const dealInfo = (await crm(app, seller, 'GET', `deal/sidebar-info?deal_id=${deal.id}`)).json().data;
    expect(dealInfo.related.contacts.map((item: { id: number }) => item.id)).toEqual([contact.id]);

    const leadInfo = (await crm(app, seller, 'GET', `lead/info?lead_id=${lead.id}`)).json().data;
    expect(leadInfo.lead_data.converted_at).not.toBeNull();
    expect(leadInfo.lead_data.values.lead_status).toBe('Converted');
    expect(leadInfo.related.converted_to).toMatchObject({
      contact: { id: contact.id },
      account: { id: account.id },
      deal: { id: deal.id },
    });
    expect(leadInfo.lead_detail.form_fields[0].name).toBe('Lead Information');
    expect(leadInfo.lead_analyitics).toEqual({ notes: 0, files: 0, tasks: 0, meetings: 0, calls: 0, emails: 0 });
    expect(leadInfo.check_survey_mail_status).toBe(false);

    const twice = await crm(app, seller, 'POST', 'lead/convert', { lead_id: lead.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CRM_MESSAGES.alreadyConverted);
    const leads = (await crm(app, seller, 'GET', `lead/list?contact_id=${contact.id}`)).json().data;
    expect(leads.map((item: { id: number }) => item.id)).toEqual([lead.id]);
  });

  it('links to an existing account of the same name instead of creating another', async () => {
    const seller = await signUp(app, 'seller');
    const existing = await createRecord(app, seller, 3, { account_name: 'Acme Pumps' });
    const lead = await createRecord(app, seller, 1, { first_name: 'Tom', company: 'ACME PUMPS' });
    const result = (await crm(app, seller, 'POST', 'lead/convert', { lead_id: lead.id })).json().data;
    expect(result.account.id).toBe(existing.id);
    expect(result.deal).toBeNull();
    expect((await listing(app, seller, { type_id: 3 })).total).toBe(1);
  });

  it('converts nothing when a step fails (one transaction)', async () => {
    const seller = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Ana', company: 'Nova' });
    const response = await crm(app, seller, 'POST', 'lead/convert', {
      lead_id: lead.id,
      create_deal: true,
      deal: { stage: 'Not a stage' },
    });
    expect(response.statusCode).toBe(422);
    expect((await listing(app, seller, { type_id: 3 })).total).toBe(0);
    expect((await listing(app, seller, { type_id: 4 })).total).toBe(0);
    const info = (await crm(app, seller, 'GET', `lead/info?lead_id=${lead.id}`)).json().data;
    expect(info.lead_data.converted_at).toBeNull();
  });
});

describe('GET /crm/v1/crm/statistics', () => {
  it('counts leads, contacts and the conversions from real records', async () => {
    const seller = await signUp(app, 'seller');
    const leads = [];
    for (const name of ['L1', 'L2', 'L3', 'L4'])
      leads.push(await createRecord(app, seller, 1, { first_name: name, company: `${name} Co` }));
    await crm(app, seller, 'POST', 'lead/convert', {
      lead_id: leads[0].id,
      create_deal: true,
      deal: { stage: 'Closed Won' },
    });
    await crm(app, seller, 'POST', 'lead/convert', { lead_id: leads[1].id, create_deal: true });
    await crm(app, seller, 'POST', 'lead/convert', { lead_id: leads[2].id });
    const stats = (await crm(app, seller, 'GET', 'crm/statistics')).json().data;
    expect(stats.total).toEqual({
      total_leads: 4,
      total_contacts: 3,
      total_accounts: 3,
      total_deals: 2,
      converted_leads: 3,
      leads_with_deals: 2,
      leads_won: 1,
      lead_oppportunity_conversion_rate: 75,
      lead_to_customer_conversion_rate: 25,
      lead_to_opportunity_deal_conversion_rate: 50,
    });
    expect(stats.weekly.total_leads).toBe(4);
  });
});

describe('createLead (for other modules)', () => {
  it('drops what the form cannot hold and reuses the live lead with the same e-mail', async () => {
    const seller = await signUp(app, 'seller');
    const first = await app.db.transaction((tx) =>
      createLead(
        app.crm,
        tx,
        seller.companyId!,
        { first_name: 'Bea', email: 'Bea@Buyer.example', rating: 'Scalding', quote_ref: 'Q-1' },
        'Marketplace Quote',
      ),
    );
    expect(first.created).toBe(true);
    expect(first.lead.values).toEqual({
      first_name: 'Bea',
      email: 'bea@buyer.example',
      lead_source: 'Marketplace Quote',
      lead_status: 'New',
    });
    const again = await app.db.transaction((tx) =>
      createLead(
        app.crm,
        tx,
        seller.companyId!,
        { first_name: 'Bea', email: 'bea@buyer.example', company: 'Buyer Co' },
        'Marketplace Chat',
      ),
    );
    expect(again).toMatchObject({
      created: false,
      lead: { id: first.lead.id, values: { company: 'Buyer Co', lead_source: 'Marketplace Quote' } },
    });
  });
});

describe('live counts (crm_record_counts, kept by triggers)', () => {
  it('agree with the records after creates, deletes, restores, bulk actions and imports, and fold', async () => {
    const seller = await signUp(app, 'seller');
    const companyId = seller.companyId!;
    const ids: number[] = [];
    for (let index = 0; index < 70; index += 1)
      ids.push((await createRecord(app, seller, 1, { first_name: `P${index}` })).id);
    await crm(app, seller, 'POST', 'crm/bulk_delete', { type_id: 1, ids: ids.slice(0, 10) });
    await crm(app, seller, 'POST', 'crm/bulk_restore', { type_id: 1, ids: ids.slice(0, 3) });
    await crm(app, seller, 'POST', 'crm/import', {
      type_id: 1,
      csv: 'First\nQ1\nQ2\n',
      mapping: { First: 'first_name' },
    });
    const [{ actual }] = await app.db
      .select({ actual: sql<number>`count(*)::int` })
      .from(crmRecords)
      .where(and(eq(crmRecords.companyId, companyId), eq(crmRecords.typeId, 1), isNull(crmRecords.deletedAt)));
    expect(actual).toBe(65);
    expect(await liveCount(app.db, companyId, 1)).toBe(65);
    expect((await listing(app, seller, { type_id: 1 })).total).toBe(65);
    const [{ parts }] = await app.db
      .select({ parts: sql<number>`count(*)::int` })
      .from(crmRecordCounts)
      .where(and(eq(crmRecordCounts.companyId, companyId), eq(crmRecordCounts.typeId, 1)));
    expect(parts).toBe(1);
  });
});
