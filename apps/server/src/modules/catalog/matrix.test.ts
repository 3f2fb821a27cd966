import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, uploadImage, type Refs } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
});
afterAll(() => app.close());

type Row = { id: number; value: string; price: number | null; images: number[]; is_default: boolean; status: string };

async function matrix(productId: number, extra: object = {}) {
  const response = await as(app, seller, {
    method: 'POST',
    url: '/api/v1/product/matrix/list',
    payload: { product_id: productId, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: Row[]; total: number; perPage: number; lastPage: number };
}

const update = (payload: object) => as(app, seller, { method: 'POST', url: '/api/v1/product/matrix/update', payload });
const remove = (payload: object) => as(app, seller, { method: 'POST', url: '/api/v1/product/matrix/delete', payload });
const defaults = (rows: Row[]) => rows.filter((row) => row.is_default).map((row) => row.value);

describe('POST /api/v1/product/matrix/list', () => {
  it('generates every combination, parts joined by |, the first one default, 200 a page', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const page = await matrix(product.id);
    expect(page.perPage).toBe(200);
    expect(page.data.map((row) => row.value)).toEqual([
      '3 HP|Single',
      '3 HP|Three',
      '3 HP|Dual',
      '5 HP|Single',
      '5 HP|Three',
      '5 HP|Dual',
    ]);
    expect(page.data[0]).toMatchObject({ is_default: true, status: 'active', price: null, images: [] });
    expect(defaults(page.data)).toEqual(['3 HP|Single']);
  });

  it('pages and searches', async () => {
    const product = await createProductAs(
      app,
      seller,
      inStockProduct(refs, {
        choice_options: [
          { name: 'Size', values: Array.from({ length: 10 }, (_, i) => `S${i}`) },
          { name: 'Grade', values: Array.from({ length: 5 }, (_, i) => `G${i}`) },
        ],
      }),
    );
    const second = await matrix(product.id, { per_page: 20, page: 3 });
    expect(second).toMatchObject({ total: 50, lastPage: 3 });
    expect(second.data).toHaveLength(10);
    const searched = await matrix(product.id, { search: 'S3|' });
    expect(searched.data.map((row) => row.value)).toEqual(['S3|G0', 'S3|G1', 'S3|G2', 'S3|G3', 'S3|G4']);
  });
});

describe('POST /api/v1/product/matrix/update', () => {
  it('sets a combination’s price and images (the product’s own images only)', async () => {
    const image = await uploadImage(app, seller);
    const product = await createProductAs(app, seller, inStockProduct(refs, { photos: [image.id] }));
    const [, second] = (await matrix(product.id)).data;
    const response = await update({ product_id: product.id, id: second.id, price: 455.5, images: [image.id] });
    expect(response.json().data).toMatchObject({ price: 455.5, images: [image.id] });
    const stranger = await uploadImage(app, seller);
    const refused = await update({ product_id: product.id, id: second.id, images: [stranger.id] });
    expect(refused.json().errors.images).toEqual([CATALOG_MESSAGES.matrixImageUnknown]);
  });

  it('keeps exactly one default: a new default replaces the old, the default cannot be unset or hidden', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const rows = (await matrix(product.id)).data;
    await update({ product_id: product.id, id: rows[3].id, is_default: true });
    expect(defaults((await matrix(product.id)).data)).toEqual([rows[3].value]);

    const unset = await update({ product_id: product.id, id: rows[3].id, is_default: false });
    expect(unset.json().errors.is_default).toEqual([CATALOG_MESSAGES.matrixDefaultRequired]);
    const hide = await update({ product_id: product.id, id: rows[3].id, status: 'inactive' });
    expect(hide.json().errors.status).toEqual([CATALOG_MESSAGES.matrixDefaultInactive]);

    await update({ product_id: product.id, id: rows[1].id, status: 'inactive' });
    const inactiveDefault = await update({ product_id: product.id, id: rows[1].id, is_default: true });
    expect(inactiveDefault.json().errors.status).toEqual([CATALOG_MESSAGES.matrixDefaultInactive]);
    expect(defaults((await matrix(product.id)).data)).toEqual([rows[3].value]);
  });
});

describe('POST /api/v1/product/matrix/delete', () => {
  it('deletes combinations; when the default goes, the first active one becomes default', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const rows = (await matrix(product.id)).data;
    await update({ product_id: product.id, id: rows[1].id, status: 'inactive' });
    const response = await remove({ product_id: product.id, ids: [rows[0].id] });
    expect(response.json().data.deleted).toEqual([rows[0].id]);
    const after = (await matrix(product.id)).data;
    expect(after).toHaveLength(5);
    expect(defaults(after)).toEqual([rows[2].value]);
  });

  it('answers 404 for combinations of another product', async () => {
    const first = await createProductAs(app, seller, inStockProduct(refs));
    const second = await createProductAs(app, seller, inStockProduct(refs));
    const [row] = (await matrix(first.id)).data;
    expect((await remove({ product_id: second.id, ids: [row.id] })).statusCode).toBe(404);
    // Beside one of its own, the same: nothing is deleted.
    const [own] = (await matrix(second.id)).data;
    expect((await remove({ product_id: second.id, ids: [own.id, row.id] })).statusCode).toBe(404);
    expect((await matrix(second.id)).data.map((entry: { id: number }) => entry.id)).toContain(own.id);
  });
});

describe('the matrix follows the attributes', () => {
  it('keeps the rows of combinations that remain, drops the others, adds the new, and keeps a deleted one deleted', async () => {
    const body = inStockProduct(refs);
    const product = await createProductAs(app, seller, body);
    const rows = (await matrix(product.id)).data;
    await update({ product_id: product.id, id: rows[4].id, price: 999, is_default: true });
    await remove({ product_id: product.id, ids: [rows[5].id] });
    const changed = {
      ...body,
      choice_options: [
        { name: 'Power', values: ['5 HP', '7.5 HP'] },
        { name: 'Phase', values: ['Single', 'Three', 'Dual'] },
      ],
    };
    const saved = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await matrix(product.id)).data;
    expect(after.map((row) => row.value)).toEqual([
      '5 HP|Single',
      '5 HP|Three',
      '7.5 HP|Single',
      '7.5 HP|Three',
      '7.5 HP|Dual',
    ]);
    expect(after.find((row) => row.value === '5 HP|Three')).toMatchObject({
      id: rows[4].id,
      price: 999,
      is_default: true,
    });
    expect(defaults(after)).toHaveLength(1);
  });

  it('finds a new default when the default combination disappears', async () => {
    const body = inStockProduct(refs);
    const product = await createProductAs(app, seller, body);
    await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: { ...body, choice_options: [{ name: 'Power', values: ['10 HP', '15 HP'] }] },
    });
    const after = (await matrix(product.id)).data;
    expect(after.map((row) => row.value)).toEqual(['10 HP', '15 HP']);
    expect(defaults(after)).toEqual(['10 HP']);
  });

  it('refuses attributes that make more than 1000 combinations', async () => {
    const values = (prefix: string) => Array.from({ length: 11 }, (_, i) => `${prefix}${i}`);
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/create',
      payload: inStockProduct(refs, {
        choice_options: [
          { name: 'A', values: values('a') },
          { name: 'B', values: values('b') },
          { name: 'C', values: values('c') },
        ],
      }),
    });
    expect(response.json().errors.choice_options).toEqual([CATALOG_MESSAGES.tooManyCombinations]);
  });
});
