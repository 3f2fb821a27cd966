import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import { search, sellerOf, setStatus } from '../market/test-support.ts';
import { sitemap, type SitemapSection } from './sitemap.ts';

let app: FastifyInstance;
let seller: TestUser;
let listed: { product_url: string };
let hidden: number;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://trade.example' });
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Shree Ganesh Works', type: 'Manufacturers', country: 'IN' });
  await createProductAs(app, seller, inStockProduct(refs, { name: 'Monoblock Pump' }));
  listed = (await search(app, { keyword: 'monoblock' })).data[0];
  hidden = (await createProductAs(app, seller, inStockProduct(refs, { name: 'Prototype Pump' }))).id;
  await setStatus(app, seller, hidden, 'inactive');
});
afterAll(() => app.close());

describe('GET /sitemap.xml', () => {
  it('lists every public product at its canonical address, and no hidden one', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`<loc>https://trade.example${listed.product_url}</loc>`);
    expect(response.body).toContain('<loc>https://trade.example/productlist</loc>');
    expect(response.body).not.toContain(`/${hidden}<`);
    expect(response.body).not.toContain('prototype-pump');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://trade.example/sitemap.xml');
  });

  it('past the limit of one file, is an index whose files hold every address of each section, none over the limit', async () => {
    const refs = await loadRefs(app);
    for (const name of ['Sitemap Pump One', 'Sitemap Pump Two'])
      await createProductAs(app, seller, inStockProduct(refs, { name }));
    const url = 'https://trade.example';
    const locs = (text: string) =>
      [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replaceAll('&amp;', '&'));
    const whole = locs(await sitemap(app.db, url, {}));
    expect(whole).toEqual(expect.arrayContaining([`${url}/`, `${url}/blog`, `${url}/mini-site/shree-ganesh-works`]));
    expect(whole.filter((loc) => loc.includes('/productdetail/'))).toHaveLength(3);

    const limit = 2;
    const index = await sitemap(app.db, url, {}, limit);
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    expect(files).toEqual(
      expect.arrayContaining([
        `${url}/sitemap.xml?section=products&page=2`,
        `${url}/sitemap.xml?section=stores&page=1`,
      ]),
    );
    const held: string[] = [];
    for (const file of files) {
      const query = new URL(file).searchParams;
      const part = locs(
        await sitemap(
          app.db,
          url,
          { section: query.get('section') as SitemapSection, page: Number(query.get('page')) },
          limit,
        ),
      );
      expect(part.length, file).toBeGreaterThan(0);
      expect(part.length, file).toBeLessThanOrEqual(limit);
      held.push(...part);
    }
    expect(held.sort()).toEqual([...whole].sort());
  });

  it('serves a page of one section, and refuses a section it does not have', async () => {
    const stores = await app.inject({ method: 'GET', url: '/sitemap.xml?section=stores&page=1' });
    expect(stores.statusCode).toBe(200);
    expect(stores.body).toContain('<urlset');
    expect(stores.body).toMatch(/<loc>https:\/\/trade\.example\/mini-site\/[^<]+\/about-us<\/loc>/);
    expect(stores.body).not.toContain('/productdetail/');
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml?section=nope' })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml?section=products&page=9' })).body).not.toContain(
      '<url>',
    );
  });
});
