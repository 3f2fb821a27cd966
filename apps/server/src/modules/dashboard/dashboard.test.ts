import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerHome } from '@tradeloop/contracts/dashboard';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../catalog/test-support.ts';
import { sendText } from '../chat/test-support.ts';
import { sellerOf } from '../market/test-support.ts';
import { submitEnquiry } from '../quotes/test-support.ts';

/** GET /api/v1/dashboard/buyer: the buyer's home (issue 42; decision 066). */
let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
const product: Record<'pump' | 'motor' | 'valve' | 'gate' | 'seen', { id: number; name: string }> = {} as never;
let answered: number;
let asked: number;
let othersEnquiry: number;

async function home(user: TestUser): Promise<BuyerHome> {
  const response = await as(app, user, { method: 'GET', url: '/api/v1/dashboard/buyer' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function ok(user: TestUser, url: string, payload: object) {
  const response = await as(app, user, { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function viewProduct(user: TestUser, productId: number) {
  const response = await as(app, user, {
    method: 'POST',
    url: '/api/v1/auth/tracking-page-views',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' },
    payload: { session_id: `dashboard-${user.id}`, page_name: 'product', type: 'product', product_id: productId },
  });
  expect(response.statusCode).toBe(200);
}

const chatter = (user: TestUser, name: string) => ({ ...user, name });

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Deccan Pumps', type: 'Manufacturers', country: 'IN' });
  buyer = await signUp(app, 'buyer');
  otherBuyer = await signUp(app, 'buyer', { full_name: 'Other Buyer' });
  const make = async (name: string, categoryId: number) => ({
    id: (await createProductAs(app, seller, inStockProduct(refs, { name, category_lists: [categoryId] }))).id,
    name,
  });
  // Two categories: the buyer's interest (pumps) and one they only browsed (valves).
  product.pump = await make('Centrifugal Water Pump', refs.categoryId);
  product.motor = await make('Pump Motor Set', refs.categoryId);
  product.seen = await make('Booster Pump Seen', refs.categoryId);
  product.valve = await make('Stainless Ball Valve', refs.otherCategoryId);
  product.gate = await make('Gate Valve Cast Iron', refs.otherCategoryId);
  await settled(app);

  const interests = await as(app, buyer, {
    method: 'PUT',
    url: '/api/v1/onboarding/interests',
    payload: { category_ids: [refs.categoryId], country_codes: ['IN'] },
  });
  expect(interests.statusCode).toBe(200);
  await viewProduct(buyer, product.seen.id);
  await viewProduct(buyer, product.valve.id);
  await app.tracking.flush();
  await ok(buyer, '/api/v1/front/wishlist/add', { product_id: product.motor.id });
  await ok(buyer, '/api/v1/front/follow', { company_id: seller.companyId });

  // The offer is made first; the other enquiry's latest activity (a seller's question) comes after it.
  answered = await submitEnquiry(app, buyer, seller, product.pump);
  asked = await submitEnquiry(app, buyer, seller, product.valve);
  othersEnquiry = await submitEnquiry(app, otherBuyer, seller, product.gate);
  await ok(seller, '/api/v1/enquiry/answer', { id: answered, unit_price: 380, validity_days: 14 });
  await ok(seller, '/api/v1/enquiry/reply', { id: asked, message: 'Which flange standard do you need?' });

  await sendText(app, chatter(seller, 'Deccan Pumps Sales'), { recipient_id: buyer.id, message: 'Hello from Pune' });
  await sendText(app, chatter(seller, 'Deccan Pumps Sales'), { recipient_id: buyer.id, message: 'Price sent' });
  await sendText(app, chatter(seller, 'Deccan Pumps Sales'), { recipient_id: otherBuyer.id, message: 'Hi other' });
  await settled(app);
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/v1/dashboard/buyer', () => {
  it('lists the offer awaiting the buyer first, then what awaits the seller, with counts by status', async () => {
    const { enquiries } = await home(buyer);
    expect(enquiries.items.map((item) => [item.id, item.status])).toEqual([
      [answered, 'answered'],
      [asked, 'open'],
    ]);
    expect(enquiries.counts).toMatchObject({ answered: 1, open: 1, accepted: 0 });
    expect(enquiries.total).toBe(2);
    expect(enquiries.items[0]).toMatchObject({ offer_unit_price: 380, product_name: product.pump.name });
  });

  it('moves an offer down once the buyer accepts it', async () => {
    const fresh = await submitEnquiry(app, buyer, seller, product.gate);
    await ok(seller, '/api/v1/enquiry/answer', { id: fresh, unit_price: 99, validity_days: 7 });
    await ok(buyer, '/api/v1/enquiry/accept', { id: fresh });
    const { enquiries } = await home(buyer);
    expect(enquiries.items.map((item) => item.id)).toEqual([answered, asked, fresh]);
    expect(enquiries.counts.accepted).toBe(1);
  });

  it('lists the conversation with its unread count, and the count falls once read', async () => {
    const { conversations } = await home(buyer);
    expect(conversations.unread_count).toBe(2);
    expect(conversations.items).toHaveLength(1);
    const [room] = conversations.items;
    expect(room).toMatchObject({ unread_count: 2, other_user: { id: seller.id } });
    const read = await as(app, buyer, {
      method: 'POST',
      url: `/chat/v1/markAsRead?room_id=${room.room_id}&message_id=${room.last_message!.id}`,
    });
    expect(read.statusCode).toBe(200);
    expect((await home(buyer)).conversations).toMatchObject({ unread_count: 0, items: [{ unread_count: 0 }] });
  });

  it('recommends from the onboarding interests and what the buyer viewed, leaving out what they saw and wished for', async () => {
    const { recommendations } = await home(buyer);
    const reasons = Object.fromEntries(recommendations.map((item) => [item.id, item.reason]));
    expect(reasons[product.pump.id]).toBe('interests');
    expect(reasons[product.gate.id]).toBe('browsing');
    expect(reasons).not.toHaveProperty(String(product.seen.id));
    expect(reasons).not.toHaveProperty(String(product.valve.id));
    expect(reasons).not.toHaveProperty(String(product.motor.id));
    // Interests come first.
    expect(recommendations[0].reason).toBe('interests');
  });

  it('shows the followed supplier with its new products, and the wishlist', async () => {
    const { following, wishlist } = await home(buyer);
    expect(following.companies.map((company) => company.id)).toEqual([seller.companyId]);
    expect(following.news.map((item) => item.id)).toContain(product.gate.id);
    expect(following.news.every((item) => item.company_id === seller.companyId && item.kind === 'product')).toBe(true);
    expect(wishlist).toMatchObject({ total: 1, items: [{ id: product.motor.id }] });
  });

  it("never shows another buyer's enquiries, conversations, follows or wishlist", async () => {
    const mine = await home(buyer);
    const theirs = await home(otherBuyer);
    expect(mine.enquiries.items.map((item) => item.id)).not.toContain(othersEnquiry);
    expect(theirs.enquiries.items.map((item) => item.id)).toEqual([othersEnquiry]);
    expect(theirs.conversations).toMatchObject({ unread_count: 1, items: [{ last_message: { message: 'Hi other' } }] });
    expect(theirs.following.total).toBe(0);
    expect(theirs.wishlist.total).toBe(0);
    // No interests and nothing viewed: nothing to recommend from.
    expect(theirs.recommendations).toEqual([]);
  });

  it('recommends from interests alone, without countries or views', async () => {
    const newcomer = await signUp(app, 'buyer', { full_name: 'New Buyer' });
    const saved = await as(app, newcomer, {
      method: 'PUT',
      url: '/api/v1/onboarding/interests',
      payload: { category_ids: [refs.otherCategoryId] },
    });
    expect(saved.statusCode).toBe(200);
    const { recommendations } = await home(newcomer);
    expect(recommendations.map((item) => [item.id, item.reason]).sort()).toEqual(
      [
        [product.valve.id, 'interests'],
        [product.gate.id, 'interests'],
      ].sort(),
    );
  });

  it('answers 403 to a seller and 401 to a visitor', async () => {
    expect((await as(app, seller, { method: 'GET', url: '/api/v1/dashboard/buyer' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/dashboard/buyer' })).statusCode).toBe(401);
  });
});
