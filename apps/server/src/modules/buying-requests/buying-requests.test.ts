import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYING_REQUEST_FILE_FIELD,
  BUYING_REQUEST_LIMITS,
  BUYING_REQUEST_MESSAGES,
  type BuyingRequestDetail,
} from '@tradeloop/contracts/buying-requests';
import { as, createTestApp, settled, type TestUser } from '../../../test/helpers.ts';
import {
  byOrderProduct,
  createProductAs,
  inStockProduct,
  loadRefs,
  multipart,
  type Refs,
} from '../catalog/test-support.ts';
import { listing, personOf, threadIndex } from '../crm/test-support.ts';
import { leadFromBuyingRequest } from '../crm/public.ts';
import { sellerOf } from '../market/test-support.ts';

/** Buying requests (decision 055): posted at /questionnaire, routed to matching suppliers' CRMs, followed by the buyer. */
let app: FastifyInstance;
let refs: Refs;
let parentCategoryId: number;
let buyer: TestUser;
let otherBuyer: TestUser;
let inStock: TestUser;
let europe: TestUser;
let asiaOnly: TestUser;
let elsewhere: TestUser;
let units: { id: number; name: string }[];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const unitNamed = (name: string) => units.find((unit) => unit.name === name)!.id;

function validFields(overrides: Record<string, string> = {}) {
  return {
    category_id: String(parentCategoryId),
    product_keyword: 'Stainless steel water pumps',
    quantity: '250',
    unit_id: String(unitNamed('Piece')),
    target_price: '84.50',
    currency_id: String(refs.currencyId),
    country_code: 'DE',
    port: 'Hamburg',
    required_by: inDays(30),
    requirements: 'Flow 20 m³/h, head 30 m, CE marked. Please quote FOB with delivery time.',
    ...overrides,
  };
}

/** The form as the page sends it, with one attachment or none. */
function post(user: TestUser, fields: Record<string, string>, file: { name: string; data: Buffer } | null = null) {
  const body = multipart(file && { ...file, field: BUYING_REQUEST_FILE_FIELD }, fields);
  return as(app, user, { method: 'POST', url: '/api/v1/buying-request/store', ...body });
}

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  const categories = (await app.inject({ method: 'GET', url: '/api/v1/category/all' })).json().data as {
    id: number;
    parent_id: number | null;
  }[];
  parentCategoryId = categories.find((category) => category.id === refs.categoryId)!.parent_id!;
  units = (await app.inject({ method: 'GET', url: '/api/v1/unit' })).json().data;
  buyer = await personOf(app, 'buyer', { name: 'Greta Importer', profile: { country: 'DE', city: 'Hamburg' } });
  otherBuyer = await personOf(app, 'buyer', { name: 'Other Buyer' });
  inStock = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
  europe = await sellerOf(app, { name: 'Rhein Pumpen', type: 'Manufacturers', country: 'DE' });
  asiaOnly = await sellerOf(app, { name: 'Asia Only Pumps', type: 'Manufacturers', country: 'CN' });
  elsewhere = await sellerOf(app, { name: 'Coupling Works', type: 'Manufacturers', country: 'US' });
  // A product in a sub-category of the request's category, sold everywhere (no territory).
  await createProductAs(app, inStock, inStockProduct(refs));
  // Made to order for Europe (territory 2, Germany's region), and for Asia only (territory 3).
  await createProductAs(app, europe, byOrderProduct(refs, { tertiary_id: 2 }));
  await createProductAs(app, asiaOnly, byOrderProduct(refs, { tertiary_id: 3 }));
  // Another category altogether.
  await createProductAs(
    app,
    elsewhere,
    inStockProduct(refs, { name: 'Pump Coupling', category_lists: [refs.otherCategoryId] }),
  );
});
afterAll(() => app.close());

describe('posting a buying request', () => {
  let requestId: number;

  it('reaches the matching suppliers’ CRMs as leads with a type 3 thread, and no one else', async () => {
    const response = await post(buyer, validFields(), {
      name: 'drawing.pdf',
      data: Buffer.from('%PDF-1.4\n% a pump drawing\n'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.data.suppliers).toBe(2);
    expect(body.message).toBe(BUYING_REQUEST_MESSAGES.posted(2));
    requestId = body.data.id;
    await settled(app);

    for (const supplier of [inStock, europe]) {
      const threads = (await threadIndex(app, supplier)).data;
      expect(threads).toHaveLength(1);
      const [thread] = threads;
      expect(thread.type).toBe('type_3');
      expect(thread.lead_source).toBe('Marketplace Buying Request');
      expect(thread.thread_name).toBe('Buying request: Stainless steel water pumps');
      expect(thread.product_details).toMatchObject({
        name: 'Stainless steel water pumps',
        quantity: 250,
        unit: 'Piece',
        unit_price: 84.5,
        needed_by: inDays(30),
      });
      expect(thread.product_details.attributes).toContainEqual({ name: 'Destination', value: 'Germany (Hamburg)' });
      expect(thread.message).toContain('Flow 20 m³/h');
      expect(thread.message).toContain('drawing.pdf');
      expect(thread.contact_details.name).toBe('Greta Importer');
      expect(thread.enquiry_id).not.toBeNull();
      const leads = (await listing(app, supplier, { type_id: 1 })).data;
      expect(leads).toHaveLength(1);
    }
    for (const supplier of [asiaOnly, elsewhere]) {
      expect((await threadIndex(app, supplier)).total).toBe(0);
      expect((await listing(app, supplier, { type_id: 1 })).total).toBe(0);
    }
  });

  it('is delivered once even when the handler runs twice', async () => {
    const thread = (await threadIndex(app, inStock)).data[0];
    const event = {
      requestId,
      sellerCompanyId: inStock.companyId!,
      sellerUserId: inStock.id,
      buyerUserId: buyer.id,
      enquiryId: thread.enquiry_id!,
    };
    // A second delivery of the same event through the outbox, and the handler called once more.
    await app.db.transaction((tx) => app.events.emit(tx, 'buying_request.sent', event));
    await settled(app);
    expect(await app.db.transaction((tx) => leadFromBuyingRequest(app.crm, tx, event))).toBeNull();
    expect((await threadIndex(app, inStock)).total).toBe(1);
    expect((await listing(app, inStock, { type_id: 1 })).total).toBe(1);
  });

  it('shows the buyer which suppliers received it and their answers', async () => {
    const thread = (await threadIndex(app, europe)).data[0];
    const answer = await as(app, europe, {
      method: 'POST',
      url: '/api/v1/enquiry/answer',
      payload: { id: thread.enquiry_id, unit_price: 79.9, validity_days: 14, message: 'We can deliver in 5 weeks.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);

    const list = await as(app, buyer, { method: 'GET', url: '/api/v1/buying-request/index' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data).toMatchObject([
      { id: requestId, title: 'Stainless steel water pumps', suppliers: 2, answers: 1, quantity: '250' },
    ]);

    const view = await as(app, buyer, { method: 'GET', url: `/api/v1/buying-request/view/${requestId}` });
    expect(view.statusCode).toBe(200);
    const detail = view.json().data as BuyingRequestDetail;
    expect(detail.target_price).toBe('84.5');
    expect(detail.country).toEqual({ code: 'DE', name: 'Germany' });
    expect(detail.recipients.map((entry) => entry.company_name).sort()).toEqual(['Pune Pumps', 'Rhein Pumpen']);
    const answered = detail.recipients.find((entry) => entry.company_name === 'Rhein Pumpen')!;
    expect(answered).toMatchObject({ status: 'answered', offer_unit_price: 79.9 });
    expect(answered.last_message).toContain('5 weeks');
    expect(detail.attachments).toHaveLength(1);

    const file = await as(app, buyer, { method: 'GET', url: detail.attachments[0].url.split('?')[0] });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const supplierFile = await as(app, europe, { method: 'GET', url: detail.attachments[0].url.split('?')[0] });
    expect(supplierFile.statusCode).toBe(200);
    const strangerFile = await as(app, asiaOnly, { method: 'GET', url: detail.attachments[0].url.split('?')[0] });
    expect(strangerFile.statusCode).toBe(404);
  });

  it('answers 404 for another buyer’s request', async () => {
    const view = await as(app, otherBuyer, { method: 'GET', url: `/api/v1/buying-request/view/${requestId}` });
    expect(view.statusCode).toBe(404);
    const list = await as(app, otherBuyer, { method: 'GET', url: '/api/v1/buying-request/index' });
    expect(list.json().data.total).toBe(0);
    const seller = await as(app, europe, { method: 'GET', url: `/api/v1/buying-request/view/${requestId}` });
    expect(seller.statusCode).toBe(404);
  });

  it('never sends a request to the buyer’s own company', async () => {
    const response = await post(inStock, validFields({ country_code: 'IN', port: '' }));
    expect(response.statusCode, response.body).toBe(201);
    await settled(app);
    const view = await as(app, inStock, {
      method: 'GET',
      url: `/api/v1/buying-request/view/${response.json().data.id}`,
    });
    const names = (view.json().data as BuyingRequestDetail).recipients.map((entry) => entry.company_name);
    expect(names).not.toContain('Pune Pumps');
    // India is in Asia: the Asian supplier serves it, the European one does not.
    expect(names).toEqual(['Asia Only Pumps']);
  });
});

describe('bad input: 422 with the field named', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['zero quantity', { quantity: '0' }, 'quantity', BUYING_REQUEST_MESSAGES.quantityPositive],
    ['negative quantity', { quantity: '-5' }, 'quantity', BUYING_REQUEST_MESSAGES.quantityPositive],
    ['a fraction of pieces', { quantity: '2.5' }, 'quantity', BUYING_REQUEST_MESSAGES.quantityWhole('Piece')],
    ['a date in the past', { required_by: inDays(-2) }, 'required_by', BUYING_REQUEST_MESSAGES.datePast],
    ['an unknown country', { country_code: 'XX' }, 'country_code', BUYING_REQUEST_MESSAGES.countryNotFound],
    ['an unknown category', { category_id: '999999' }, 'category_id', BUYING_REQUEST_MESSAGES.categoryNotFound],
    ['an unknown currency', { currency_id: '9999' }, 'currency_id', BUYING_REQUEST_MESSAGES.currencyNotFound],
    ['no description', { requirements: '   ' }, 'requirements', BUYING_REQUEST_MESSAGES.descriptionRequired],
  ];
  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const response = await post(buyer, validFields(overrides));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('accepts a fraction of a measured unit', async () => {
    const response = await post(buyer, validFields({ quantity: '2.5', unit_id: String(unitNamed('Metric Ton')) }));
    expect(response.statusCode, response.body).toBe(201);
    await settled(app);
  });

  it('an oversized attachment', async () => {
    const big = Buffer.alloc(BUYING_REQUEST_LIMITS.attachmentMaxBytes + 1, 0x20);
    big.write('%PDF-1.4\n');
    const response = await post(buyer, validFields(), { name: 'huge.pdf', data: big });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[BUYING_REQUEST_FILE_FIELD]).toEqual([BUYING_REQUEST_MESSAGES.attachmentTooLarge]);
  });

  it('a program as attachment', async () => {
    const response = await post(buyer, validFields(), { name: 'setup.exe', data: Buffer.from('MZ\x90\x00program') });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[BUYING_REQUEST_FILE_FIELD][0]).toContain('setup.exe');
  });

  it('asks a visitor to sign in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/buying-request/store',
      ...multipart(null, validFields()),
    });
    expect(response.statusCode).toBe(401);
  });
});
