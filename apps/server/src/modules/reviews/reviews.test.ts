import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { REVIEW_LIMITS, REVIEW_MESSAGES, type Review } from '@tradeloop/contracts/reviews';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, signUpSubUser } from '../catalog/test-support.ts';
import { chatUser, sendText } from '../chat/test-support.ts';
import { operatorOf, search, sellerOf } from '../market/test-support.ts';
import { notificationsTitled } from '../notifications/public.ts';
import { submitEnquiry } from '../quotes/test-support.ts';
import { companiesRatedAtLeast, companyRatings } from '../ratings/public.ts';

/** Reviews of sellers (issue 18; decision 045). */

let app: FastifyInstance;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let secondBuyer: TestUser;
let operator: TestUser;
let product: { id: number; name: string };
let otherProduct: { id: number; name: string };
let secondProduct: { id: number; name: string };

beforeAll(async () => {
  app = await createTestApp();
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Review Pumps', type: 'Manufacturers', country: 'IN' });
  otherSeller = await sellerOf(app, { name: 'Other Valves', type: 'Distributors', country: 'DE' });
  buyer = await signUp(app, 'buyer', { full_name: 'Rita Reviewer' });
  secondBuyer = await signUp(app, 'buyer', { full_name: 'Sam Second' });
  operator = await operatorOf(app);
  const created = await createProductAs(app, seller, inStockProduct(refs, { name: 'Review Pump' }));
  product = { id: created.id, name: 'Review Pump' };
  const second = await createProductAs(app, seller, inStockProduct(refs, { name: 'Review Motor' }));
  secondProduct = { id: second.id, name: 'Review Motor' };
  const other = await createProductAs(app, otherSeller, inStockProduct(refs, { name: 'Other Valve' }));
  otherProduct = { id: other.id, name: 'Other Valve' };
});
afterAll(() => app.close());

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  user
    ? as(app, user, { method, url: `/api/v1/${url}`, payload: payload as never })
    : app.inject({ method, url: `/api/v1/${url}`, payload: payload as never });

const listOf = async (body: Record<string, unknown>) => {
  const response = await call(null, 'POST', 'front/mini-site/list-reviews?type=Review', body);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const text = 'Fast answers, fair prices and the pumps arrived on time.';

describe('POST /api/v1/front/reviews/create', () => {
  it('refuses a review without a prior enquiry, and another buyer’s enquiry', async () => {
    const none = await call(buyer, 'POST', 'front/reviews/create', { enquiry_id: 999_999, rating: 5, text });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ enquiry_id: [REVIEW_MESSAGES.notEligible] });
    const theirs = await submitEnquiry(app, secondBuyer, seller, product);
    const other = await call(buyer, 'POST', 'front/reviews/create', { enquiry_id: theirs, rating: 5, text });
    expect(other.statusCode).toBe(422);
    expect((await listOf({ shop_id: seller.companyId })).total).toBe(0);
  });

  it('validates with the contract’s messages, and asks who is calling', async () => {
    const enquiryId = await submitEnquiry(app, buyer, seller, product);
    const post = (body: Record<string, unknown>) => call(buyer, 'POST', 'front/reviews/create', body);
    expect((await post({ enquiry_id: enquiryId, rating: 0, text })).json().errors).toEqual({
      rating: [REVIEW_MESSAGES.ratingRange],
    });
    expect((await post({ enquiry_id: enquiryId, rating: 6, text })).json().errors.rating).toEqual([
      REVIEW_MESSAGES.ratingRange,
    ]);
    expect((await post({ enquiry_id: enquiryId, rating: 4, text: 'Too short' })).json().errors).toEqual({
      text: [REVIEW_MESSAGES.textTooShort],
    });
    expect(
      (await post({ enquiry_id: enquiryId, rating: 4, text: 'x'.repeat(REVIEW_LIMITS.textMax + 1) })).json().errors,
    ).toEqual({ text: [REVIEW_MESSAGES.textTooLong] });
    expect((await post({ enquiry_id: enquiryId, rating: 4 })).json().errors).toEqual({
      text: [REVIEW_MESSAGES.textRequired],
    });
    expect((await post({ rating: 4, text })).json().errors).toEqual({ enquiry_id: [REVIEW_MESSAGES.sourceRequired] });
    expect((await post({ enquiry_id: enquiryId, room_id: 1, rating: 4, text })).statusCode).toBe(422);
    // Markup alone is not a review: what is left after taking it out is too short.
    const markup = await post({ enquiry_id: enquiryId, rating: 4, text: '<img src=x onerror=alert(1)><b>ok</b>' });
    expect(markup.json().errors).toEqual({ text: [REVIEW_MESSAGES.textTooShort] });
    expect(
      (await call(null, 'POST', 'front/reviews/create', { enquiry_id: enquiryId, rating: 4, text })).statusCode,
    ).toBe(401);
  });

  it('writes one review per enquiry, as plain text, lists it with the average and tells the seller', async () => {
    const enquiryId = (await call(buyer, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json().data
      .items[0].id as number;
    const created = await call(buyer, 'POST', 'front/reviews/create', {
      enquiry_id: enquiryId,
      rating: 4,
      text: `<script>alert(1)</script><img src=x onerror="alert(2)">${text} Pressure < 5 bar & "quiet".`,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(REVIEW_MESSAGES.created);
    const review: Review = created.json().data;
    expect(review).toMatchObject({
      company_id: seller.companyId,
      buyer_name: 'Rita Reviewer',
      rating: 4,
      text: `${text} Pressure < 5 bar & "quiet".`,
      product_name: 'Review Pump',
      source: 'enquiry',
      reply: null,
    });
    const again = await call(buyer, 'POST', 'front/reviews/create', { enquiry_id: enquiryId, rating: 5, text });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);

    const listed = await listOf({ shop_id: seller.companyId });
    expect(listed).toMatchObject({
      company_id: seller.companyId,
      total: 1,
      summary: { average: 4, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } },
      data: [{ id: review.id, rating: 4 }],
    });
    expect(JSON.stringify(listed)).not.toMatch(/<script|onerror|<img/i);
    expect(await notificationsTitled(app.db, seller.id, 'New review')).toHaveLength(1);
  });

  it('lists one buyer’s reviews with user_id, pages, and a second review moves the average', async () => {
    const enquiryId = (await call(secondBuyer, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json()
      .data.items[0].id;
    const created = await call(secondBuyer, 'POST', 'front/reviews/create', { enquiry_id: enquiryId, rating: 1, text });
    expect(created.statusCode).toBe(201);
    const all = await listOf({ shop_id: seller.companyId, per_page: 1 });
    expect(all).toMatchObject({ total: 2, lastPage: 2, perPage: 1, summary: { average: 2.5, count: 2 } });
    expect(all.data[0].buyer_name).toBe('Sam Second');
    const page2 = await listOf({ shop_id: seller.companyId, per_page: 1, page: 2 });
    expect(page2.data[0].buyer_name).toBe('Rita Reviewer');
    const mine = await listOf({ shop_id: seller.companyId, user_id: buyer.id });
    expect(mine.data.map((entry: Review) => entry.buyer_id)).toEqual([buyer.id]);
    expect(mine.summary.count).toBe(2);
    expect(await companyRatings(app.db, [seller.companyId!, otherSeller.companyId!])).toEqual(
      new Map([[seller.companyId!, { average: 2.5, count: 2 }]]),
    );
  });

  it('refuses reviewing your own company, and rate-limits', async () => {
    const seller2 = await sellerOf(app, { name: 'Self Reviewer', type: 'Retailers', country: 'US' });
    const enquiryId = await submitEnquiry(app, seller2, otherSeller, otherProduct);
    // A seller may review another seller it asked for a price.
    const ok = await call(seller2, 'POST', 'front/reviews/create', { enquiry_id: enquiryId, rating: 5, text });
    expect(ok.statusCode).toBe(201);
    const limited = await signUp(app, 'buyer');
    let last = 0;
    for (let index = 0; index <= REVIEW_LIMITS.createsPerHour; index += 1) {
      last = (await call(limited, 'POST', 'front/reviews/create', { enquiry_id: 999_999, rating: 5, text })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('GET /api/v1/front/reviews/reviewable', () => {
  it('offers the caller’s enquiries with the seller not reviewed yet, nothing to others', async () => {
    const fresh = await signUp(app, 'buyer');
    expect((await call(fresh, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json().data).toEqual({
      company_id: seller.companyId,
      items: [],
    });
    const first = await submitEnquiry(app, fresh, seller, product);
    const second = await submitEnquiry(app, fresh, seller, secondProduct);
    const offered = (await call(fresh, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json().data;
    expect(offered.items.map((item: { id: number }) => item.id)).toEqual([second, first]);
    expect(offered.items[0]).toMatchObject({ kind: 'enquiry', label: 'Review Motor' });
    await call(fresh, 'POST', 'front/reviews/create', { enquiry_id: first, rating: 5, text });
    const left = (await call(fresh, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json().data;
    expect(left.items.map((item: { id: number }) => item.id)).toEqual([second]);
    expect(
      (await call(seller, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).json().data.items,
    ).toEqual([]);
    expect((await call(null, 'GET', `front/reviews/reviewable?company_id=${seller.companyId}`)).statusCode).toBe(401);
  });

  it('offers a conversation to a buyer who only chatted, once', async () => {
    const chatSeller = await chatUser(app, 'seller', { name: 'Chatty Seller' });
    const chatBuyer = await chatUser(app, 'buyer', { name: 'Chatty Buyer' });
    const { room } = await sendText(app, chatBuyer, { recipient_id: chatSeller.id, message: 'Price for 10?' });
    const url = `front/reviews/reviewable?company_id=${chatSeller.companyId}`;
    const asBuyer = chatBuyer as unknown as TestUser;
    expect((await call(asBuyer, 'GET', url)).json().data.items).toEqual([]);
    await sendText(app, chatSeller, { roomId: room.room_id, message: 'USD 40 each.' });
    const offered = (await call(asBuyer, 'GET', url)).json().data.items;
    expect(offered).toEqual([expect.objectContaining({ kind: 'conversation', id: room.room_id })]);
    const created = await call(asBuyer, 'POST', 'front/reviews/create', { room_id: room.room_id, rating: 5, text });
    expect(created.json().data).toMatchObject({ source: 'conversation', product_name: null });
    expect((await call(asBuyer, 'GET', url)).json().data.items).toEqual([]);
    const again = await call(asBuyer, 'POST', 'front/reviews/create', { room_id: room.room_id, rating: 5, text });
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewedConversation);
  });
});

describe('seller: GET /api/v1/reviews and POST /api/v1/reviews/{id}/reply', () => {
  it('lists the company’s reviews and replies once; the buyer is told', async () => {
    const page = (await call(seller, 'GET', 'reviews')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.summary.count).toBe(page.total);
    const review = page.data.find((entry: Review) => entry.buyer_id === buyer.id);
    const unanswered = (await call(seller, 'GET', 'reviews?unanswered=1')).json().data.total;
    const reply = await call(seller, 'POST', `reviews/${review.id}/reply`, {
      text: 'Thank you, Rita! <a href="javascript:alert(1)" onclick="x()">See you</a>',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      message: REVIEW_MESSAGES.replied,
      data: { reply: { text: 'Thank you, Rita! See you' } },
    });
    expect((await call(seller, 'GET', 'reviews?unanswered=1')).json().data.total).toBe(unanswered - 1);
    const twice = await call(seller, 'POST', `reviews/${review.id}/reply`, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REVIEW_MESSAGES.alreadyReplied);
    expect((await call(seller, 'POST', `reviews/${review.id}/reply`, { text: '  ' })).json().errors).toEqual({
      text: [REVIEW_MESSAGES.replyRequired],
    });
    const listed = await listOf({ shop_id: seller.companyId, user_id: buyer.id });
    expect(listed.data[0].reply.text).toBe('Thank you, Rita! See you');
    expect(await notificationsTitled(app.db, buyer.id, 'The seller replied to your review')).toHaveLength(1);
  });

  it('answers 404 for another company’s review, 403 for buyers and sub-users without presence, 401 anonymous', async () => {
    const [review] = (await listOf({ shop_id: seller.companyId, user_id: secondBuyer.id })).data;
    const stranger = await call(otherSeller, 'POST', `reviews/${review.id}/reply`, { text: 'Not mine' });
    expect(stranger.statusCode).toBe(404);
    expect((await call(otherSeller, 'GET', 'reviews')).json().data.data.map((entry: Review) => entry.id)).not.toContain(
      review.id,
    );
    expect((await call(buyer, 'GET', 'reviews')).statusCode).toBe(403);
    expect((await call(buyer, 'POST', `reviews/${review.id}/reply`, { text: 'Hi' })).statusCode).toBe(403);
    expect((await call(null, 'GET', 'reviews')).statusCode).toBe(401);
    const subuser = await signUpSubUser(app, seller);
    expect((await call(subuser, 'GET', 'reviews')).statusCode).toBe(403);
    expect((await call(seller, 'POST', 'reviews/999999/reply', { text: 'Hi' })).statusCode).toBe(404);
  });
});

describe('reports and the operator', () => {
  it('a report reaches the operator; hiding takes the review out of the list and the average; showing puts it back', async () => {
    const [review] = (await listOf({ shop_id: seller.companyId, user_id: secondBuyer.id })).data;
    const before = (await listOf({ shop_id: seller.companyId })).summary;
    expect((await call(null, 'POST', `front/reviews/${review.id}/report`, {})).statusCode).toBe(401);
    const own = await call(secondBuyer, 'POST', `front/reviews/${review.id}/report`, {});
    expect(own.json().errors).toEqual({ reason: [REVIEW_MESSAGES.ownReviewReport] });
    const reported = await call(buyer, 'POST', `front/reviews/${review.id}/report`, { reason: 'Insults <b>us</b>' });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().message).toBe(REVIEW_MESSAGES.reported);
    expect((await call(buyer, 'POST', `front/reviews/${review.id}/report`, {})).statusCode).toBe(200);
    expect((await call(buyer, 'POST', 'front/reviews/999999/report', {})).statusCode).toBe(404);

    expect((await call(buyer, 'GET', 'operator/reviews')).statusCode).toBe(403);
    expect((await call(seller, 'POST', `operator/reviews/${review.id}/moderate`, { hidden: true })).statusCode).toBe(
      403,
    );
    const queue = (await call(operator, 'GET', 'operator/reviews')).json().data;
    expect(queue.data).toEqual([
      expect.objectContaining({ id: review.id, company_name: 'Review Pumps', reports: 1, reasons: ['Insults us'] }),
    ]);

    const hide = await call(operator, 'POST', `operator/reviews/${review.id}/moderate`, { hidden: true });
    expect(hide.json().message).toBe(REVIEW_MESSAGES.hidden);
    const after = await listOf({ shop_id: seller.companyId });
    expect(after.data.map((entry: Review) => entry.id)).not.toContain(review.id);
    expect(after.summary.count).toBe(before.count - 1);
    expect(after.summary.distribution[1]).toBe(before.distribution[1] - 1);
    expect((await call(operator, 'GET', 'operator/reviews')).json().data.total).toBe(0);
    expect((await call(operator, 'GET', 'operator/reviews?status=hidden')).json().data.data[0]).toMatchObject({
      id: review.id,
      hidden: true,
    });
    expect((await call(seller, 'GET', 'reviews')).json().data.data).toContainEqual(
      expect.objectContaining({ id: review.id, hidden: true }),
    );
    expect((await call(buyer, 'POST', `front/reviews/${review.id}/report`, {})).statusCode).toBe(404);

    const show = await call(operator, 'POST', `operator/reviews/${review.id}/moderate`, { hidden: false });
    expect(show.json().message).toBe(REVIEW_MESSAGES.shown);
    expect((await listOf({ shop_id: seller.companyId })).summary).toEqual(before);
    expect((await call(operator, 'POST', 'operator/reviews/999999/moderate', { hidden: true })).statusCode).toBe(404);
  });
});

describe('the product list: ratings on cards and the "rating at least" filter', () => {
  it('shows the seller’s average on its products and narrows the list by it', async () => {
    const sellerAverage = (await listOf({ shop_id: seller.companyId })).summary.average;
    const all = await search(app, { keyword: 'review pump other valve', per_page: 50 });
    const card = all.data.find((entry) => entry.id === product.id)!;
    expect(card.seller_rating).toEqual({ average: sellerAverage, count: expect.any(Number) });
    // Other Valves was reviewed 5 by one seller: at least 4 keeps it, leaves out Review Pumps (below 4).
    expect(sellerAverage).toBeLessThan(4);
    const rated = await search(app, { per_page: 50, rating_min: 4 });
    const companies = new Set(rated.data.map((entry) => entry.company_details.id));
    expect(companies.has(otherSeller.companyId!)).toBe(true);
    expect(companies.has(seller.companyId!)).toBe(false);
    expect(rated.data.every((entry) => (entry.seller_rating?.average ?? 0) >= 4)).toBe(true);
    expect(await companiesRatedAtLeast(app.db, 4)).toContain(otherSeller.companyId);
    const bad = await app.inject({ method: 'POST', url: '/api/v1/front/product/list', payload: { rating_min: 9 } });
    expect(bad.statusCode).toBe(422);
    // With a keyword or another sort the filter still keeps only sellers rated at least that much.
    for (const input of [
      { rating_min: 1, keyword: 'valve' },
      { rating_min: 2, sort: 'newest' as const },
    ]) {
      const result = await search(app, { per_page: 50, ...input });
      expect(result.total, JSON.stringify(input)).toBeGreaterThan(0);
      const averages = result.data.map((entry) => entry.seller_rating?.average ?? 0);
      expect(Math.min(...averages), JSON.stringify(input)).toBeGreaterThanOrEqual(input.rating_min);
    }
  });
});

describe('POST /api/v1/front/mini-site/list-reviews', () => {
  it('counts every review written at the same moment (the figures are recounted one company at a time)', async () => {
    const refs = await loadRefs(app);
    const busy = await sellerOf(app, { name: 'Busy Pumps', type: 'Manufacturers', country: 'IN' });
    const created = await createProductAs(app, busy, inStockProduct(refs, { name: 'Busy Pump' }));
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => signUp(app, 'buyer', { full_name: `Rush Buyer ${index}` })),
    );
    const enquiries: number[] = [];
    for (const each of buyers)
      enquiries.push(await submitEnquiry(app, each, busy, { id: created.id, name: 'Busy Pump' }));
    const answers = await Promise.all(
      buyers.map((each, index) =>
        call(each, 'POST', 'front/reviews/create', { enquiry_id: enquiries[index], rating: 4, text }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(buyers.map(() => 201));
    expect((await listOf({ shop_id: busy.companyId })).summary).toMatchObject({ count: 6, average: 4 });
  });

  it('answers an empty page and no average for a seller without reviews, and 422 without shop_id', async () => {
    const quiet = await sellerOf(app, { name: 'Quiet Co', type: 'Retailers', country: 'US' });
    expect(await listOf({ shop_id: quiet.companyId })).toMatchObject({
      data: [],
      total: 0,
      summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
    const missing = await call(null, 'POST', 'front/mini-site/list-reviews?type=Review', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).not.toBe(SERVER_MESSAGES.internal);
  });
});
