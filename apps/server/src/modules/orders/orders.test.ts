import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { ORDER_MESSAGES } from '@tradeloop/contracts/orders';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, signUpSubUser } from '../catalog/test-support.ts';
import { findRecord, dealOfEnquiry, dealOfLead } from '../crm/public.ts';
import { createRecord, listing } from '../crm/test-support.ts';
import { sellerOf } from '../market/test-support.ts';
import { seededRoleId } from '../accounts/public.ts';
import { submitEnquiry } from '../quotes/test-support.ts';
import { expireQuotation } from './test-support.ts';

/**
 * Issue 44, acceptance 1 and 2: request → quotation v1 → revision v2 → the buyer accepts v2 → one order →
 * status steps → proforma and commercial invoices → partial and full payment → completed, with the CRM
 * deal's stage and amount at each step, total_orders and the orderInvoices count; bad input and races.
 */
let app: FastifyInstance;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let pump: { id: number; name: string };
let refs: Awaited<ReturnType<typeof loadRefs>>;

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
  otherSeller = await sellerOf(app, { name: 'Ohio Pumps', type: 'Retailers', country: 'US' });
  buyer = await signUp(app, 'buyer');
  otherBuyer = await signUp(app, 'buyer');
  const created = await createProductAs(app, seller, inStockProduct(refs));
  pump = { id: created.id, name: 'Pump' };
});
afterAll(() => app.close());

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  as(app, user, { method, url, ...(payload ? { payload } : {}) });

/** Twenty pumps at 210.00 with 19 % VAT and 5 % off, and a ball valve at 210.00 with no tax. */
const v1Lines = [
  {
    product_id: 0,
    description: 'Centrifugal pump 5 HP',
    quantity: 20,
    unit: 'pcs',
    unit_price: '210.00',
    discount_percent: '5',
    tax_label: 'VAT',
    tax_rate: 19,
  },
  { description: 'Ball valve DN50', quantity: '1', unit: 'pcs', unit_price: '210.00' },
];

function quotationBody(enquiryId: number, overrides: Record<string, unknown> = {}) {
  return {
    enquiry_id: enquiryId,
    lines: v1Lines.map((line) => (line.product_id === 0 ? { ...line, product_id: pump.id } : line)),
    price_term: 'FOB',
    payment_terms: '30 % advance, 70 % against B/L copy',
    delivery_time: '4 weeks',
    delivery_port: 'Nhava Sheva',
    valid_until: inFuture(14),
    notes: 'Packed in wooden crates.',
    seller_tax_id: 'IN27AAAPL1234C1Z5',
    buyer_tax_id: 'DE123456789',
    ...overrides,
  };
}

/** A quote request from the buyer for a product of its own (a repeated request would be refused as a duplicate). */
async function freshEnquiry() {
  const product = await createProductAs(app, seller, inStockProduct(refs));
  return submitEnquiry(app, buyer, seller, { id: product.id, name: 'Pump' });
}

async function dealValues(user: TestUser, enquiryId: number) {
  const dealId = await dealOfEnquiry(app.db, user.companyId!, enquiryId);
  if (dealId === null) return null;
  // The deal as the CRM lists it (the board's stage and amount) and as stored (every value).
  const deals = await listing(app, user, { type_id: 2 });
  const listed = deals.data.find((deal) => deal.id === dealId);
  const stored = await findRecord(app.db, user.companyId!, { id: dealId }, { asWritten: true });
  expect(listed?.values).toMatchObject({ stage: stored.values.stage, amount: stored.values.amount });
  return stored.values;
}

async function counts(user: TestUser) {
  return (await call(user, 'GET', '/api/v1/notifications/count')).json().data.total.orderInvoices as number;
}

async function totalOrders(user: TestUser) {
  const response = await call(user, 'GET', '/crm/v1/crm/statistics');
  return response.json().data.figures.total.total_orders as number;
}

describe('the trade from a quote request to a completed order', () => {
  it('quotes, revises, is accepted as one order, ships, invoices, is paid and completes; the deal follows', async () => {
    const enquiryId = await freshEnquiry();
    expect(await totalOrders(seller)).toBe(0);

    // v1: 20 × 210.00 − 5 % = 3990.00 net, VAT 19 % = 758.10; the valve 210.00 untaxed.
    const v1 = await call(seller, 'POST', '/api/v1/quotations', quotationBody(enquiryId));
    expect(v1.statusCode, v1.body).toBe(201);
    const quotation = v1.json().data;
    expect(quotation.number).toBe('Q-000001');
    expect(quotation.versions[0]).toMatchObject({
      version: 1,
      currency: 'USD',
      subtotal: '4200.00',
      discount: '210.00',
      tax: '758.10',
      total: '4958.10',
      taxes: [{ label: 'VAT', rate: '19', base: '3990.00', tax: '758.10' }],
    });
    expect(quotation.versions[0].lines[0]).toMatchObject({ net: '3990.00', tax: '758.10', total: '4748.10' });
    expect(await dealValues(seller, enquiryId)).toMatchObject({ stage: 'Proposal', amount: 4958.1 });

    // v2: a better price with a third decimal of rounding: 20 × 199.99 × 0.95 = 3799.81; VAT 721.9639 → 721.96.
    const revised = await call(seller, 'POST', `/api/v1/quotations/${quotation.id}/revisions`, {
      ...quotationBody(enquiryId, { enquiry_id: undefined }),
      lines: [{ ...quotationBody(enquiryId).lines[0], unit_price: '199.99' }, quotationBody(enquiryId).lines[1]],
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const v2 = revised.json().data;
    expect(v2.current_version).toBe(2);
    expect(v2.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(v2.versions[0]).toMatchObject({ subtotal: '4009.81', tax: '721.96', total: '4731.77' });
    expect(await dealValues(seller, enquiryId)).toMatchObject({ stage: 'Proposal', amount: 4731.77 });

    // The buyer sees the quotation on the enquiry, with both versions.
    const seen = await call(buyer, 'GET', `/api/v1/enquiry/${enquiryId}/quotation`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ side: 'buyer', current_version: 2, status: 'sent' });
    expect(seen.json().data.seller.address.length).toBeGreaterThan(0);

    // v1 is superseded; v2 makes one order.
    const stale = await call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ORDER_MESSAGES.superseded(2));
    const notificationsBefore = await counts(seller);
    const accepted = await call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 2 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const orderId = accepted.json().data.order_id;
    expect(await counts(seller)).toBe(notificationsBefore + 1);
    expect(await dealValues(seller, enquiryId)).toMatchObject({ stage: 'Closed Won', amount: 4731.77 });
    expect(await totalOrders(seller)).toBe(1);
    const figures = (await call(seller, 'GET', '/crm/v1/crm/statistics')).json().data.figures;
    expect(figures.total.quotation_order_conversion_rate).toBe(100);
    expect(figures.period).toMatchObject({ total_orders: 1, quotation_order_conversion_rate: 100 });
    // Order value: one exact figure per currency, all time and in the period (decision 052).
    expect(figures.total.order_value).toEqual([{ currency: 'USD', amount: '4731.77' }]);
    expect(figures.period.order_value).toEqual([{ currency: 'USD', amount: '4731.77' }]);
    const again = await call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.alreadyAccepted);

    // Confirmed with a proforma invoice; both sides see it.
    let order = (await call(seller, 'GET', `/api/v1/orders/sold/${orderId}`)).json().data;
    expect(order).toMatchObject({ number: 'SO-000001', status: 'confirmed', total: '4731.77', quotation_version: 2 });
    expect(order.invoices).toHaveLength(1);
    expect(order.invoices[0]).toMatchObject({ number: 'PF-000001', kind: 'proforma', total: '4731.77' });
    const bought = (await call(buyer, 'GET', `/api/v1/orders/bought/${orderId}`)).json().data;
    expect(bought).toMatchObject({ side: 'buyer', status: 'confirmed', next_statuses: [] });
    const enquiry = (await call(buyer, 'GET', `/api/v1/enquiry/view/${enquiryId}`)).json().data;
    expect(enquiry.status).toBe('accepted');

    // A payment of 30 % against the proforma.
    const proformaId = order.invoices[0].id;
    const advance = await call(seller, 'POST', `/api/v1/invoices/${proformaId}/payments`, {
      method: 'bank_transfer',
      amount: '1419.53',
      paid_on: inFuture(0),
      reference: 'SWIFT 0001',
    });
    expect(advance.statusCode, advance.body).toBe(201);

    const buyerCount = await counts(buyer);
    for (const status of ['in_production', 'ready_to_ship']) {
      const moved = await call(seller, 'POST', `/api/v1/orders/${orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const shipped = await call(seller, 'POST', `/api/v1/orders/${orderId}/status`, {
      status: 'shipped',
      carrier: 'Maersk',
      tracking_reference: 'MAEU1234567',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Three status changes and the commercial invoice.
    expect(await counts(buyer)).toBe(buyerCount + 4);

    order = (await call(buyer, 'GET', `/api/v1/orders/bought/${orderId}`)).json().data;
    expect(order).toMatchObject({ status: 'shipped', carrier: 'Maersk', tracking_reference: 'MAEU1234567' });
    expect(order.invoices.map((invoice: { number: string }) => invoice.number)).toEqual(['PF-000001', 'INV-000001']);
    expect(order.balance_due).toBe('3312.24');
    expect(order.timeline.map((event: { status: string | null }) => event.status).filter(Boolean)).toEqual([
      'confirmed',
      'in_production',
      'ready_to_ship',
      'shipped',
    ]);

    // The rest against the commercial invoice: a cent more is refused, the exact balance is taken.
    const commercialId = order.invoices[1].id;
    const tooMuch = await call(seller, 'POST', `/api/v1/invoices/${commercialId}/payments`, {
      method: 'letter_of_credit',
      amount: '3312.25',
      paid_on: inFuture(0),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([ORDER_MESSAGES.paymentAboveBalance('3312.24')]);
    const rest = await call(seller, 'POST', `/api/v1/invoices/${commercialId}/payments`, {
      method: 'letter_of_credit',
      amount: '3312.24',
      paid_on: inFuture(0),
    });
    expect(rest.statusCode, rest.body).toBe(201);

    for (const status of ['delivered', 'completed']) {
      const moved = await call(seller, 'POST', `/api/v1/orders/${orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    order = (await call(seller, 'GET', `/api/v1/orders/sold/${orderId}`)).json().data;
    expect(order).toMatchObject({ status: 'completed', balance_due: '0.00', next_statuses: [] });
    expect(order.invoices[1]).toMatchObject({ paid: '3312.24', balance_due: '0.00' });
    expect(await dealValues(seller, enquiryId)).toMatchObject({ stage: 'Closed Won', amount: 4731.77 });

    const list = (await call(seller, 'GET', '/api/v1/orders/sold?status=completed')).json().data;
    expect(list.data.map((row: { id: number }) => row.id)).toContain(orderId);
    expect(list.counts.completed).toBeGreaterThanOrEqual(1);
    const mine = (await call(buyer, 'GET', '/api/v1/orders/bought')).json().data;
    expect(mine.data.map((row: { id: number }) => row.id)).toContain(orderId);

    // Reorder: a new quote request for the same product, which the seller receives.
    const reorder = await call(buyer, 'POST', `/api/v1/orders/${orderId}/reorder`);
    expect(reorder.statusCode, reorder.body).toBe(201);
    const repeated = (await call(buyer, 'GET', `/api/v1/enquiry/view/${reorder.json().data.enquiry_id}`)).json().data;
    expect(repeated).toMatchObject({ status: 'open', product_id: enquiry.product_id, quantity: enquiry.quantity });
    expect(repeated.message).toContain('Reorder of SO-000001');
    const received = (await call(seller, 'GET', '/api/v1/enquiry/index?type=received')).json().data.data;
    expect(received.map((row: { id: number }) => row.id)).toContain(reorder.json().data.enquiry_id);
    expect((await call(otherBuyer, 'POST', `/api/v1/orders/${orderId}/reorder`)).statusCode).toBe(404);
    expect((await call(seller, 'POST', `/api/v1/orders/${orderId}/reorder`)).statusCode).toBe(404);
  });

  it('a cancelled order loses the deal with the reason; a declined quotation too', async () => {
    const enquiryId = await freshEnquiry();
    const quotation = (await call(seller, 'POST', '/api/v1/quotations', quotationBody(enquiryId))).json().data;
    const accepted = await call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 });
    const orderId = accepted.json().data.order_id;
    const cancelled = await call(buyer, 'POST', `/api/v1/orders/${orderId}/cancel`, { reason: 'Project postponed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await dealValues(seller, enquiryId)).toMatchObject({
      stage: 'Closed Lost',
      next_step: expect.stringContaining('Project postponed'),
    });
    const moved = await call(seller, 'POST', `/api/v1/orders/${orderId}/status`, { status: 'in_production' });
    expect(moved.statusCode).toBe(409);

    const declinedEnquiry = await freshEnquiry();
    const declined = (await call(seller, 'POST', '/api/v1/quotations', quotationBody(declinedEnquiry))).json().data;
    const answer = await call(buyer, 'POST', `/api/v1/quotations/${declined.id}/decline`, { reason: 'Too expensive' });
    expect(answer.statusCode).toBe(200);
    expect(await dealValues(seller, declinedEnquiry)).toMatchObject({ stage: 'Closed Lost' });
  });
});

describe('bad input and races', () => {
  it('answers 422 with the field named for bad quantities, prices, decimals, tax rates and dates', async () => {
    const enquiryId = await freshEnquiry();
    const line = { description: 'Valve', quantity: 2, unit_price: '10.00' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity', ORDER_MESSAGES.quantityPositive],
      [{ lines: [{ ...line, quantity: -3 }] }, 'lines.0.quantity', ORDER_MESSAGES.quantityPositive],
      [{ lines: [{ ...line, unit_price: '10.005' }] }, 'lines.0.unit_price', ORDER_MESSAGES.tooManyDecimals('USD', 2)],
      [{ lines: [{ ...line, unit_price: '0' }] }, 'lines.0.unit_price', ORDER_MESSAGES.pricePositive],
      [{ lines: [{ ...line, tax_label: 'VAT', tax_rate: 17.5 }] }, 'lines.0.tax_rate', ORDER_MESSAGES.taxRateUnknown],
      [{ lines: [] }, 'lines', ORDER_MESSAGES.linesRequired],
      [{ valid_until: '2020-01-01' }, 'valid_until', ORDER_MESSAGES.validUntilPast],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(seller, 'POST', '/api/v1/quotations', quotationBody(enquiryId, overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('refuses an expired quotation with 409, and two acceptances at once make one order', async () => {
    const enquiryId = await freshEnquiry();
    const quotation = (await call(seller, 'POST', '/api/v1/quotations', quotationBody(enquiryId))).json().data;
    const results = await Promise.all([
      call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 }),
      call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const orders = (await call(buyer, 'GET', '/api/v1/orders/bought?per_page=100')).json().data.data;
    expect(orders.filter((order: { quotation_id: number }) => order.quotation_id === quotation.id)).toHaveLength(1);

    const late = await freshEnquiry();
    const expiring = (await call(seller, 'POST', '/api/v1/quotations', quotationBody(late))).json().data;
    await expireQuotation(app.db, expiring.id);
    const expired = await call(buyer, 'POST', `/api/v1/quotations/${expiring.id}/accept`, { version: 1 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(ORDER_MESSAGES.quotationExpired);
  });

  it('keeps each side to its own: the buyer cannot move the status, others get 404, roles are checked', async () => {
    const enquiryId = await freshEnquiry();
    const quotation = (await call(seller, 'POST', '/api/v1/quotations', quotationBody(enquiryId))).json().data;
    expect((await call(otherBuyer, 'GET', `/api/v1/quotations/${quotation.id}`)).statusCode).toBe(404);
    expect((await call(otherSeller, 'GET', `/api/v1/quotations/${quotation.id}`)).statusCode).toBe(404);
    expect(
      (await call(otherSeller, 'POST', `/api/v1/quotations/${quotation.id}/revisions`, quotationBody(enquiryId)))
        .statusCode,
    ).toBe(404);
    expect((await call(otherSeller, 'POST', '/api/v1/quotations', quotationBody(enquiryId))).statusCode).toBe(404);
    expect(
      (await call(otherBuyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 })).statusCode,
    ).toBe(404);
    const sellerAccepts = await call(seller, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 });
    expect(sellerAccepts.statusCode).toBe(403);
    // The enquiry's old one-price acceptance does not bypass the quotation.
    const legacy = await call(buyer, 'POST', '/api/v1/enquiry/accept', { id: enquiryId });
    expect(legacy.statusCode).toBe(409);
    expect(legacy.json().message).toBe(QUOTE_MESSAGES.formalQuotation);

    const orderId = (await call(buyer, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 1 })).json().data
      .order_id;
    expect((await call(buyer, 'POST', `/api/v1/orders/${orderId}/status`, { status: 'shipped' })).statusCode).toBe(403);
    expect((await call(otherSeller, 'GET', `/api/v1/orders/sold/${orderId}`)).statusCode).toBe(404);
    expect(
      (await call(otherSeller, 'POST', `/api/v1/orders/${orderId}/status`, { status: 'in_production' })).statusCode,
    ).toBe(404);
    expect((await call(otherBuyer, 'GET', `/api/v1/orders/bought/${orderId}`)).statusCode).toBe(404);
    expect((await call(otherBuyer, 'POST', `/api/v1/orders/${orderId}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    const detail = (await call(seller, 'GET', `/api/v1/orders/sold/${orderId}`)).json().data;
    expect(
      (
        await call(otherSeller, 'POST', `/api/v1/invoices/${detail.invoices[0].id}/payments`, {
          method: 'other',
          amount: '1.00',
          paid_on: inFuture(0),
        })
      ).statusCode,
    ).toBe(404);
    const shippedWithout = await call(seller, 'POST', `/api/v1/orders/${orderId}/status`, { status: 'shipped' });
    expect(shippedWithout.statusCode).toBe(422);
    expect(shippedWithout.json().errors.tracking_reference).toEqual([ORDER_MESSAGES.trackingRequired]);

    // A representative sees orders but may not move them or record payments.
    const representative = await signUpSubUser(
      app,
      seller,
      await seededRoleId(app.db, seller.companyId!, 'sales_representative'),
    );
    expect((await call(representative, 'GET', `/api/v1/orders/sold/${orderId}`)).statusCode).toBe(200);
    const refused = await call(representative, 'POST', `/api/v1/orders/${orderId}/status`, {
      status: 'in_production',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_MESSAGES.forbidden);
    expect((await call(representative, 'POST', `/api/v1/orders/${orderId}/cancel`, { reason: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('a quotation written from a CRM lead without an enquiry', () => {
  async function leadDeal(leadId: number) {
    const dealId = await dealOfLead(app.db, seller.companyId!, leadId);
    if (dealId === null) return null;
    return (await findRecord(app.db, seller.companyId!, { id: dealId }, { asWritten: true })).values;
  }
  const leadBody = (leadId: number, overrides: Record<string, unknown> = {}) => ({
    lead_id: leadId,
    currency: 'EUR',
    lines: [
      { product_id: pump.id, description: 'Centrifugal pump 5 HP', quantity: 4, unit: 'pcs', unit_price: '180.50' },
      { description: 'Installation on site', quantity: 1, unit_price: '95.00', tax_label: 'VAT', tax_rate: 19 },
    ],
    payment_terms: 'Prepayment',
    valid_until: inFuture(7),
    ...overrides,
  });

  it('goes to the lead’s marketplace buyer, moves the deal to Proposal, and the buyer’s acceptance wins it', async () => {
    const client = await signUp(app, 'buyer');
    // A lead entered by hand with the buyer's e-mail: no quote request, no chat.
    const lead = await createRecord(app, seller, 1, { first_name: 'Hand', last_name: 'Entered', email: client.email });
    const before = (await call(seller, 'GET', `/api/v1/leads/${lead.id}/quotation`)).json().data;
    expect(before).toMatchObject({ lead_id: lead.id, buyer_user_id: client.id, reason: null, quotation: null });

    // Bad input: no source, both sources, no currency, an unknown currency, another company's product, no price.
    const noSource = await call(seller, 'POST', '/api/v1/quotations', { ...leadBody(lead.id), lead_id: undefined });
    expect(noSource.statusCode).toBe(422);
    expect(noSource.json().errors.enquiry_id).toEqual([ORDER_MESSAGES.sourceRequired]);
    const noCurrency = await call(seller, 'POST', '/api/v1/quotations', leadBody(lead.id, { currency: undefined }));
    expect(noCurrency.json().errors.currency).toEqual([ORDER_MESSAGES.currencyUnknown]);
    const unknownCurrency = await call(seller, 'POST', '/api/v1/quotations', leadBody(lead.id, { currency: 'XYZ' }));
    expect(unknownCurrency.statusCode).toBe(422);
    expect(unknownCurrency.json().errors.currency).toEqual([ORDER_MESSAGES.currencyUnknown]);
    const foreign = await createProductAs(app, otherSeller, inStockProduct(refs));
    const notYours = await call(seller, 'POST', '/api/v1/quotations', {
      ...leadBody(lead.id),
      lines: [{ product_id: foreign.id, description: 'Not ours', quantity: 1, unit_price: '10.00' }],
    });
    expect(notYours.statusCode).toBe(422);
    expect(notYours.json().errors['lines.0.product_id']).toEqual([ORDER_MESSAGES.productNotYours]);
    const noPrice = await call(seller, 'POST', '/api/v1/quotations', {
      ...leadBody(lead.id),
      lines: [{ product_id: pump.id, description: 'Pump', quantity: 1 }],
    });
    expect(noPrice.statusCode).toBe(422);
    expect(Object.keys(noPrice.json().errors)).toEqual(['lines.0.unit_price']);
    // Another company's lead is 404.
    expect((await call(otherSeller, 'POST', '/api/v1/quotations', leadBody(lead.id))).statusCode).toBe(404);
    expect((await call(otherSeller, 'GET', `/api/v1/leads/${lead.id}/quotation`)).statusCode).toBe(404);

    // 4 × 180.50 = 722.00 untaxed; 95.00 + 19 % VAT 18.05 = 113.05: 835.05 EUR.
    const created = await call(seller, 'POST', '/api/v1/quotations', leadBody(lead.id));
    expect(created.statusCode, created.body).toBe(201);
    const quotation = created.json().data;
    expect(quotation).toMatchObject({ enquiry_id: null, lead_id: lead.id, status: 'sent', current_version: 1 });
    expect(quotation.buyer.user_id).toBe(client.id);
    expect(quotation.versions[0]).toMatchObject({ currency: 'EUR', subtotal: '817.00', tax: '18.05', total: '835.05' });
    expect(await leadDeal(lead.id)).toMatchObject({ stage: 'Proposal', amount: 835.05 });
    const again = await call(seller, 'POST', '/api/v1/quotations', leadBody(lead.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.leadQuotationExists);
    expect((await call(seller, 'GET', `/api/v1/leads/${lead.id}/quotation`)).json().data.quotation.id).toBe(
      quotation.id,
    );

    // A revision, as on an enquiry; the buyer sees it (without the seller's lead id) and accepts it.
    const revised = await call(seller, 'POST', `/api/v1/quotations/${quotation.id}/revisions`, {
      ...leadBody(lead.id, { lead_id: undefined, currency: undefined }),
      lines: [{ product_id: pump.id, description: 'Centrifugal pump 5 HP', quantity: 4, unit_price: '175.00' }],
    });
    expect(revised.statusCode, revised.body).toBe(201);
    expect(revised.json().data.versions[0].total).toBe('700.00');
    expect(await leadDeal(lead.id)).toMatchObject({ stage: 'Proposal', amount: 700 });
    const seen = await call(client, 'GET', `/api/v1/quotations/${quotation.id}`);
    expect(seen.json().data).toMatchObject({ side: 'buyer', lead_id: null, current_version: 2 });
    expect((await call(otherBuyer, 'GET', `/api/v1/quotations/${quotation.id}`)).statusCode).toBe(404);
    // Without an enquiry, the buyer finds it among the quotations awaiting an answer (until answered).
    const received = async (user: TestUser) =>
      (await call(user, 'GET', '/api/v1/quotations/received')).json().data.map((entry: { id: number }) => entry.id);
    expect(await received(client)).toEqual([quotation.id]);
    expect(await received(otherBuyer)).not.toContain(quotation.id);
    const accepted = await call(client, 'POST', `/api/v1/quotations/${quotation.id}/accept`, { version: 2 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await leadDeal(lead.id)).toMatchObject({ stage: 'Closed Won', amount: 700 });
    expect(await received(client)).toEqual([]);
    const order = (await call(seller, 'GET', `/api/v1/orders/sold/${accepted.json().data.order_id}`)).json().data;
    expect(order).toMatchObject({ total: '700.00', currency: 'EUR', status: 'confirmed' });
    // A lead's order has no request to repeat.
    const reorder = await call(client, 'POST', `/api/v1/orders/${order.id}/reorder`);
    expect(reorder.statusCode).toBe(409);
  });

  it('cannot go to a lead that is an e-mail address only: the reason is given, and sending is a 409', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Mail', email: 'nobody-on-tradeloop@example.test' });
    const state = (await call(seller, 'GET', `/api/v1/leads/${lead.id}/quotation`)).json().data;
    expect(state).toMatchObject({ buyer_user_id: null, reason: ORDER_MESSAGES.leadWithoutAccount, quotation: null });
    const refused = await call(seller, 'POST', '/api/v1/quotations', leadBody(lead.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_MESSAGES.leadWithoutAccount);
    expect(await leadDeal(lead.id)).toBeNull();
  });
});
