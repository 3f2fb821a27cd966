import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createDemoApp } from '../../../test/helpers.ts';
import { as } from '../../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createDemoApp();
});
afterAll(() => app.close());

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email_id: email, password: DEMO_PASSWORD },
  });
  return { token: response.json().data.token as string };
}

describe('catalogue demo data', () => {
  it('gives the demo seller a full catalogue, one product with a calculator and one made to order', async () => {
    const seller = await signIn(DEMO_ACCOUNTS.seller);
    const list = (await as(app, seller, { method: 'GET', url: '/api/v1/product/list?per_page=50' })).json().data;
    expect(list.total).toBe(8);
    expect(list.data.map((row: { availability: string }) => row.availability)).toContain('by_order');
    const pump = list.data.find((row: { name: string }) => row.name === 'Centrifugal Monoblock Pump');
    const calculator = await as(app, seller, {
      method: 'GET',
      url: `/api/v1/product/calculator?product_id=${pump.id}`,
    });
    expect(calculator.json().data.mode).toBe('similar');
  });

  it('lists products in the categories of every other seller', async () => {
    const counted = await app.inject({ method: 'POST', url: '/api/v1/categoryList', payload: { with_product: 1 } });
    const withProducts = counted
      .json()
      .data.filter((category: { products_count: number }) => category.products_count > 0);
    expect(withProducts.length).toBeGreaterThanOrEqual(8);
  });
});
