import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import { sellerOf } from '../market/test-support.ts';
import { backdateEnquiry, submitEnquiry } from '../quotes/test-support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await signUp(app, 'seller', { company_name: 'Kiln Ceramics', company_type: 'Manufacturers' });
  await signUp(app, 'seller', { company_name: 'Harbour Traders', company_type: 'Wholesalers' });
  await signUp(app, 'seller', { company_name: 'Kiln Distribution', company_type: 'Distributors' });
  await signUp(app, 'buyer');
});
afterAll(() => app.close());

const list = (query: string) => app.inject({ method: 'GET', url: `/api/v1/front/sellers?${query}` });

describe('GET /api/v1/front/sellers', () => {
  it('lists seller companies, newest first, and never buyers', async () => {
    const { data } = (await list('')).json();
    expect(data.total).toBe(3);
    expect(data.data.map((row: { company_name: string }) => row.company_name)).toEqual([
      'Kiln Distribution',
      'Harbour Traders',
      'Kiln Ceramics',
    ]);
    // A new seller has no logo, no rating and no verification yet (the demo seller's card shows all three).
    expect(data.data[0]).toMatchObject({ logo: null, rating: null, member_type: 'Standard Member', response: null });
  });

  it('filters by company type and by a search on the name', async () => {
    const byType = (await list('company_type=Wholesalers')).json().data;
    expect(byType.data.map((row: { company_name: string }) => row.company_name)).toEqual(['Harbour Traders']);
    const bySearch = (await list('search=kiln')).json().data;
    expect(bySearch.total).toBe(2);
  });

  it('pages with the spec envelope', async () => {
    const { data } = (await list('per_page=2&page=2')).json();
    expect(data).toMatchObject({ currentPage: 2, lastPage: 2, perPage: 2, total: 3 });
    expect(data.data).toHaveLength(1);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    expect((await list('search=%25')).json().data.total).toBe(0);
  });

  it('answers a bad filter with 422', async () => {
    expect((await list('company_type=Pirates')).statusCode).toBe(422);
    expect((await list('page=0')).statusCode).toBe(422);
  });

  it("shows how a supplier answered the last 90 days' quote requests, from the third request on", async () => {
    const seller = await sellerOf(app, { name: 'Prompt Pumps', type: 'Manufacturers', country: 'IN' });
    const { id } = await createProductAs(app, seller, inStockProduct(await loadRefs(app), { name: 'Prompt Pump' }));
    const buyer = await signUp(app, 'buyer');
    const hoursAgo = async (hours: number) => {
      const enquiry = await submitEnquiry(app, buyer, seller, { id, name: 'Prompt Pump' });
      await backdateEnquiry(app.db, enquiry, new Date(Date.now() - hours * 3_600_000));
      return enquiry;
    };
    const answer = async (enquiry: number) =>
      expect(
        (
          await as(app, seller, {
            method: 'POST',
            url: '/api/v1/enquiry/answer',
            payload: { id: enquiry, unit_price: 400, validity_days: 30, message: 'Our price.' },
          })
        ).statusCode,
      ).toBe(200);
    const card = async () =>
      (await list('search=prompt')).json().data.data[0] as { response: Record<string, number | null> | null };

    await answer(await hoursAgo(3));
    await answer(await hoursAgo(24 * 100)); // before the window
    await hoursAgo(1); // not answered
    expect((await card()).response).toBeNull(); // two requests in the window say too little

    await answer(await hoursAgo(5));
    await answer(await hoursAgo(7));
    const { response } = await card();
    expect(response).toMatchObject({ requests: 4, rate: 75 });
    // The median of about 3, 5 and 7 hours from request to answer.
    expect(response!.median_seconds).toBeGreaterThanOrEqual(5 * 3600);
    expect(response!.median_seconds).toBeLessThan(5 * 3600 + 120);
  });
});
