import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '@tradeloop/contracts/market-category';
import { createTestApp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import { search, sellerOf, webDistWithIndex } from './test-support.ts';

let app: FastifyInstance;
let webDist: string;
let seller: TestUser;
let other: TestUser;
/** The leaf category the products are in, and its trail from the top. */
let trail: { id: number; name: string; slug: string }[];

const get = (url: string) => app.inject({ method: 'GET', url });

beforeAll(async () => {
  webDist = webDistWithIndex();
  app = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://trade.example' });
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Shree Ganesh Works', type: 'Manufacturers', country: 'IN' });
  other = await sellerOf(app, { name: 'Rhine Pumpen', type: 'Distributors', country: 'DE' });
  await createProductAs(app, seller, inStockProduct(refs, { name: 'Category Pump One' }));
  await createProductAs(app, seller, inStockProduct(refs, { name: 'Category Pump Two' }));
  await createProductAs(app, other, inStockProduct(refs, { name: 'Category Pump Three' }));
  const all = (await get('/api/v1/category/all')).json().data as {
    id: number;
    name: string;
    slug: string;
    parent_id: number | null;
  }[];
  const byId = new Map(all.map((row) => [row.id, row]));
  trail = [];
  for (let row = byId.get(refs.categoryId); row; row = row.parent_id ? byId.get(row.parent_id) : undefined)
    trail.unshift(row);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/v1/front/category/:slug', () => {
  it('answers the category, its breadcrumbs and its sub-categories with the counts the product list shows', async () => {
    const [top, middle, leaf] = trail;
    const response = await get(`/api/v1/front/category/${top.slug}`);
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page.category).toMatchObject({
      id: top.id,
      name: top.name,
      slug: top.slug,
      path: `/category/${top.slug}`,
      products_count: 3,
      suppliers_count: 2,
    });
    expect(page.category.description).toContain(top.name);
    expect(page.category.description).toContain('3 products from 2 verified suppliers');
    expect(page.breadcrumbs).toEqual([{ id: top.id, name: top.name, slug: top.slug, path: `/category/${top.slug}` }]);
    const child = page.sub_categories.find((entry: { id: number }) => entry.id === middle.id);
    expect(child).toEqual({
      id: middle.id,
      name: middle.name,
      slug: middle.slug,
      path: `/category/${top.slug}/${middle.slug}`,
      products_count: 3,
    });
    expect(page.sub_categories.filter((entry: { id: number }) => entry.id !== middle.id)).not.toContainEqual(
      expect.objectContaining({ products_count: 3 }),
    );
    // The same number as the product list within the category.
    expect((await search(app, { categories: [top.id] })).total).toBe(3);

    const nested = (await get(`/api/v1/front/category/${leaf.slug}`)).json().data;
    expect(nested.category.path).toBe(`/category/${top.slug}/${middle.slug}/${leaf.slug}`);
    expect(nested.breadcrumbs.map((crumb: { name: string }) => crumb.name)).toEqual(trail.map((row) => row.name));
    expect(nested.sub_categories).toEqual([]);
  });

  it('answers 404 for a slug no category has', async () => {
    const response = await get('/api/v1/front/category/no-such-category');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CATEGORY_MESSAGES.notFound);
  });
});

describe('GET /category/…', () => {
  it('serves the page with its name, description and canonical trail, and 404 for an unknown one', async () => {
    const [top, middle] = trail;
    const page = await get(`/category/${middle.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<title>${middle.name.replace('&', '&amp;')} | Manufacturers &amp; Suppliers | TradeLoop</title>`,
    );
    expect(page.body).toContain(
      `<link rel="canonical" href="https://trade.example/category/${top.slug}/${middle.slug}" />`,
    );
    expect(page.body).toMatch(/<meta name="description" content="[^"]*3 products from 2 verified suppliers/);
    const missing = await get('/category/no-such-category');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the pages of the categories with products, nested, and not the empty ones', async () => {
    const body = (await get('/sitemap.xml')).body;
    const [top, middle, leaf] = trail;
    for (const path of [`/category/${top.slug}`, `/category/${top.slug}/${middle.slug}/${leaf.slug}`])
      expect(body).toContain(`<loc>https://trade.example${path}</loc>`);
    const categories = [...body.matchAll(/<loc>https:\/\/trade\.example\/category\/([^<]+)<\/loc>/g)];
    expect(categories).toHaveLength(3);
  });
});

describe('GET /api/v1/website_menu/getMenus_items/3', () => {
  it('links the header menu to the category pages', async () => {
    const menu = (await get('/api/v1/website_menu/getMenus_items/3')).json().data;
    const top = menu.find((item: { id: number }) => item.id === trail[0].id);
    expect(top.url).toBe(`/category/${trail[0].slug}`);
    expect(top.children[0].url).toMatch(new RegExp(`^/category/${trail[0].slug}/[a-z0-9-]+$`));
  });
});
