import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '@tradeloop/contracts/crm/leads';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../../catalog/test-support.ts';
import { sendText } from '../../chat/test-support.ts';
import {
  createRecord,
  crm,
  listing,
  leadInfo,
  personOf,
  requestQuote,
  threadIndex,
  timelineOf,
} from '../test-support.ts';
import { sellerOf } from '../../market/test-support.ts';

/** The loop: marketplace quote requests and chat enquiries become leads with threads in the seller's CRM. */
let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let others: TestUser[];
let buyer: TestUser;
let pump: number;
let coupling: number;
let similar: number[];

/** The buyer's names as their profile gives them: they win over a split of the full name. */
const buyerProfile = {
  country: 'DE',
  city: 'Berlin',
  mobile_code: '49',
  mobile: '1512345678',
  first_name: 'Bea Maria',
  last_name: 'Buyer',
};

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
  others = [
    await sellerOf(app, { name: 'Rhein Pumpen', type: 'Distributors', country: 'DE' }),
    await sellerOf(app, { name: 'Ohio Pumps', type: 'Retailers', country: 'US' }),
  ];
  buyer = await personOf(app, 'buyer', { name: 'Bea Maria Buyer', profile: buyerProfile });
  pump = (await createProductAs(app, seller, inStockProduct(refs))).id;
  coupling = (
    await createProductAs(
      app,
      seller,
      inStockProduct(refs, {
        name: 'Pump Coupling',
        choice_options: [{ name: 'Size', values: ['Small', 'Large'] }],
        category_lists: [refs.otherCategoryId],
      }),
    )
  ).id;
  similar = [];
  for (const other of others) similar.push((await createProductAs(app, other, inStockProduct(refs))).id);
});
afterAll(() => app.close());

async function leadsWithEmail(user: TestUser, email: string) {
  return (await listing(app, user, { type_id: 1, query: email })).data;
}

describe('quote.submitted → a lead in the seller CRM (POST /api/v1/front/getQuery/submit)', () => {
  let leadId: number;

  it('creates a lead with a type_1 thread carrying the configured product and the buyer’s details', async () => {
    const response = await requestQuote(app, buyer, seller, pump, {
      quantity: 5,
      combinations: '5 HP|Three',
      greeting_message: 'Please quote five pumps delivered to Hamburg.',
    });
    expect(response.statusCode).toBe(201);
    const [enquiryId] = response.json().data.enquiry_ids;

    const { data: threads } = await threadIndex(app, seller);
    expect(threads).toHaveLength(1);
    const [thread] = threads;
    expect(thread).toMatchObject({
      thread_type: 1,
      type: 'type_1',
      thread_name: 'Quote request: Industrial Centrifugal Water Pump',
      lead_source: 'Marketplace Quote',
      enquiry_id: enquiryId,
      buyer_user_id: buyer.id,
      message: 'Please quote five pumps delivered to Hamburg.',
      contact_details: {
        name: 'Bea Maria Buyer',
        first_name: 'Bea Maria',
        last_name: 'Buyer',
        email: buyer.email,
        phone: '+491512345678',
        country: 'Germany',
        country_code: 'DE',
        city: 'Berlin',
        user_id: buyer.id,
      },
      product_details: {
        product_id: pump,
        name: 'Centrifugal Water Pump',
        combination: '5 HP|Three',
        attributes: [
          { name: 'Power', value: '5 HP' },
          { name: 'Phase', value: 'Three' },
        ],
        quantity: 5,
        // Five pumps at the first tier (420 each).
        unit_price: 420,
        total: 2100,
      },
      lead: { status: 'New', title: 'Bea Maria Buyer' },
    });
    expect(thread.product_details.url).toMatch(/^\/productdetail\//);
    expect(thread.product_details.categories?.map((category) => category.id)).toContain(refs.categoryId);
    expect(thread.product_details.currency?.code).toBeTruthy();
    leadId = thread.lead.id;

    const lead = await leadInfo(app, seller, leadId);
    expect(lead.values).toMatchObject({
      first_name: 'Bea Maria',
      last_name: 'Buyer',
      email: buyer.email,
      phone: '+491512345678',
      country: 'Germany',
      city: 'Berlin',
      lead_source: 'Marketplace Quote',
      lead_status: 'New',
      product_interest: 'Industrial Centrifugal Water Pump',
    });
    const history = await timelineOf(app, seller, leadId);
    expect(history.map((entry) => entry.kind)).toEqual(['thread_added', 'created']);
    expect(thread.product_details.unit).toBeTruthy();
    expect(history[0].summary).toBe(
      `Quote request: Industrial Centrifugal Water Pump (quantity 5 ${thread.product_details.unit})`,
    );
    expect(history[0].details).toMatchObject({ thread_id: thread.id, thread_type: 1, enquiry_id: enquiryId });
  });

  it('joins the same lead when the buyer asks again (two threads, one lead)', async () => {
    const response = await requestQuote(app, buyer, seller, coupling, { quantity: 3, combinations: 'Large' });
    expect(response.statusCode).toBe(201);
    const threads = (await crm(app, seller, 'GET', `thread/list/${leadId}`)).json().data;
    expect(threads.map((thread: { thread_name: string }) => thread.thread_name)).toEqual([
      'Quote request: Industrial Pump Coupling',
      'Quote request: Industrial Centrifugal Water Pump',
    ]);
    expect(threads[0].product_details.attributes).toEqual([{ name: 'Size', value: 'Large' }]);
    expect((await leadsWithEmail(seller, buyer.email)).map((lead) => lead.id)).toEqual([leadId]);
    const { data: all } = await threadIndex(app, seller, 'sort_by=oldest');
    expect(all.map((thread) => thread.lead.id)).toEqual([leadId, leadId]);
    expect(all[0].thread_name).toBe('Quote request: Industrial Centrifugal Water Pump');
  });

  it('RFQ to several sellers makes one lead in each company, and only there', async () => {
    const rfqBuyer = await personOf(app, 'buyer', { name: 'Ravi Procurement', profile: { country: 'IN' } });
    const response = await requestQuote(app, rfqBuyer, seller, pump, {
      quantity: 2,
      combinations: '3 HP|Single',
      similar_product_ids: similar,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.enquiry_ids).toHaveLength(3);
    for (const company of [seller, ...others]) {
      const leads = await leadsWithEmail(company, rfqBuyer.email);
      expect(leads, `company ${company.companyId}`).toHaveLength(1);
      const threads = (await crm(app, company, 'GET', `thread/list/${leads[0].id}`)).json().data;
      expect(threads).toHaveLength(1);
      expect(threads[0]).toMatchObject({ thread_type: 1, contact_details: { name: 'Ravi Procurement' } });
    }
    // Each seller sees its own product in the thread, never another seller's.
    const rhein = await leadsWithEmail(others[0], rfqBuyer.email);
    const rheinThread = (await crm(app, others[0], 'GET', `thread/list/${rhein[0].id}`)).json().data[0];
    expect(rheinThread.product_details.product_id).toBe(similar[0]);
  });
});

describe('chat.first_message → a type_2 thread', () => {
  it('turns a buyer’s first message into a lead with a chat enquiry thread about the product', async () => {
    const chatter = await personOf(app, 'buyer', { name: 'Chen Wei', profile: { country: 'CN', city: 'Shanghai' } });
    const fatima = await personOf(app, 'buyer', {
      name: 'Fatima Al Mansouri',
      profile: { first_name: 'Fatima', last_name: 'Al Mansouri' },
    });
    const noNames = await personOf(app, 'buyer', { name: 'Mary Ann Smith' });
    const sent = await sendText(
      app,
      { ...chatter, name: 'Chen Wei' },
      {
        recipient_id: seller.id,
        message: 'Is the pump available in 5 HP?',
        message_type: 'text',
        product_id: pump,
        product_name: 'Centrifugal Water Pump',
      },
    );
    const { data: threads } = await threadIndex(app, seller, 'type=2');
    const thread = threads.find((entry) => entry.buyer_user_id === chatter.id)!;
    expect(thread).toMatchObject({
      thread_type: 2,
      type: 'type_2',
      thread_name: 'Chat enquiry: Industrial Centrifugal Water Pump',
      lead_source: 'Marketplace Chat',
      room_id: sent.room.room_id,
      message: 'Is the pump available in 5 HP?',
      contact_details: { name: 'Chen Wei', country: 'China', city: 'Shanghai' },
      product_details: { product_id: pump, name: 'Centrifugal Water Pump' },
    });
    const lead = await leadInfo(app, seller, thread.lead.id);
    // No first and last name in the profile: the full name splits at its first space (decision 064).
    expect(lead.values).toMatchObject({ first_name: 'Chen', last_name: 'Wei', lead_source: 'Marketplace Chat' });
    const history = await timelineOf(app, seller, thread.lead.id);
    expect(history[0]).toMatchObject({
      kind: 'thread_added',
      summary: 'Chat enquiry: Industrial Centrifugal Water Pump: “Is the pump available in 5 HP?”',
    });

    // Later messages in the room are a conversation, not new enquiries.
    await sendText(app, { ...chatter, name: 'Chen Wei' }, { recipient_id: seller.id, message: 'And the price?' });
    expect((await crm(app, seller, 'GET', `thread/list/${thread.lead.id}`)).json().data).toHaveLength(1);
    expect((await leadInfo(app, seller, thread.lead.id)).values.product_interest).toBe(
      'Industrial Centrifugal Water Pump',
    );

    // "Chat now" on another product of the seller: the same room, a new request about that product,
    // and the lead's product interest follows it. Writing about it again adds nothing.
    const other = { recipient_id: seller.id, message_type: 'text', product_id: coupling };
    await sendText(app, { ...chatter, name: 'Chen Wei' }, { ...other, message: 'Do you sell couplings too?' });
    await sendText(app, { ...chatter, name: 'Chen Wei' }, { ...other, message: 'In the large size?' });
    const threads2 = (await crm(app, seller, 'GET', `thread/list/${thread.lead.id}`)).json().data;
    expect(threads2).toHaveLength(2);
    expect(threads2.map((entry: { room_id: number }) => entry.room_id)).toEqual([sent.room.room_id, sent.room.room_id]);
    expect(threads2.map((entry: { product_details: { name: string } }) => entry.product_details.name).sort()).toEqual([
      'Centrifugal Water Pump',
      'Pump Coupling',
    ]);
    expect((await leadInfo(app, seller, thread.lead.id)).values.product_interest).toBe('Industrial Pump Coupling');

    // Names come from the profile's first and last name fields.
    for (const [person, name] of [
      [fatima, 'Fatima Al Mansouri'],
      [noNames, 'Mary Ann Smith'],
    ] as const) {
      await sendText(app, { ...person, name }, { recipient_id: seller.id, message: 'Hello', product_id: pump });
    }
    const leadOf = async (userId: number) => {
      const entry = (await threadIndex(app, seller, 'type=2')).data.find((item) => item.buyer_user_id === userId)!;
      return (await leadInfo(app, seller, entry.lead.id)).values;
    };
    expect(await leadOf(fatima.id)).toMatchObject({ first_name: 'Fatima', last_name: 'Al Mansouri' });
    expect(await leadOf(noNames.id)).toMatchObject({ first_name: 'Mary', last_name: 'Ann Smith' });
  });
});

describe('POST /crm/v1/thread/store (type_3, by hand)', () => {
  it('adds an entry to a lead, with a product of the company, and tells the lead’s history', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Walk-in', email: 'walk.in@example.test' });
    const response = await crm(app, seller, 'POST', 'thread/store', {
      lead_id: lead.id,
      thread_name: 'Met at the Hannover fair',
      message: 'Wants 40 pumps in spring.',
      product_id: pump,
      quantity: 40,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(LEAD_MESSAGES.threadAdded);
    expect(response.json().data).toMatchObject({
      thread_type: 3,
      type: 'type_3',
      thread_name: 'Met at the Hannover fair',
      contact_details: { name: 'Walk-in', email: 'walk.in@example.test' },
      product_details: { product_id: pump, name: 'Centrifugal Water Pump', quantity: 40 },
      created_by: { id: seller.id },
    });
    expect((await timelineOf(app, seller, lead.id))[0]).toMatchObject({
      kind: 'thread_added',
      summary: 'Entry added: Met at the Hannover fair',
    });
  });

  it('checks the title, the lead and the product', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Checked' });
    const empty = await crm(app, seller, 'POST', 'thread/store', { lead_id: lead.id, thread_name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.thread_name).toEqual([LEAD_MESSAGES.threadNameRequired]);
    const foreignProduct = await crm(app, seller, 'POST', 'thread/store', {
      lead_id: lead.id,
      thread_name: 'Other seller’s pump',
      product_id: similar[0],
    });
    expect(foreignProduct.statusCode).toBe(422);
    expect(foreignProduct.json().errors.product_id).toEqual([LEAD_MESSAGES.productNotYours]);
    const contact = await createRecord(app, seller, 4, { first_name: 'Not a lead' });
    expect((await crm(app, seller, 'POST', 'thread/store', { lead_id: contact.id, thread_name: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /crm/v1/thread/index', () => {
  it('pages, filters by lead and type, and sorts', async () => {
    const first = await threadIndex(app, seller, 'per_page=1');
    expect(first.data).toHaveLength(1);
    expect(first.lastPage).toBe(first.total);
    const quotes = await threadIndex(app, seller, 'type=1');
    expect(quotes.data.every((thread) => thread.thread_type === 1)).toBe(true);
    const newest = (await threadIndex(app, seller)).data.map((thread) => thread.id);
    const oldest = (await threadIndex(app, seller, 'sort_by=oldest')).data.map((thread) => thread.id);
    expect(oldest).toEqual([...newest].reverse());
    expect((await crm(app, seller, 'GET', 'thread/index?type=4')).statusCode).toBe(422);
    expect((await crm(app, seller, 'GET', 'thread/index?sort_by=random')).statusCode).toBe(422);
  });
});

describe('category rules assign quote leads by the product asked about', () => {
  it('gives the lead to the rule’s user when the product is in the rule’s category', async () => {
    const specialist = await personOf(app, 'subuser', { name: 'Cat Specialist', parent: seller });
    const rule = await crm(app, seller, 'POST', 'lead/assignment-rules', {
      name: 'Couplings desk',
      mode: 'category',
      match_ids: [refs.otherCategoryId],
      user_ids: [specialist.id],
    });
    expect(rule.statusCode).toBe(200);
    const couplingBuyer = await personOf(app, 'buyer', { name: 'Coupling Buyer' });
    expect((await requestQuote(app, couplingBuyer, seller, coupling, { combinations: 'Small' })).statusCode).toBe(201);
    const pumpBuyer = await personOf(app, 'buyer', { name: 'Pump Buyer' });
    expect((await requestQuote(app, pumpBuyer, seller, pump, { combinations: '3 HP|Single' })).statusCode).toBe(201);
    const [couplingLead] = await leadsWithEmail(seller, couplingBuyer.email);
    const [pumpLead] = await leadsWithEmail(seller, pumpBuyer.email);
    expect((await leadInfo(app, seller, couplingLead.id)).owner?.id).toBe(specialist.id);
    expect((await leadInfo(app, seller, pumpLead.id)).owner?.id).toBe(seller.id);
    const history = await timelineOf(app, seller, couplingLead.id);
    expect(history.find((entry) => entry.kind === 'assigned')?.summary).toBe(
      'Assigned to Cat Specialist (rule “Couplings desk”)',
    );
    await crm(app, seller, 'DELETE', `lead/assignment-rules/${rule.json().data.id}`);
  });
});

describe('tenant isolation of threads', () => {
  it('answers 404 for another company’s lead and never lists its threads', async () => {
    const intruder = await signUp(app, 'seller');
    const [lead] = await leadsWithEmail(seller, buyer.email);
    expect((await crm(app, intruder, 'GET', `thread/list/${lead.id}`)).statusCode).toBe(404);
    expect(
      (await crm(app, intruder, 'POST', 'thread/store', { lead_id: lead.id, thread_name: 'Hijack' })).statusCode,
    ).toBe(404);
    expect((await threadIndex(app, intruder)).total).toBe(0);
    expect((await threadIndex(app, intruder, `lead_id=${lead.id}`)).total).toBe(0);
  });
});
