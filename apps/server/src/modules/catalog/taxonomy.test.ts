import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
});
afterAll(() => app.close());

describe('POST /api/v1/categoryList', () => {
  it('lists the top categories of a realistic B2B tree, and a category’s children', async () => {
    const top = await app.inject({ method: 'POST', url: '/api/v1/categoryList', payload: {} });
    const names = top.json().data.map((category: { name: string }) => category.name);
    expect(names).toEqual(
      expect.arrayContaining(['Industrial Machinery', 'Electrical Equipment & Supplies', 'Packaging & Printing']),
    );
    const machinery = top.json().data[0];
    expect(machinery).toMatchObject({ parent_id: null, has_children: true });
    expect(machinery.products_count).toBeUndefined();
    const children = await app.inject({
      method: 'POST',
      url: '/api/v1/categoryList',
      payload: { parent: machinery.id },
    });
    expect(children.json().data.map((category: { name: string }) => category.name)).toContain('Pumps');
  });

  it('counts active products in each subtree with with_product, and only a seller’s with user_id', async () => {
    const owner = await signUp(app, 'seller');
    await createProductAs(app, owner, inStockProduct(refs));
    await createProductAs(app, owner, inStockProduct(refs, { status: 'inactive' }));
    const counted = await app.inject({ method: 'POST', url: '/api/v1/categoryList', payload: { with_product: 1 } });
    const machinery = counted
      .json()
      .data.find((category: { name: string }) => category.name === 'Industrial Machinery');
    expect(machinery.products_count).toBeGreaterThanOrEqual(1);
    const mine = await app.inject({
      method: 'POST',
      url: '/api/v1/categoryList',
      payload: { user_id: owner.id, with_product: true },
    });
    expect(mine.json().data).toEqual([expect.objectContaining({ name: 'Industrial Machinery', products_count: 1 })]);
  });

  it('answers 404 for a parent that does not exist, never a 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/categoryList', payload: { parent: 99_999 } });
    expect(response.statusCode).toBe(404);
    const bad = await app.inject({ method: 'POST', url: '/api/v1/categoryList', payload: { parent: 'abc' } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/v1/category/all', () => {
  it('holds at least 150 categories in tree order, each with its path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/category/all' });
    const categories = response.json().data;
    expect(categories.length).toBeGreaterThanOrEqual(150);
    expect(new Set(categories.map((category: { slug: string }) => category.slug)).size).toBe(categories.length);
    const pumps = categories.find((category: { slug: string }) => category.slug === 'centrifugal-pumps');
    expect(pumps.path).toBe('Industrial Machinery › Pumps › Centrifugal Pumps');
    expect(response.headers['cache-control']).toContain('public');
  });
});

describe('GET /api/v1/website_menu/getMenus_items/3', () => {
  it('builds the header menu from the top categories and their children', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/website_menu/getMenus_items/3' });
    const menu = response.json().data;
    expect(menu[0]).toMatchObject({ name: 'Industrial Machinery', url: '/category/industrial-machinery' });
    expect(menu[0].children.length).toBeGreaterThan(3);
    const other = await app.inject({ method: 'GET', url: '/api/v1/website_menu/getMenus_items/4' });
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /api/v1/brands/list and POST /api/v1/brands/propose', () => {
  it('lists 300 brands a page, searchable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/brands/list?per_page=300' });
    const page = response.json().data;
    expect(page.data).toHaveLength(300);
    expect(page.total).toBeGreaterThanOrEqual(300);
    const search = await app.inject({ method: 'GET', url: '/api/v1/brands/list?search=kirlos' });
    expect(search.json().data.data.map((brand: { name: string }) => brand.name)).toEqual(['Kirloskar']);
  });

  it('lets a seller propose a brand, use it at once, and keeps it out of public lists until approved', async () => {
    const proposer = await signUp(app, 'seller');
    const response = await as(app, proposer, {
      method: 'POST',
      url: '/api/v1/brands/propose',
      payload: { name: 'Acme Pumpworks' },
    });
    expect(response.json()).toMatchObject({
      data: { name: 'Acme Pumpworks', status: 'pending' },
      message: CATALOG_MESSAGES.brandProposed,
    });
    const brandId = response.json().data.id;
    const product = await createProductAs(app, proposer, inStockProduct(refs, { brand_id: brandId }));
    expect(product.brand).toEqual({ id: brandId, name: 'Acme Pumpworks' });

    const publicList = await app.inject({ method: 'GET', url: '/api/v1/brands/list?search=acme' });
    expect(publicList.json().data.total).toBe(0);
    const stranger = await signUp(app, 'seller');
    const refused = await as(app, stranger, {
      method: 'POST',
      url: '/api/v1/product/create',
      payload: inStockProduct(refs, { brand_id: brandId }),
    });
    expect(refused.json().errors.brand_id).toEqual([CATALOG_MESSAGES.unknownBrand]);
    const joined = await as(app, stranger, {
      method: 'POST',
      url: '/api/v1/brands/propose',
      payload: { name: 'acme pumpworks' },
    });
    expect(joined.json().data.id).toBe(brandId);
    const ownList = await as(app, stranger, { method: 'GET', url: '/api/v1/brands/list?search=acme' });
    expect(ownList.json().data.total).toBe(1);
  });

  it('refuses to propose a brand that is already listed', async () => {
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/brands/propose',
      payload: { name: 'siemens' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.name).toEqual([CATALOG_MESSAGES.brandExists]);
  });
});

describe('attributes/passive', () => {
  it('lists the shared attribute names and the company’s own; a new name gets underscores', async () => {
    const created = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/attributes/passive/create',
      payload: { name: 'Blade  Length' },
    });
    expect(created.json()).toMatchObject({
      data: { name: 'Blade_Length', company_id: seller.companyId },
      message: CATALOG_MESSAGES.attributeCreated,
    });
    const list = await as(app, seller, { method: 'GET', url: '/api/v1/attributes/passive/list' });
    const names = list.json().data.map((attribute: { name: string }) => attribute.name);
    expect(names).toEqual(expect.arrayContaining(['Colour', 'Blade_Length']));
    const other = await signUp(app, 'seller');
    const theirs = await as(app, other, { method: 'GET', url: '/api/v1/attributes/passive/list' });
    expect(theirs.json().data.map((attribute: { name: string }) => attribute.name)).not.toContain('Blade_Length');
  });

  it('refuses a duplicate term, shared or own, whatever its case', async () => {
    for (const name of ['colour', 'Blade Length']) {
      const response = await as(app, seller, {
        method: 'POST',
        url: '/api/v1/attributes/passive/create',
        payload: { name },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.name).toEqual(['Duplicate options/terms are not allowed.']);
    }
  });
});
