import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordRef } from '@tradeloop/contracts/crm/records';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { markMobileVerified } from '../../accounts/test-support.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../catalog/test-support.ts';
import { sellerOf } from '../../market/test-support.ts';
import { createRecord, crm, leadInfo, listing, personOf, requestQuote, threadIndex } from '../test-support.ts';

/** Issue 42, clean records (decision 064): a marketplace lead's fields, and possible duplicates on every path. */
let app: FastifyInstance;
let seller: TestUser;
let pump: number;
let valve: number;

beforeAll(async () => {
  app = await createTestApp();
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Nashik Valves', type: 'Manufacturers', country: 'IN' });
  pump = (await createProductAs(app, seller, inStockProduct(refs))).id;
  valve = (await createProductAs(app, seller, inStockProduct(refs, { name: 'Gate Valve' }))).id;
});
afterAll(() => app.close());

/** A buyer as sign-up and the profile leave them: the full name only, the mobile's country and calling code. */
async function buyerOf(name: string, mobile: string, options: { emailVerified?: boolean } = {}) {
  return personOf(app, 'buyer', {
    name,
    company: { name: `${name} Trading LLC`, type: 'Others', countryCode: 'AE' },
    emailVerified: options.emailVerified,
    profile: { country: 'IN', city: 'Pune', mobile_code: 'IN', mobile_country_code: '+91', mobile },
  });
}

/** The lead the buyer's quote request for the product went to (their newest thread). */
async function quoteLead(user: TestUser, buyer: TestUser, product = pump) {
  expect((await requestQuote(app, buyer, user, product, { quantity: 2 })).statusCode).toBe(201);
  const threads = (await threadIndex(app, user, 'sort_by=newest')).data;
  return threads.find((thread) => thread.contact_details.user_id === buyer.id)!.lead.id;
}

async function duplicatesOf(user: TestUser, leadId: number) {
  const response = await crm(app, user, 'GET', `lead/info?lead_id=${leadId}`);
  expect(response.statusCode).toBe(200);
  return (response.json().data.duplicate_of as RecordRef[]).map((ref) => ref.id);
}

describe('a marketplace lead carries clean data', () => {
  it('splits the name, and copies company, country, the mobile in E.164 and what is verified', async () => {
    const buyer = await buyerOf('Fatima Al Mansouri', '9876543210', { emailVerified: true });
    const leadId = await quoteLead(seller, buyer);
    const lead = await leadInfo(app, seller, leadId);
    expect(lead.values).toMatchObject({
      first_name: 'Fatima',
      last_name: 'Al Mansouri',
      company: 'Fatima Al Mansouri Trading LLC',
      country: 'India',
      city: 'Pune',
      email: buyer.email,
      phone: '+919876543210',
      mobile: '+919876543210',
      email_verified: true,
      mobile_verified: false,
    });
    const [thread] = (await threadIndex(app, seller, 'sort_by=newest')).data;
    expect(thread.contact_details).toMatchObject({
      first_name: 'Fatima',
      last_name: 'Al Mansouri',
      phone: '+919876543210',
    });

    // The buyer verifies the number later: the returning buyer's lead says so.
    await markMobileVerified(app.db, buyer.id, '+919876543210');
    expect(await quoteLead(seller, buyer, valve)).toBe(leadId);
    expect((await leadInfo(app, seller, leadId)).values).toMatchObject({ mobile_verified: true });
  });

  it('joins the lead with the buyer’s verified mobile, and flags one that only shares a typed number', async () => {
    const user = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
    const refs = await loadRefs(app);
    const product = (await createProductAs(app, user, inStockProduct(refs))).id;
    const known = await createRecord(app, user, 1, {
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: 'ravi@office.example',
      phone: '+91 98111 22233',
    });
    const request = (buyer: TestUser) => quoteLead(user, buyer, product);

    // Another person typed the same number without verifying it: a new lead, a possible duplicate.
    const typed = await buyerOf('Someone Else', '9811122233');
    const typedLead = await request(typed);
    expect(typedLead).not.toBe(known.id);
    expect(await duplicatesOf(user, typedLead)).toEqual([known.id]);
    expect(await duplicatesOf(user, known.id)).toEqual([]);

    // The number's verified owner, under another e-mail: the lead that has the number.
    const owner = await buyerOf('Ravi Kumar', '9811122233');
    await markMobileVerified(app.db, owner.id, '+919811122233');
    expect(await request(owner)).toBe(known.id);
    expect((await listing(app, user, { type_id: 1 })).total).toBe(2);
  });
});

describe('a lead made by the form or the API is flagged as a possible duplicate', () => {
  it('by e-mail in any case, and by phone however it is written', async () => {
    const user = await signUp(app, 'seller');
    const first = await createRecord(app, user, 1, {
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@rao.example',
      phone: '+91 98000 00001',
    });
    const byEmail = await createRecord(app, user, 1, { first_name: 'A.', last_name: 'Rao', email: 'Asha@Rao.Example' });
    const byPhone = await createRecord(app, user, 1, { first_name: 'Asha', mobile: '+919800000001' });
    const other = await createRecord(app, user, 1, {
      first_name: 'Ben',
      email: 'ben@ode.example',
      phone: '+91 98000 00002',
    });
    expect(await duplicatesOf(user, byEmail.id)).toEqual([first.id]);
    expect(await duplicatesOf(user, byPhone.id)).toEqual([first.id]);
    expect(await duplicatesOf(user, other.id)).toEqual([]);
    expect(await duplicatesOf(user, first.id)).toEqual([]);
    const detail = (await crm(app, user, 'GET', `lead/info?lead_id=${byEmail.id}`)).json().data;
    expect(detail.duplicate_of[0]).toMatchObject({ id: first.id, title: 'Asha Rao', type_id: 1 });

    // Deleting the older lead leaves nothing to duplicate.
    expect((await crm(app, user, 'DELETE', `crm/delete_lead?unique_id=${first.unique_id}`)).statusCode).toBe(200);
    expect(await duplicatesOf(user, byPhone.id)).toEqual([]);
  });

  it('never across companies', async () => {
    const one = await signUp(app, 'seller');
    const two = await signUp(app, 'seller');
    await createRecord(app, one, 1, { first_name: 'Shared', email: 'shared@example.test', phone: '+4915112345678' });
    const theirs = await createRecord(app, two, 1, {
      first_name: 'Shared',
      email: 'shared@example.test',
      phone: '+4915112345678',
    });
    expect(await duplicatesOf(two, theirs.id)).toEqual([]);
  });
});

describe('a lead made by CSV import is matched and flagged the same way', () => {
  const csv = [
    'First Name,Last Name,Email Address,Phone',
    'Asha,R,ASHA@RAO.EXAMPLE,',
    'Asha,Rao,,+919800000001',
    'Ben,Ode,ben@ode.example,+234 800 000 0002',
  ].join('\n');
  const mapping = { 'First Name': 'first_name', 'Last Name': 'last_name', 'Email Address': 'email', Phone: 'phone' };

  it('skips rows whose e-mail or E.164 phone a lead has', async () => {
    const user = await signUp(app, 'seller');
    await createRecord(app, user, 1, { first_name: 'Asha', email: 'asha@rao.example', phone: '+91 98000 00001' });
    const report = (await crm(app, user, 'POST', 'crm/import', { type_id: 1, csv, mapping })).json().data;
    expect(report).toMatchObject({ created: 1, skipped: 2 });
  });

  it('flags the rows created anyway as possible duplicates', async () => {
    const user = await signUp(app, 'seller');
    const first = await createRecord(app, user, 1, {
      first_name: 'Asha',
      email: 'asha@rao.example',
      phone: '+91 98000 00001',
    });
    const response = await crm(app, user, 'POST', 'crm/import', {
      type_id: 1,
      csv,
      mapping,
      duplicate_action: 'create',
    });
    const report = response.json().data as { created: number; rows: { unique_id: string }[] };
    expect(report.created).toBe(3);
    const leads = (await listing(app, user, { type_id: 1 })).data;
    const idOf = (uniqueId: string) => leads.find((lead) => lead.unique_id === uniqueId)!.id;
    const [byEmail, byPhone, other] = report.rows.map((row) => idOf(row.unique_id));
    expect(await duplicatesOf(user, byEmail)).toEqual([first.id]);
    expect(await duplicatesOf(user, byPhone)).toEqual([first.id]);
    expect(await duplicatesOf(user, other)).toEqual([]);
  });
});
