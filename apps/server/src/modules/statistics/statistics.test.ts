import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles-constants';
import type { Statistics } from '@tradeloop/contracts/statistics';
import { STATISTICS_MESSAGES } from '@tradeloop/contracts/statistics-constants';
import { as, createTestApp, settled, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, signUpSubUser } from '../catalog/test-support.ts';
import { personOf, requestQuote, backdateRecord, createRecord, crm } from '../crm/test-support.ts';
import { DEAL_WON_STAGE } from '../crm/public.ts';
import { sellerOf } from '../market/test-support.ts';
import { backdateEnquiry } from '../quotes/test-support.ts';
import { newTrackingId } from '../tracking/public.ts';

/**
 * GET crm/statistics (issue 20, decision 042) on fixed data: a seller with two products (one brand, one
 * category), a quote answered by the seller two hours after it arrived, an RFQ answered by a manager
 * after four, a wishlist, 30 s of signed-in browsing by a quoting buyer, leads by hand (one converted
 * into a won deal, one of a sales representative, one 60 days old).
 */
let app: FastifyInstance;
let seller: TestUser;
let rival: TestUser;
let manager: TestUser;
let rep: TestUser;
let quoting: TestUser;
let pump: number;
/** When the fixtures' quote requests arrived and the old lead was made, and when the setup began and ended. */
const at = { quote: new Date(0), rfq: new Date(0), old: new Date(0), setUp: new Date(0), ready: new Date(0) };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/** The series' non-zero counts of one kind, by the day its point starts. */
function perDay(series: Statistics['series'], kind: 'leads' | 'quotations' | 'answered') {
  return Object.fromEntries(series.filter((point) => point[kind] > 0).map((point) => [point.start, point[kind]]));
}

function statistics(user: TestUser, query = '') {
  return crm(app, user, 'GET', `crm/statistics${query ? `?${query}` : ''}`);
}

async function statisticsOf(user: TestUser, query = ''): Promise<Statistics> {
  const response = await statistics(user, query);
  if (response.statusCode !== 200) throw new Error(`statistics: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

function call(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  const request: InjectOptions = { method, url: `/api/v1/${url}`, ...(payload && { payload }) };
  return as(app, user, request);
}

async function roleId(key: string) {
  const roles = (await call(seller, 'GET', 'roles/permissions/list')).json().data.roles as {
    id: number;
    key: string;
  }[];
  return roles.find((role) => role.key === key)!.id;
}

async function browse(buyer: TestUser, productId: number, timeOnPage: number) {
  const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' };
  const sessionId = newTrackingId();
  const viewed = await as(app, buyer, {
    method: 'POST',
    url: '/api/v1/auth/tracking-page-views',
    headers,
    payload: {
      session_id: sessionId,
      page_url: `http://localhost/product/p-${productId}`,
      page_name: 'product',
      type: 'product',
      product_id: productId,
      product_slug: `p-${productId}`,
      product_categories: ['Pumps'],
    },
  });
  expect(viewed.statusCode).toBe(200);
  const pageId = viewed.json().data.tracking_id;
  await as(app, buyer, {
    method: 'POST',
    url: '/api/v1/page-visit',
    headers,
    payload: { session_id: sessionId, page_id: pageId, time_on_page: timeOnPage },
  });
  await app.tracking.flush();
  await settled(app);
}

beforeAll(async () => {
  at.setUp = new Date();
  app = await createTestApp();
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Statistics Pumps', type: 'Manufacturers', country: 'IN' });
  rival = await sellerOf(app, { name: 'Rival Valves', type: 'Distributors', country: 'DE' });
  manager = await signUpSubUser(app, seller, await roleId('sales_manager'));
  rep = await signUpSubUser(app, seller, await roleId('sales_representative'));
  pump = (await createProductAs(app, seller, inStockProduct(refs, { name: 'Stats Pump' }))).id;
  const valve = (
    await createProductAs(app, seller, inStockProduct(refs, { name: 'Stats Valve', model_number: 'SV-1' }))
  ).id;
  const rivalValve = (await createProductAs(app, rival, inStockProduct(refs, { name: 'Rival Valve' }))).id;

  quoting = await personOf(app, 'buyer', { name: 'Quinn Quoter', profile: { country: 'FR' } });
  const quote = await requestQuote(app, quoting, seller, pump);
  expect(quote.statusCode).toBe(201);
  at.quote = new Date(Date.now() - 2 * HOUR);
  await backdateEnquiry(app.db, quote.json().data.enquiry_ids[0], at.quote);
  const answered = await call(seller, 'POST', 'enquiry/answer', {
    id: quote.json().data.enquiry_ids[0],
    unit_price: 400,
    validity_days: 7,
  });
  expect(answered.statusCode).toBe(200);

  const asking = await personOf(app, 'buyer', { name: 'Rita Rfq', profile: { country: 'DE' } });
  const rfq = await requestQuote(app, asking, rival, rivalValve, { similar_product_ids: [valve] });
  expect(rfq.statusCode).toBe(201);
  const received = rfq.json().data.enquiry_ids[1];
  at.rfq = new Date(Date.now() - 4 * HOUR);
  await backdateEnquiry(app.db, received, at.rfq);
  expect((await call(manager, 'POST', 'enquiry/reply', { id: received, message: 'Which size?' })).statusCode).toBe(200);
  // The buyer's own message afterwards is not a response of the seller.
  expect((await call(asking, 'POST', 'enquiry/reply', { id: received, message: 'DN50.' })).statusCode).toBe(200);

  expect((await call(quoting, 'POST', 'front/wishlist/add', { product_id: pump })).statusCode).toBe(200);
  await browse(quoting, pump, 30_000);

  const won = await createRecord(app, seller, 1, { first_name: 'Wanda', company: 'Won Ltd' });
  const convert = await crm(app, seller, 'POST', 'lead/convert', {
    lead_id: won.id,
    create_deal: true,
    deal: { stage: 'Closed Won' },
  });
  expect(convert.statusCode).toBe(200);
  await createRecord(app, rep, 1, { first_name: 'Rory', company: 'Rep Ltd' });
  const old = await createRecord(app, seller, 1, { first_name: 'Olga', company: 'Old Ltd' });
  at.old = new Date(Date.now() - 60 * DAY);
  await backdateRecord(app.db, old.id, at.old);
  at.ready = new Date();
});

afterAll(async () => {
  await app?.close();
});

describe('GET /crm/v1/crm/statistics', () => {
  it('gives every figure of the company, over all time and the last 30 days', async () => {
    const stats = await statisticsOf(seller);
    expect(stats.user_id).toBeNull();
    expect(stats.can_choose_member).toBe(true);
    const { median_first_response_seconds: median, ...total } = stats.figures.total;
    expect(total).toEqual({
      total_quotation: 2,
      total_orders: 0,
      quotation_order_conversion_rate: 0,
      order_value: [],
      avg_time_spend_lead: 30,
      wishlist_count: 1,
      total_contacts: 1,
      total_leads: 5,
      lead_oppportunity_conversion_rate: 20,
      avg_page_view_per_lead: 1,
      lead_to_customer_conversion_rate: 20,
      lead_to_opportunity_deal_conversion_rate: 20,
      total_products: 2,
      total_brands: 1,
      total_categories: 1,
      total_rfq: 1,
      answered_quotation: 2,
    });
    // Two and four hours (to the second the test's calls took): the median of two is their mean.
    expect(Math.abs(median! - 3 * 3600)).toBeLessThanOrEqual(5);
    expect(stats.figures.period).toMatchObject({
      total_leads: 4,
      total_quotation: 2,
      lead_oppportunity_conversion_rate: 25,
    });
    // The first version's keys stay: record counts overall and for the last seven days.
    expect(stats.total).toMatchObject({ total_leads: 5, converted_leads: 1, leads_won: 1, total_deals: 1 });
    expect(stats.weekly.total_leads).toBe(4);
  });

  it('charts the period per day, and a year per week', async () => {
    const asked = new Date();
    const month = await statisticsOf(seller, 'period=30d');
    expect(month.period).toMatchObject({ days: 30, bucket: 'day' });
    expect([dayOf(asked), dayOf(new Date())]).toContain(month.period.to);
    expect(month.series).toHaveLength(30);
    expect(month.series.at(-1)!.start).toBe(month.period.to);
    // Each quote request on the day it arrived (hours back, so maybe yesterday), both answered.
    const quoteDays = countBy([at.quote, at.rfq].map(dayOf));
    expect(perDay(month.series, 'quotations')).toEqual(quoteDays);
    expect(perDay(month.series, 'answered')).toEqual(quoteDays);
    // The four recent leads were made during the setup, on its day (or days, across a midnight).
    const leadDays = perDay(month.series, 'leads');
    expect(Object.values(leadDays).reduce((sum, leads) => sum + leads, 0)).toBe(4);
    for (const day of Object.keys(leadDays)) expect([dayOf(at.setUp), dayOf(at.ready)]).toContain(day);
    const year = await statisticsOf(seller, 'period=365d');
    expect(year.period.bucket).toBe('week');
    expect(year.series.every((point) => new Date(`${point.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(year.series.reduce((sum, point) => sum + point.leads, 0)).toBe(5);
    expect(year.figures.period.total_leads).toBe(5);
  });

  it('takes a period given by its days', async () => {
    const day = dayOf(at.old);
    const stats = await statisticsOf(seller, `from=${day}&to=${day}`);
    expect(stats.period).toEqual({ from: day, to: day, days: 1, bucket: 'day' });
    expect(stats.figures.period).toMatchObject({
      total_leads: 1,
      total_quotation: 0,
      median_first_response_seconds: null,
    });
    expect(stats.figures.period.avg_time_spend_lead).toBeNull();
    expect(stats.series).toEqual([
      { start: day, leads: 1, quotations: 0, answered: 0, median_first_response_seconds: null },
    ]);
  });

  it('narrows to one member: the records they own, the quotes they answered first, the products they made', async () => {
    const ofManager = await statisticsOf(seller, `user_id=${manager.id}`);
    expect(ofManager.user_id).toBe(manager.id);
    expect(ofManager.figures.total).toMatchObject({
      total_quotation: 1,
      total_rfq: 1,
      answered_quotation: 1,
      total_leads: 0,
      total_products: 0,
      wishlist_count: 0,
    });
    expect(Math.abs(ofManager.figures.total.median_first_response_seconds! - 4 * 3600)).toBeLessThanOrEqual(5);
    const ofSeller = await statisticsOf(manager, `user_id=${seller.id}`);
    expect(ofSeller.figures.total).toMatchObject({
      total_quotation: 1,
      total_rfq: 0,
      total_products: 2,
      wishlist_count: 1,
    });
    expect(Math.abs(ofSeller.figures.total.median_first_response_seconds! - 2 * 3600)).toBeLessThanOrEqual(5);
  });

  it("shows a role without everyone's leads only its own figures, and refuses another member's", async () => {
    const own = await statisticsOf(rep);
    expect(own.user_id).toBe(rep.id);
    expect(own.can_choose_member).toBe(false);
    expect(own.figures.total).toMatchObject({
      total_leads: 1,
      total_quotation: 0,
      median_first_response_seconds: null,
    });
    expect(own.total.total_leads).toBe(1);
    expect((await statisticsOf(rep, `user_id=${rep.id}`)).user_id).toBe(rep.id);
    const other = await statistics(rep, `user_id=${seller.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ROLE_MESSAGES.forbidden);
  });

  it("answers 404 for another company's user, as for a missing one, and keeps companies apart", async () => {
    for (const id of [rival.id, 987_654_321]) {
      const response = await statistics(seller, `user_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(STATISTICS_MESSAGES.memberNotFound);
    }
    const theirs = await statisticsOf(rival);
    expect(theirs.figures.total).toMatchObject({
      total_quotation: 1,
      total_rfq: 1,
      total_products: 1,
      wishlist_count: 0,
    });
  });

  it('refuses a query that breaks the contract with 422 and its message', async () => {
    const cases: [string, string, string][] = [
      ['period=2w', 'period', STATISTICS_MESSAGES.periodInvalid],
      ['from=2026-13-01&to=2026-12-01', 'from', STATISTICS_MESSAGES.dateInvalid],
      ['from=2026-01-01', 'from', STATISTICS_MESSAGES.bothDates],
      ['from=2026-02-01&to=2026-01-01', 'from', STATISTICS_MESSAGES.periodOrder],
      ['from=2024-01-01&to=2026-01-01', 'from', STATISTICS_MESSAGES.periodTooLong],
      ['user_id=abc', 'user_id', STATISTICS_MESSAGES.userInvalid],
    ];
    for (const [query, field, message] of cases) {
      const response = await statistics(seller, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field], query).toEqual([message]);
    }
  });

  it('follows a change of owner, a deletion and a restore (the daily roll-up agrees with the records)', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Moving', company: 'Moving Ltd' });
    const before = (await statisticsOf(seller)).figures.total.total_leads;
    const moved = await crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
      unique_id: lead.unique_id,
      crm_user_form_unique_id: lead.crm_user_form_unique_id,
      type_id: 1,
      form_input_list_id: 'owner_id',
      value: rep.id,
    });
    expect(moved.statusCode).toBe(200);
    expect((await statisticsOf(rep)).figures.total.total_leads).toBe(2);
    await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${lead.unique_id}`);
    expect((await statisticsOf(seller)).figures.total.total_leads).toBe(before - 1);
    expect((await statisticsOf(rep)).figures.total.total_leads).toBe(1);
    expect((await crm(app, seller, 'POST', 'crm/restore_lead', { unique_id: lead.unique_id })).statusCode).toBe(200);
    expect((await statisticsOf(seller)).figures.total.total_leads).toBe(before);
    expect((await statisticsOf(seller, `user_id=${rep.id}`)).total.total_leads).toBe(2);
  });

  it('counts a won deal until the deal moves on or is deleted, for its lead', async () => {
    // Migration 0028's triggers name the won stage: they must agree with the forms.
    expect(DEAL_WON_STAGE).toBe('Closed Won');
    const lead = await createRecord(app, rep, 1, { first_name: 'Dina', company: 'Deal Ltd' });
    const converted = await crm(app, rep, 'POST', 'lead/convert', {
      lead_id: lead.id,
      create_deal: true,
      deal: { stage: 'Closed Won' },
    });
    expect(converted.statusCode).toBe(200);
    const dealId = converted.json().data.deal.id as number;
    const figures = async () => (await statisticsOf(rep)).total;
    expect(await figures()).toMatchObject({ leads_with_deals: 1, leads_won: 1, converted_leads: 1 });
    const reopened = await crm(app, seller, 'PUT', `crm/update_record/${dealId}`, { values: { stage: 'Proposal' } });
    expect(reopened.statusCode).toBe(200);
    expect(await figures()).toMatchObject({ leads_with_deals: 1, leads_won: 0 });
    const deal = reopened.json().data as { unique_id: string };
    await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${deal.unique_id}`);
    expect(await figures()).toMatchObject({ leads_with_deals: 0, leads_won: 0, converted_leads: 1 });
  });

  it('answers again from what it kept only until a figure moves: browsing, a wishlist, a product, a quote, an answer', async () => {
    const figures = async () => (await statisticsOf(seller)).figures.total;
    const before = await figures();
    await browse(quoting, pump, 90_000);
    const browsed = await figures();
    expect(browsed.avg_page_view_per_lead).toBeGreaterThan(before.avg_page_view_per_lead!);
    expect(browsed.avg_time_spend_lead).toBeGreaterThan(before.avg_time_spend_lead!);
    const fan = await personOf(app, 'buyer', { name: 'Fiona Fan', profile: { country: 'FR' } });
    expect((await call(fan, 'POST', 'front/wishlist/add', { product_id: pump })).statusCode).toBe(200);
    expect((await figures()).wishlist_count).toBe(before.wishlist_count + 1);
    await createProductAs(
      app,
      seller,
      inStockProduct(await loadRefs(app), { name: 'Stats Gauge', model_number: 'SG-1' }),
    );
    expect((await figures()).total_products).toBe(before.total_products + 1);
    const quote = await requestQuote(app, fan, seller, pump);
    expect(quote.statusCode).toBe(201);
    await settled(app);
    expect((await figures()).total_quotation).toBe(before.total_quotation + 1);
    const id = quote.json().data.enquiry_ids[0];
    expect((await call(seller, 'POST', 'enquiry/answer', { id, unit_price: 380, validity_days: 7 })).statusCode).toBe(
      200,
    );
    expect((await figures()).answered_quotation).toBe(before.answered_quotation + 1);
  });

  it('answers 401 without a session and 403 to a buyer', async () => {
    expect((await app.inject({ method: 'GET', url: '/crm/v1/crm/statistics' })).statusCode).toBe(401);
    const buyer = await personOf(app, 'buyer', { name: 'Nosy Buyer' });
    expect((await statistics(buyer)).statusCode).toBe(403);
  });
});
