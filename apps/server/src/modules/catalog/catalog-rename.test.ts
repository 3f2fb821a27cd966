import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, multipart } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let other: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  other = await signUp(app, 'seller');
});
afterAll(() => app.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const rename = (user: TestUser, id: number, payload: unknown) =>
  as(app, user, { method: 'PATCH', url: `/api/v1/product/catalog/${id}`, payload: payload as object });

describe('PATCH /api/v1/product/catalog/:id', () => {
  it('renames a catalog of the company and keeps the product it belongs to', async () => {
    const product = await createProductAs(app, seller, inStockProduct(await loadRefs(app), { name: 'Gate Valve' }));
    const uploaded = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/catalog',
      ...multipart({ name: 'valves.pdf', data: pdf, type: 'application/pdf' }, { product_id: String(product.id) }),
    });
    const catalog = uploaded.json().data;
    const renamed = await rename(seller, catalog.id, { title: '  Valves 2027  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message).toBe(FILE_MESSAGES.catalogRenamed);
    expect(renamed.json().data).toMatchObject({
      id: catalog.id,
      title: 'Valves 2027',
      product_id: product.id,
      product_name: 'Gate Valve',
    });
    const listed = (await as(app, seller, { method: 'GET', url: '/api/v1/product/catalog' })).json().data;
    expect(listed.find((entry: { id: number }) => entry.id === catalog.id).title).toBe('Valves 2027');

    const empty = await rename(seller, catalog.id, { title: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual([FILE_MESSAGES.catalogTitleRequired]);
    expect((await rename(seller, catalog.id, { title: 'x'.repeat(121) })).statusCode).toBe(422);
    // Another company's catalog is not there for it.
    expect((await rename(other, catalog.id, { title: 'Mine' })).statusCode).toBe(404);
  });
});
