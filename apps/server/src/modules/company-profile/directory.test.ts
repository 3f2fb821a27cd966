import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers.ts';

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
    expect(data.data[0]).toMatchObject({ logo: null, rating: null, member_type: 'Standard Member' });
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
});
