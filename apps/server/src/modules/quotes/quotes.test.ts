import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import type { DomainEvents } from '../../platform/events.ts';
import { outboxMessages } from '../../platform/mail.ts';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../catalog/test-support.ts';
import { sellerOf, setStatus } from '../market/test-support.ts';

let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let otherSellers: TestUser[];
let buyer: TestUser;
let pump: number;
let accessory: number;
let similar: number[];
const submitted: DomainEvents['quote.submitted'][] = [];

/** Power is 3 or 5 (HP); the calculator prices a unit at price × Power / 3. */
const calculator = {
  mode: 'similar',
  similar: { equation: 'price * quantity * Power / 3' },
  values: [
    { attribute: 'Power', value: '3 HP', number: 3 },
    { attribute: 'Power', value: '5 HP', number: 5 },
  ],
};

beforeAll(async () => {
  app = await createTestApp();
  app.events.on('quote.submitted', 'test.quote-submitted', async (event) => {
    submitted.push(event);
  });
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
  otherSellers = [
    await sellerOf(app, { name: 'Rhein Pumpen', type: 'Distributors', country: 'DE' }),
    await sellerOf(app, { name: 'Ohio Pumps', type: 'Retailers', country: 'US' }),
  ];
  buyer = await signUp(app, 'buyer');
  pump = (await createProductAs(app, seller, { ...inStockProduct(refs), product_type: 'configured', calculator })).id;
  accessory = (
    await createProductAs(
      app,
      seller,
      inStockProduct(refs, {
        name: 'Pump Coupling',
        choice_options: [{ name: 'Size', values: ['Small'] }],
        order_quantity: [{ min: 1, max: 100, per_unit: 12 }],
      }),
    )
  ).id;
  similar = [];
  for (const other of otherSellers) similar.push((await createProductAs(app, other, inStockProduct(refs))).id);
});
afterAll(() => app.close());

const configure = (user: TestUser | null, body: Record<string, unknown>) => {
  const options = { method: 'POST' as const, url: '/api/v1/front/quote_configuration', payload: body };
  return user ? as(app, user, options) : app.inject(options);
};

function submit(user: TestUser, fields: Record<string, string | string[]>) {
  const boundary = '----tradeloopquote';
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (entry) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${entry}\r\n`,
    ),
  );
  return as(app, user, {
    method: 'POST',
    url: '/api/v1/front/getQuery/submit',
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const requestFields = (session: string, overrides: Record<string, string | string[]> = {}) => ({
  unique_session_id: session,
  seller_user_id: String(seller.id),
  enquiry_user_id: String(buyer.id),
  product_id: String(pump),
  price: '420',
  final_price: '2100',
  quantity: '5',
  price_term: 'FOB',
  product_datetime: '2027-03-01',
  product_name: 'Centrifugal Water Pump',
  product_image: '',
  pre_title_name: 'Industrial',
  greeting_message: 'Please quote your best price for five pumps.',
  ...overrides,
});

describe('POST /api/v1/front/quote_configuration', () => {
  it('prices a combination with the product’s calculator, quantity 1 by default', async () => {
    const response = await configure(buyer, {
      unique_session_id: 'session-calc-1',
      type: 'configured',
      product_id: pump,
      combinations: { Power: '5 HP', Phase: 'Three' },
    });
    expect(response.statusCode).toBe(200);
    const state = response.json().data;
    // One pump (tier 1 to 9: 420) of 5 HP: 420 × 1 × 5 / 3 = 700
    expect(state.line).toMatchObject({
      quantity: 1,
      combination: '5 HP|Three',
      total: 700,
      unit_price: 700,
      role: 'main',
    });
    expect(state.line.equation).toBe('price * quantity * Power / 3');
    const ten = await configure(buyer, {
      unique_session_id: 'session-calc-1',
      product_id: pump,
      quantity: 10,
      combinations: ['3 HP', 'Single'],
    });
    // Ten pumps are priced at the second tier (395): 395 × 10 × 3 / 3 = 3,950
    expect(ten.json().data.line).toMatchObject({ quantity: 10, total: 3950, unit_price: 395 });
  });

  it('adds related simple products of the same seller to the quote and totals them', async () => {
    const session = 'session-related-1';
    await configure(buyer, { unique_session_id: session, product_id: pump, quantity: 2, combinations: '3 HP|Dual' });
    const response = await configure(buyer, {
      unique_session_id: session,
      product_id: accessory,
      main_product_id: pump,
      quantity: 4,
    });
    const state = response.json().data;
    expect(state.lines.map((line: { role: string; total: number }) => [line.role, line.total])).toEqual([
      ['main', 840],
      ['related', 48],
    ]);
    expect(state.total).toBe(888);
    expect(state.unit_price).toBe(420);
    const removed = await configure(buyer, {
      unique_session_id: session,
      product_id: accessory,
      main_product_id: pump,
      quantity: 0,
    });
    expect(removed.json().data.lines).toHaveLength(1);
    const otherSeller = await configure(buyer, {
      unique_session_id: session,
      product_id: similar[0],
      main_product_id: pump,
      quantity: 1,
    });
    expect(otherSeller.statusCode).toBe(422);
  });

  it('refuses an incomplete or unknown combination, and a product that is not public', async () => {
    const base = { unique_session_id: 'session-bad-1', product_id: pump };
    expect((await configure(buyer, { ...base, combinations: { Power: '5 HP' } })).statusCode).toBe(422);
    expect((await configure(buyer, { ...base, combinations: { Power: '9 HP', Phase: 'Three' } })).statusCode).toBe(422);
    expect((await configure(buyer, { ...base, quantity: -1 })).statusCode).toBe(422);
    expect((await configure(buyer, { ...base, product_id: 999999 })).statusCode).toBe(404);
  });

  it('counts pieces in whole numbers and weighs kilograms in fractions', async () => {
    const whole = { unique_session_id: 'session-whole-1', product_id: pump, combinations: ['3 HP', 'Single'] };
    const half = await configure(buyer, { ...whole, quantity: 2.5 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ quantity: [QUOTE_MESSAGES.quantityWhole] });
    expect((await configure(buyer, { ...whole, quantity: 0 })).statusCode).toBe(422);
    const units: { id: number; name: string }[] = (await app.inject({ method: 'GET', url: '/api/v1/unit' })).json()
      .data;
    const kilogram = units.find((unit) => unit.name === 'Kilogram')!.id;
    const spice = (
      await createProductAs(
        app,
        seller,
        inStockProduct(refs, {
          name: 'Cumin Seeds',
          choice_options: [{ name: 'Grade', values: ['Bold'] }],
          qty_unit: kilogram,
        }),
      )
    ).id;
    const weighed = await configure(buyer, {
      unique_session_id: 'session-whole-2',
      product_id: spice,
      quantity: 2.5,
      combinations: ['Bold'],
    });
    expect(weighed.statusCode).toBe(200);
    // 2.5 kg at the first tier's 420 a kilogram.
    expect(weighed.json().data.line).toMatchObject({ quantity: 2.5, unit: 'Kilogram', total: 1050 });
  });

  it('keeps a session to whoever started it', async () => {
    await configure(buyer, { unique_session_id: 'session-owned-1', product_id: pump });
    const stranger = await signUp(app, 'buyer');
    const response = await configure(stranger, { unique_session_id: 'session-owned-1', product_id: pump });
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /api/v1/front/getQuery/submit', () => {
  it('stores the request with seller_user_id and enquiry_user_id, emits quote.submitted and tells the seller', async () => {
    await configure(buyer, {
      unique_session_id: 'session-submit-1',
      product_id: pump,
      quantity: 5,
      combinations: '5 HP|Three',
    });
    await configure(buyer, {
      unique_session_id: 'session-submit-1',
      product_id: accessory,
      main_product_id: pump,
      quantity: 5,
    });
    const response = await submit(buyer, requestFields('session-submit-1', { combinations: '5 HP|Three' }));
    expect(response.statusCode).toBe(201);
    const [enquiryId] = response.json().data.enquiry_ids;
    expect(response.json().message).toBe('Your quote request has been sent to the seller.');

    await settled(app);
    const event = submitted.find((entry) => entry.enquiryId === enquiryId)!;
    expect(event).toMatchObject({
      sellerUserId: seller.id,
      sellerCompanyId: seller.companyId,
      buyerUserId: buyer.id,
      productId: pump,
      combination: '5 HP|Three',
      quantity: 5,
    });

    const view = await as(app, seller, { method: 'GET', url: `/api/v1/enquiry/view/${enquiryId}` });
    const detail = view.json().data;
    expect(detail).toMatchObject({
      seller_user_id: seller.id,
      enquiry_user_id: buyer.id,
      status: 'open',
      side: 'seller',
      price_term: 'FOB',
      message: 'Please quote your best price for five pumps.',
      // 5 pumps of 5 HP at 420: 420 × 5 × 5 / 3 = 3,500; 5 couplings at 12 = 60
      requested_total: 3560,
    });
    expect(detail.lines).toHaveLength(2);
    expect(detail.thread[0]).toMatchObject({ kind: 'request', side: 'buyer' });

    const counts = (await as(app, seller, { method: 'GET', url: '/api/v1/notifications/count' })).json().data;
    expect(counts.unread.enquiries).toBeGreaterThanOrEqual(1);
    const mail = await outboxMessages(app.db, { recipient: seller.email });
    expect(mail.some((row) => row.subject.startsWith('New quote request'))).toBe(true);
  });

  it('applies the submission rules', async () => {
    const session = 'session-rules-1';
    const cases: [Record<string, string | string[]>, number][] = [
      [{ enquiry_user_id: String(seller.id) }, 403],
      [{ seller_user_id: String(otherSellers[0].id) }, 422],
      [{ product_id: '999999' }, 404],
      [{ quantity: '0' }, 422],
      [{ quantity: 'many' }, 422],
      [{ unique_session_id: 'x' }, 422],
      [{ product_datetime: 'tomorrow-ish' }, 422],
      [{ greeting_message: 'x'.repeat(2001) }, 422],
      [{ similar_product_ids: ['999999'] }, 422],
    ];
    for (const [overrides, status] of cases) {
      const response = await submit(buyer, requestFields(session, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
    }
    const own = await submit(seller, requestFields(session, { enquiry_user_id: String(seller.id) }));
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.product_id).toEqual(['You cannot request a quote for your own product.']);
    const hidden = (await createProductAs(app, seller, inStockProduct(refs, { name: 'Hidden Pump' }))).id;
    await setStatus(app, seller, hidden, 'inactive');
    expect((await submit(buyer, requestFields(session, { product_id: String(hidden) }))).statusCode).toBe(404);
  });

  it('refuses the same request twice in a row (a double click)', async () => {
    const other = await signUp(app, 'buyer');
    const fields = requestFields('session-twice-1', { enquiry_user_id: String(other.id) });
    expect((await submit(other, fields)).statusCode).toBe(201);
    const again = await submit(other, fields);
    expect(again.statusCode).toBe(409);
  });

  it('accepts JSON as well as form data', async () => {
    const other = await signUp(app, 'buyer');
    const response = await as(app, other, {
      method: 'POST',
      url: '/api/v1/front/getQuery/submit',
      payload: {
        ...requestFields('session-json-1'),
        enquiry_user_id: other.id,
        seller_user_id: seller.id,
        product_id: pump,
      },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('RFQ: one request to several sellers', () => {
  it('gives every seller an enquiry of their own and never shows them another seller’s', async () => {
    const rfqBuyer = await signUp(app, 'buyer');
    const response = await submit(
      rfqBuyer,
      requestFields('session-rfq-1', {
        enquiry_user_id: String(rfqBuyer.id),
        similar_product_ids: similar.map(String),
      }),
    );
    expect(response.statusCode).toBe(201);
    const ids: number[] = response.json().data.enquiry_ids;
    expect(ids).toHaveLength(3);
    expect(response.json().message).toBe('Your request has been sent to 3 sellers.');

    const sent = (await as(app, rfqBuyer, { method: 'GET', url: '/api/v1/enquiry/index?type=sent' })).json().data;
    expect(sent.total).toBe(3);
    expect(new Set(sent.data.map((row: { request_group: string }) => row.request_group)).size).toBe(1);

    for (const [index, other] of otherSellers.entries()) {
      const received = (await as(app, other, { method: 'GET', url: '/api/v1/enquiry/index?type=received' })).json()
        .data;
      expect(received.data.map((row: { id: number }) => row.id)).toEqual([ids[index + 1]]);
      const foreign = [ids[0], ids[2 - index]];
      for (const id of foreign) {
        const view = await as(app, other, { method: 'GET', url: `/api/v1/enquiry/view/${id}` });
        expect(view.statusCode, `seller ${index} opening ${id}`).toBe(404);
      }
      const own = (await as(app, other, { method: 'GET', url: `/api/v1/enquiry/view/${ids[index + 1]}` })).json().data;
      expect(own.group_size).toBe(1);
    }
    const buyerView = (await as(app, rfqBuyer, { method: 'GET', url: `/api/v1/enquiry/view/${ids[0]}` })).json().data;
    expect(buyerView.group_size).toBe(3);
  });
});

describe('enquiries: the negotiation thread', () => {
  async function newEnquiry() {
    const someone = await signUp(app, 'buyer');
    const response = await submit(
      someone,
      requestFields(`session-neg-${someone.id}`, { enquiry_user_id: String(someone.id) }),
    );
    return { buyer: someone, id: response.json().data.enquiry_ids[0] as number };
  }
  const post = (user: TestUser, path: string, payload: object) =>
    as(app, user, { method: 'POST', url: `/api/v1/enquiry/${path}`, payload });

  it('goes open → answered → accepted, and the buyer sees the seller’s answer', async () => {
    const { buyer: someone, id } = await newEnquiry();
    const answer = await post(seller, 'answer', {
      id,
      unit_price: 380,
      validity_days: 7,
      message: 'Best price for 5 units.',
    });
    expect(answer.statusCode).toBe(200);
    const seen = (await as(app, someone, { method: 'GET', url: `/api/v1/enquiry/view/${id}` })).json().data;
    expect(seen).toMatchObject({ status: 'answered', offer_unit_price: 380, offer_total: 1900, side: 'buyer' });
    expect(seen.thread.map((entry: { kind: string }) => entry.kind)).toEqual(['request', 'answer']);
    expect(seen.thread[1]).toMatchObject({ side: 'seller', message: 'Best price for 5 units.', unit_price: 380 });
    const buyerCounts = (await as(app, someone, { method: 'GET', url: '/api/v1/notifications/count' })).json().data;
    expect(buyerCounts.unread.enquiries).toBe(1);

    expect((await post(seller, 'accept', { id })).statusCode).toBe(403);
    expect((await post(someone, 'accept', { id })).statusCode).toBe(200);
    const list = (
      await as(app, seller, { method: 'GET', url: '/api/v1/enquiry/index?type=received&status=accepted' })
    ).json().data;
    expect(list.data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await post(seller, 'answer', { id, unit_price: 1, validity_days: 1 })).statusCode).toBe(409);
  });

  it('reopens on the buyer’s counter-offer, can be declined, and expires when the offer runs out', async () => {
    const { buyer: someone, id } = await newEnquiry();
    expect((await post(someone, 'accept', { id })).statusCode).toBe(409);
    await post(seller, 'answer', { id, unit_price: 400, validity_days: 3 });
    await post(someone, 'reply', { id, message: 'Can you do 360?', target_price: 360 });
    const reopened = (await as(app, seller, { method: 'GET', url: `/api/v1/enquiry/view/${id}` })).json().data;
    expect(reopened.status).toBe('open');
    await post(seller, 'answer', { id, unit_price: 370, validity_days: 1 });
    await app.db.execute(sql`update enquiries set valid_until = now() - interval '1 hour' where id = ${id}`);
    const expired = (await as(app, someone, { method: 'GET', url: `/api/v1/enquiry/view/${id}` })).json().data;
    expect(expired.status).toBe('expired');
    const accept = await post(someone, 'accept', { id });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('This offer has expired. Please ask the seller for a new one.');
    expect((await post(seller, 'decline', { id, message: 'Out of stock.' })).statusCode).toBe(200);
    expect((await post(someone, 'reply', { id, message: 'Pity.' })).statusCode).toBe(409);
  });

  it('answers 404 to another company, another buyer and anyone for a missing id, on every route', async () => {
    const { id } = await newEnquiry();
    const stranger = await signUp(app, 'buyer');
    const otherCompany = otherSellers[0];
    for (const user of [stranger, otherCompany]) {
      expect((await as(app, user, { method: 'GET', url: `/api/v1/enquiry/view/${id}` })).statusCode).toBe(404);
      for (const [path, body] of [
        ['answer', { id, unit_price: 1, validity_days: 1 }],
        ['reply', { id, message: 'hello' }],
        ['accept', { id }],
        ['decline', { id }],
      ] as const) {
        expect((await post(user, path, body)).statusCode, `${path}`).toBe(404);
      }
    }
    expect((await as(app, seller, { method: 'GET', url: '/api/v1/enquiry/view/999999' })).statusCode).toBe(404);
    const received = await as(app, stranger, { method: 'GET', url: '/api/v1/enquiry/index?type=received' });
    expect(received.statusCode).toBe(403);
  });
});

describe('contact lists', () => {
  it('puts both sides of an enquiry in each other’s list; tabs, status and seen follow the spec', async () => {
    const someone = await signUp(app, 'buyer');
    await submit(someone, requestFields(`session-contacts-${someone.id}`, { enquiry_user_id: String(someone.id) }));
    const list = (tab: number, user: TestUser = someone) =>
      as(app, user, {
        method: 'POST',
        url: '/api/v1/front/contact_list',
        payload: { tab_type: tab, per_page: 15 },
      }).then((response) => response.json().data);
    const first = await list(1);
    expect(first.perPage).toBe(15);
    expect(first.data).toEqual([
      expect.objectContaining({ user_id: seller.id, status: 1, serialNo: 1, is_new: true, company_name: 'Pune Pumps' }),
    ]);
    const contactId = first.data[0].id;
    // Spec: the status sent is 1 when the tab is 2, otherwise 2 (tab 1 → status 2 moves it to tab 2).
    const moved = await as(app, someone, {
      method: 'POST',
      url: '/api/v1/front/update_contact_list',
      payload: { id: contactId, status: 2 },
    });
    expect(moved.statusCode).toBe(200);
    expect((await list(1)).total).toBe(0);
    expect((await list(2)).data.map((contact: { id: number }) => contact.id)).toEqual([contactId]);
    const seen = await as(app, someone, {
      method: 'POST',
      url: '/api/v1/front/update_status',
      payload: { id: contactId },
    });
    expect(seen.statusCode).toBe(200);
    expect((await list(2)).data[0].is_new).toBe(false);

    const sellerSide = await list(1, seller);
    expect(sellerSide.data.map((contact: { user_id: number }) => contact.user_id)).toContain(someone.id);
    // Someone else's contact id answers 404.
    const foreign = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/front/update_status',
      payload: { id: contactId },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignUpdate = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/front/update_contact_list',
      payload: { id: contactId, status: 1 },
    });
    expect(foreignUpdate.statusCode).toBe(404);
  });

  it('adds a seller from a product page once', async () => {
    const someone = await signUp(app, 'buyer');
    const add = () =>
      as(app, someone, { method: 'POST', url: '/api/v1/front/contact_list/add', payload: { user_id: seller.id } });
    expect((await add()).json()).toMatchObject({ data: { created: true }, message: 'Added to your contacts.' });
    expect((await add()).json()).toMatchObject({ data: { created: false } });
    const self = await as(app, someone, {
      method: 'POST',
      url: '/api/v1/front/contact_list/add',
      payload: { user_id: someone.id },
    });
    expect(self.statusCode).toBe(422);
  });
});
