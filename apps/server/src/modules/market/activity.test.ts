import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import { backdateEnquiry, submitEnquiry } from '../quotes/test-support.ts';
import { sellerOf } from './test-support.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const poll = async (sessionId: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/front/page_activity',
    payload: { page: 'productlist', session_id: sessionId },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { active_visitors: number; quotes_today: number; products_listed: number };
};

describe('POST front/page_activity', () => {
  it("counts visitors on the page, listed products and today's quote requests, not yesterday's", async () => {
    const before = await poll('visitor-one-session');
    const seller = await sellerOf(app, { name: 'Activity Pumps', type: 'Manufacturers', country: 'IN' });
    const { id } = await createProductAs(app, seller, inStockProduct(await loadRefs(app), { name: 'Activity Pump' }));
    const product = { id, name: 'Activity Pump' };
    const buyer = await signUp(app, 'buyer');
    const earlier = await submitEnquiry(app, buyer, seller, product);
    await backdateEnquiry(app.db, earlier, new Date(Date.now() - 2 * 86_400_000));
    await submitEnquiry(app, buyer, seller, product);

    const after = await poll('visitor-two-session');
    expect(after.active_visitors).toBe(before.active_visitors + 1);
    expect(after.products_listed).toBe(before.products_listed + 1);
    expect(after.quotes_today).toBe(before.quotes_today + 1);
  });
});
