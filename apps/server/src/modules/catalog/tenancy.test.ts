import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { catalogueObjects, createProductAs, inStockProduct, loadRefs, multipart, type Refs } from './test-support.ts';

/**
 * Spec section 6 and ARCHITECTURE.md: another company's product, matrix, specification,
 * calculator, image or catalog answers 404, exactly like a missing one, on every route.
 */
let app: FastifyInstance;
let owner: TestUser;
let intruder: TestUser;
let refs: Refs;
let ids: {
  product: number;
  variation: number;
  group: number;
  spec: number;
  image: number;
  catalog: number;
  ownProduct: number;
};

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  owner = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
  const made = await catalogueObjects(app, owner, refs, [{ name: 'Body', value: 'Cast iron' }], {
    calculator: { mode: 'similar', similar: { equation: 'price * quantity' } },
  });
  const ownProduct = await createProductAs(app, intruder, inStockProduct(refs));
  ids = {
    ...made,
    spec: made.specs[0],
    ownProduct: ownProduct.id,
  };
});
afterAll(() => app.close());

function attempts(): [string, InjectOptions][] {
  const product_id = ids.product;
  const post = (url: string, payload: object): InjectOptions => ({
    method: 'POST',
    url: `/api/v1/product/${url}`,
    payload,
  });
  return [
    ['view', post('view/single/list', { id: product_id })],
    ['update', post(`update/${product_id}`, inStockProduct(refs))],
    ['duplicate', post('duplicate', { id: product_id })],
    ['delete', post('delete', { id: product_id })],
    ['restore', post('restore', { id: product_id })],
    ['status', post('status', { id: product_id, status: 'inactive' })],
    ['matrix list', post('matrix/list', { product_id })],
    ['matrix update', post('matrix/update', { product_id, id: ids.variation, price: 1 })],
    [
      'matrix update through own product',
      post('matrix/update', { product_id: ids.ownProduct, id: ids.variation, price: 1 }),
    ],
    ['matrix delete', post('matrix/delete', { product_id, ids: [ids.variation] })],
    ['matrix delete through own product', post('matrix/delete', { product_id: ids.ownProduct, ids: [ids.variation] })],
    ['specifications list', { method: 'GET', url: `/api/v1/product/specifications_list?product_id=${product_id}` }],
    ['create specification', post('create/specifications', { product_id, name: 'Stolen', value: 'x' })],
    ['delete specification', post('specification/delete', { product_id, id: ids.spec })],
    [
      'delete specification through own product',
      post('specification/delete', { product_id: ids.ownProduct, id: ids.spec }),
    ],
    ['delete specifications', post('delete/specifications', { product_id, ids: [ids.spec] })],
    [
      'delete group through own product',
      post('delete/specifications', { product_id: ids.ownProduct, group_id: ids.group }),
    ],
    ['terms checked', post('specifications/terms/checked', { product_id, template_ids: [] })],
    ['suggested by product', post('suggested/by_category', { product_id })],
    ['levels pending', post('levels/pending', { product_id })],
    ['levels create', post('levels/create', { product_id, items: [{ name: 'x', value: 'y' }] })],
    [
      'levels create in own product, their group',
      post('levels/create', { product_id: ids.ownProduct, group_id: ids.group, items: [{ name: 'x' }] }),
    ],
    ['levels createv2', post('levels/createv2', { product_id, groups: [] })],
    ['levels remove', post('levels/remove', { product_id, id: ids.spec })],
    ['group rename', post('group/rename', { product_id, group_id: ids.group, name: 'x' })],
    [
      'group rename through own product',
      post('group/rename', { product_id: ids.ownProduct, group_id: ids.group, name: 'x' }),
    ],
    ['group create', post('level/group/create', { product_id, name: 'x' })],
    ['calculator', { method: 'GET', url: `/api/v1/product/calculator?product_id=${product_id}` }],
    ['calculator table', post('calculator/table/update', { product_id, values: [] })],
    [
      'calculator save',
      post('calculator_multiple_save', { product_id, mode: 'similar', similar: { equation: 'price' } }),
    ],
    ['calculator check', post('calculator_multiple_check', { product_id })],
    ['final equations', post('equation_final/list', { product_id })],
    ['image delete', post('images/delete', { id: ids.image })],
    ['catalog list', { method: 'GET', url: `/api/v1/product/catalog?product_id=${product_id}` }],
    ['catalog delete', post(`catalog/${ids.catalog}`, { _method: 'DELETE' })],
    [
      'catalog upload to their product',
      {
        method: 'POST',
        url: '/api/v1/product/catalog',
        ...multipart({ name: 'c.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') }, { product_id: String(product_id) }),
      },
    ],
  ];
}

describe('another company’s catalogue answers 404 on every route', () => {
  it('refuses every read and write of the intruder with 404', async () => {
    const failures: string[] = [];
    for (const [name, options] of attempts()) {
      const response = await as(app, intruder, options);
      if (response.statusCode !== 404) failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('left the owner’s product, matrix, specifications, calculator, image and catalog as they were', async () => {
    const view = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: ids.product },
    });
    expect(view.json().data).toMatchObject({ status: 'active', combinations: 6, photos: [{ id: ids.image }] });
    const matrix = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/matrix/list',
      payload: { product_id: ids.product },
    });
    expect(matrix.json().data.data[1]).toMatchObject({ id: ids.variation, price: null });
    const sheet = await as(app, owner, {
      method: 'GET',
      url: `/api/v1/product/specifications_list?product_id=${ids.product}`,
    });
    expect(sheet.json().data.groups).toEqual([
      expect.objectContaining({ id: ids.group, name: 'General', items: [expect.objectContaining({ id: ids.spec })] }),
    ]);
    const calculator = await as(app, owner, {
      method: 'GET',
      url: `/api/v1/product/calculator?product_id=${ids.product}`,
    });
    expect(calculator.json().data.similar).toEqual({ equation: 'price * quantity' });
    const catalogs = await as(app, owner, { method: 'GET', url: '/api/v1/product/catalog' });
    expect(catalogs.json().data.map((entry: { id: number }) => entry.id)).toEqual([ids.catalog]);
  });

  it('never lists or exports another company’s products', async () => {
    const list = await as(app, intruder, { method: 'GET', url: '/api/v1/product/list' });
    expect(list.json().data.data.map((row: { id: number }) => row.id)).toEqual([ids.ownProduct]);
    const exported = await as(app, intruder, { method: 'GET', url: '/api/v1/product/export' });
    expect(exported.body.trim().split('\n')).toHaveLength(2);
    const catalogs = await as(app, intruder, { method: 'GET', url: '/api/v1/product/catalog' });
    expect(catalogs.json().data).toEqual([]);
  });
});
