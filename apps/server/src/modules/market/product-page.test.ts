import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { quantityText } from '@tradeloop/contracts/reference';
import { byOrderProduct, createProductAs, inStockProduct, loadRefs, uploadImage } from '../catalog/test-support.ts';
import { search, sellerOf, setStatus, webDistWithIndex } from './test-support.ts';

let app: FastifyInstance;
let webDist: string;
let seller: TestUser;
let product: { id: number; slug: string; unique_number: string };
let listed: { product_url: string; category_name: string | null };
let hidden: number;

beforeAll(async () => {
  webDist = webDistWithIndex();
  app = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://trade.example' });
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Shree Ganesh Works', type: 'Manufacturers', country: 'IN' });
  const photo = await uploadImage(app, seller);
  const created = await createProductAs(
    app,
    seller,
    inStockProduct(refs, {
      name: 'Monoblock Pump </script><b>',
      description: 'Pump for "clean" water & irrigation.',
      photos: [photo.id],
    }),
  );
  product = created as unknown as typeof product;
  listed = (await search(app, { keyword: 'monoblock' })).data[0];
  hidden = (await createProductAs(app, seller, inStockProduct(refs, { name: 'Prototype Pump' }))).id;
  await setStatus(app, seller, hidden, 'inactive');
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/v1/front/product/detail/:key', () => {
  it('finds a public product by id, slug or unique number, with its seller, catalogs and neighbours', async () => {
    for (const key of [String(product.id), product.slug, product.unique_number]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/front/product/detail/${encodeURIComponent(key)}`,
      });
      expect(response.statusCode, key).toBe(200);
      const page = response.json().data;
      expect(page.product.id).toBe(product.id);
      expect(page.seller).toMatchObject({ name: 'Shree Ganesh Works', business_type: 'Manufacturers', country: 'IN' });
      expect(page.product.photos).toHaveLength(1);
      expect(page.product.tiers).toEqual([
        { min: 1, max: 9, per_unit: 420 },
        { min: 10, max: 49, per_unit: 395 },
      ]);
      expect(page.product.product_url).toBe(listed.product_url);
      expect(page).toHaveProperty('catalogs');
      expect(page).toHaveProperty('related_products');
    }
  });

  it('says a made-to-order price and capacity per the unit, counted by the plural rule', async () => {
    const refs = await loadRefs(app);
    const made = await createProductAs(
      app,
      seller,
      byOrderProduct(refs, { unit: refs.unitId, in_house_production: 3613, in_house_production_days: 41 }),
    );
    const response = await app.inject({ method: 'GET', url: `/api/v1/front/product/detail/${made.id}` });
    const unit = response.json().data.product.unit as string;
    expect(unit).toBeTruthy();
    expect(response.json().data.product.in_house_production).toBe(`${quantityText(3613, unit)} in 41 days`);
    expect(quantityText(3613, unit)).toMatch(/^3,613 \S+$/);
  });

  it('answers 404 for an inactive, deleted or unknown product', async () => {
    for (const key of [String(hidden), '999999', 'no-such-product', 'TLP-NOTHING1']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/front/product/detail/${key}` });
      expect(response.statusCode, key).toBe(404);
    }
  });

  it('tells a signed-in buyer whether the product is in their wishlist', async () => {
    const buyer = await signUp(app, 'buyer');
    const url = `/api/v1/front/product/detail/${product.id}`;
    expect((await as(app, buyer, { method: 'GET', url })).json().data.wishlisted).toBe(false);
    await as(app, buyer, { method: 'POST', url: '/api/v1/front/wishlist/add', payload: { product_id: product.id } });
    expect((await as(app, buyer, { method: 'GET', url })).json().data.wishlisted).toBe(true);
  });
});

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}

function jsonLdOf(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]) : null;
}

describe('GET /productdetail/… (HTML for search engines)', () => {
  it('serves the title, description, Open Graph tags and Product JSON-LD at every URL form', async () => {
    const category = listed.category_name!;
    const forms = [
      `/productdetail/${product.id}`,
      listed.product_url,
      `${listed.product_url}?search_keyword=pump`,
      `/productdetail/${encodeURIComponent(category)}/Shree%20Ganesh%20Works/${product.slug}?search_keyword=pump`,
      `/productdetail/${product.slug}?search_keyword=monoblock`,
    ];
    for (const url of forms) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const head = headOf(response.body);
      expect(head).toContain(
        '<title>Industrial Monoblock Pump &lt;/script&gt;&lt;b&gt; | Shree Ganesh Works | TradeLoop</title>',
      );
      expect(head).toMatch(/<meta name="description" content="Industrial Monoblock Pump &lt;\/script&gt;.*clean/);
      expect(head).not.toContain('TradeLoop default description.');
      expect(head).toContain('<meta property="og:type" content="product" />');
      expect(head).toContain(`<link rel="canonical" href="https://trade.example${listed.product_url}" />`);
      expect(head).toContain('<meta property="og:image" content="https://trade.example/uploads/');
      const jsonLd = jsonLdOf(head);
      expect(jsonLd).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Industrial Monoblock Pump </script><b>',
        sku: product.unique_number,
        offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: 395, highPrice: 420 },
      });
      // The product's name cannot close the script element.
      expect(head.match(/<\/script>/g)).toHaveLength(1);
    }
  });

  it('answers 404 (with the app, told not to index it) for a product that is not public', async () => {
    for (const url of [`/productdetail/${hidden}`, '/productdetail/a/b/no-such-product', '/productdetail/a/b/c/d']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});
