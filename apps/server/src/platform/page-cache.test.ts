import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, eventually, settled, signUp, type TestUser } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { IN_MEMORY, loadConfig } from '../config.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../modules/catalog/test-support.ts';
import { operatorOf, sellerOf } from '../modules/market/test-support.ts';
import { submitEnquiry } from '../modules/quotes/test-support.ts';
import { cachedPage, matchesEtag, memoryPageStore, singleFlight } from './page-cache.ts';

/**
 * The public page cache (decision 050), on the real server-rendered web app (built once per run when
 * missing: test/global-setup.ts).
 */
const WEB_DIST = new URL('../../../web/dist', import.meta.url).pathname;
const REDIS_URL = process.env.TEST_REDIS_URL;

describe('the in-process page store', () => {
  const page = (html: string, tags: string[], version = 0) =>
    cachedPage(html, { status: 200, tags, version, freshMs: 60_000, effects: [] });

  it('never holds more bytes than it is given, dropping the least recently used page', async () => {
    const store = memoryPageStore(1_000_000);
    const random = () => randomBytes(20_000).toString('hex'); // incompressible: about 40 KB a page
    await store.set('/a', await page(random(), []), 60_000);
    for (let index = 0; index < 60; index += 1) {
      await store.set(`/page-${index}`, await page(random(), []), 60_000);
      if (index % 5 === 0) expect(await store.get('/a', 'br')).not.toBeNull(); // used: kept
      expect(store.bytes()).toBeLessThanOrEqual(1_000_000);
    }
    expect(store.bytes()).toBeGreaterThan(800_000);
    expect(await store.get('/a', 'br')).not.toBeNull();
    expect(await store.get('/page-0', 'br')).toBeNull();
  });

  it('counts the memory its pages hold: a compressed body keeps no larger buffer than itself', async () => {
    const store = memoryPageStore(1_000_000);
    const html = (index: number) =>
      `<main>${Array.from({ length: 400 }, (_, row) => `<p>Product ${index}-${row} pump</p>`).join('')}</main>`;
    for (let index = 0; index < 50; index += 1) await store.set(`/list-${index}`, await page(html(index), []), 60_000);
    const held = new Set<ArrayBufferLike>();
    for (let index = 0; index < 50; index += 1) {
      for (const encoding of ['br', 'gzip'] as const) {
        const body = (await store.get(`/list-${index}`, encoding))?.body;
        if (!body) continue;
        expect(body.buffer.byteLength).toBe(body.length);
        held.add(body.buffer);
      }
    }
    const heldBytes = [...held].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(heldBytes).toBeGreaterThan(0);
    expect(heldBytes).toBeLessThanOrEqual(store.bytes() ?? 0);
  });

  it('marks a page stale when one of its tags changes after its render began, and only then', async () => {
    const store = memoryPageStore(10_000_000);
    const version = await store.version();
    await store.set('/productdetail/1', await page('<p>pump</p>', ['product:1', 'rates'], version), 60_000);
    await store.set('/productdetail/2', await page('<p>valve</p>', ['product:2', 'rates'], version), 60_000);
    await store.invalidate(['product:1']);
    expect((await store.get('/productdetail/1', 'gzip'))?.stale).toBe(true);
    expect((await store.get('/productdetail/2', 'gzip'))?.stale).toBe(false);
    // Rendered after the change: fresh.
    await store.set(
      '/productdetail/1',
      await page('<p>pump</p>', ['product:1', 'rates'], await store.version()),
      60_000,
    );
    expect((await store.get('/productdetail/1', 'gzip'))?.stale).toBe(false);
    await store.invalidate(['rates']);
    expect((await store.get('/productdetail/1', 'gzip'))?.stale).toBe(true);
    expect((await store.get('/productdetail/2', 'gzip'))?.stale).toBe(true);
  });

  it('shares one run among concurrent callers of a key', async () => {
    const flights = singleFlight<number>();
    let runs = 0;
    const work = () => new Promise<number>((resolve) => setTimeout(() => resolve((runs += 1)), 20));
    const results = await Promise.all([flights.run('k', work), flights.run('k', work), flights.run('k', work)]);
    expect(results).toEqual([1, 1, 1]);
    expect(await flights.run('k', work)).toBe(2);
  });

  it('compares If-None-Match as HTTP does', () => {
    expect(matchesEtag('"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('*', '"abc-br"')).toBe(true);
    expect(matchesEtag('"abc"', '"abc-br"')).toBe(false);
    expect(matchesEtag(undefined, '"abc-br"')).toBe(false);
  });
});

let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let product: { id: number; product_url: string };

const html = (response: LightMyRequestResponse) =>
  response.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(response.rawPayload).toString()
    : response.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(response.rawPayload).toString()
      : response.body;

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

/** Waits for the pages being rendered again in the background (stale-while-revalidate). */
const refreshed = (server: FastifyInstance) => Promise.allSettled([...(server.pageCache?.refreshes ?? [])]);

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST, PAGE_CACHE_BYTES: '20000000' });
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Cache Pumps Ltd', type: 'Manufacturers', country: 'IN' });
  const created = await createProductAs(app, seller, inStockProduct(refs, { name: 'Borewell Pump Kestrel' }));
  product = { id: created.id, product_url: String(created.product_url ?? '') };
  if (!product.product_url.startsWith('/productdetail/')) {
    const found = await app.inject({ method: 'GET', url: `/api/v1/front/product/detail/${created.id}` });
    product.product_url = found.json().data.product.product_url;
  }
});
afterAll(() => app?.close());

describe('GET an anonymous public page (decision 050)', () => {
  it('is rendered once, then served from the cache with a strong ETag and shared-cache headers', async () => {
    const first = await page('/productlist?keyword=kestrel');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(html(first)).toContain('Borewell Pump Kestrel');
    const second = await page('/productlist?keyword=kestrel');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    expect(second.headers.vary).toMatch(/accept-encoding/i);
    expect(html(second)).toBe(html(first));
  });

  it('answers 304 to a matching If-None-Match, and the page to another', async () => {
    const first = await page(product.product_url);
    const etag = String(first.headers.etag);
    const again = await page(product.product_url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await page(product.product_url, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(html(other)).toContain('Borewell Pump Kestrel');
  });

  it('keys a page by what its render reads: the same list under parameters it ignores or writes otherwise', async () => {
    await page('/productlist?q=kestrel&sort=relevance');
    for (const url of ['/productlist?q=kestrel', '/productlist?keyword=%20kestrel%20&utm_source=mail&x=1']) {
      const response = await page(url);
      expect(response.headers['x-page-cache'], url).toBe('hit');
    }
    const identity = await app.inject({ method: 'GET', url: '/productlist?q=kestrel' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(identity.body).toContain('Borewell Pump Kestrel');
  });

  it('shows a price edit after the outbox marks the page stale: once stale, then rendered again', async () => {
    const list = '/productlist?keyword=kestrel';
    await page(list);
    await page(product.product_url);
    const update = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: inStockProduct(refs, {
        name: 'Borewell Pump Kestrel',
        order_quantity: [
          { min: 1, max: 9, per_unit: 9876 },
          { min: 10, max: 49, per_unit: 9870 },
        ],
      }),
    });
    expect(update.statusCode).toBe(200);
    for (const url of [product.product_url, list]) {
      const stale = await page(url);
      expect(stale.headers['x-page-cache'], url).toBe('stale');
      await refreshed(app);
      const fresh = await page(url);
      expect(fresh.headers['x-page-cache'], url).toBe('hit');
      expect(html(fresh), url).toMatch(/9,?870/);
      expect(fresh.headers.etag).not.toBe(stale.headers.etag);
    }
  });

  it('goes stale on the home page when a supplier its directory shows is reviewed or verified (decision 066)', async () => {
    /** The home page as a visitor gets it once every change so far is on it: served again from the cache. */
    const freshHome = async () => {
      await refreshed(app);
      const response = await page('/');
      expect(response.headers['x-page-cache']).toBe('hit');
      return html(response);
    };
    const staleHome = async () => expect((await page('/')).headers['x-page-cache']).toBe('stale');
    await page('/');
    const before = await freshHome();
    expect(before).toContain('Cache Pumps Ltd');
    expect(before).not.toContain('1 review');
    expect(before).not.toContain('data-testid="supplier-verified"');

    // A quote request changes the card's response figures, which wait for the page's time to live (decision 067).
    const buyer = await signUp(app, 'buyer', { full_name: 'Home Reviewer' });
    const enquiryId = await submitEnquiry(app, buyer, seller, { id: product.id, name: 'Borewell Pump Kestrel' });
    expect((await page('/')).headers['x-page-cache']).toBe('hit');

    const review = await as(app, buyer, {
      method: 'POST',
      url: '/api/v1/front/reviews/create',
      payload: { enquiry_id: enquiryId, rating: 5, text: 'Quick to answer, and the pump ran from the first day.' },
    });
    expect(review.statusCode).toBe(201);
    await staleHome();
    expect(await freshHome()).toContain('1 review');

    const verified = await as(app, await operatorOf(app), {
      method: 'POST',
      url: '/api/v1/operator/sellers/member_type',
      payload: { company_id: seller.companyId, member_type: 'Verified Supplier' },
    });
    expect(verified.statusCode).toBe(200);
    await staleHome();
    expect(await freshHome()).toContain('data-testid="supplier-verified"');
  });
});

describe('category and site pages (decision 051)', () => {
  it('caches a category page under its path and list state, and marks it stale when a product changes', async () => {
    const detail = (await app.inject({ method: 'GET', url: `/api/v1/front/product/detail/${product.id}` })).json();
    const slug: string = detail.data.product.categories[0].slug;
    const url = `/category/${slug}?sort=price_asc&utm_source=mail`;
    const first = await page(url);
    expect(first.statusCode).toBe(200);
    expect(html(first)).toContain('Borewell Pump Kestrel');
    const second = await page(`/category/${slug}?utm_campaign=x&sort=price_asc&categories=1`);
    expect(second.headers['x-page-cache']).toBe('hit');
    const unknown = await page('/category/no-such-category-anywhere');
    expect(unknown.statusCode).toBe(404);
    expect((await page('/category/no-such-category-anywhere')).headers['x-page-cache']).not.toBe('hit');
    const update = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: inStockProduct(refs, { name: 'Borewell Pump Kestrel Mk2' }),
    });
    expect(update.statusCode).toBe(200);
    expect((await page(url)).headers['x-page-cache']).toBe('stale');
    await refreshed(app);
    expect(html(await page(url))).toContain('Borewell Pump Kestrel Mk2');
  });

  it('caches a site page whatever its parameters, and shows the operator’s edit once the outbox marks it', async () => {
    const operator = await operatorOf(app);
    const first = await page('/page/help?currency=3');
    expect(first.statusCode).toBe(200);
    expect((await page('/page/help')).headers['x-page-cache']).toBe('hit');
    const saved = await as(app, operator, {
      method: 'PUT',
      url: '/api/v1/operator/site_pages/help',
      payload: { title: 'Help centre', description: 'Answers.', content: '<p>Ask the Kestrel desk.</p>' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await page('/page/help')).headers['x-page-cache']).toBe('stale');
    await refreshed(app);
    const fresh = await page('/page/help');
    expect(fresh.headers['x-page-cache']).toBe('hit');
    expect(html(fresh)).toContain('Ask the Kestrel desk.');
  });
});

describe('addresses the web app has no page for (issue 42)', () => {
  it('answer 404 with the app, which shows its "not found" page; the app’s own pages answer 200', async () => {
    for (const url of ['/no-such-page', '/crm/no-such-thing/at/all', '/productlist/extra']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of ['/dashboard', '/user/signin', '/questionnaire', '/home', '/crm/kanban']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('what a page counts', () => {
  it('counts an ad impression for every view of a cached list page, not for bots', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/ads/create',
      payload: {
        ad_type: 'both',
        title_1: 'kestrel',
        title_2: null,
        product_ids: [product.id],
        start_date: today,
        end_date: today,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const adId: number = created.json().data.id;
    const impressions = async () =>
      (await as(app, seller, { method: 'GET', url: `/api/v1/ads/getdetails/${adId}` })).json().data
        .impressions as number;
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' };
    const url = '/productlist?q=kestrel&view=list';
    expect((await page(url, browser)).headers['x-page-cache']).toBe('miss');
    expect(await impressions()).toBe(1);
    expect((await page(url, browser)).headers['x-page-cache']).toBe('hit');
    expect((await page(url, browser)).headers['x-page-cache']).toBe('hit');
    expect(await impressions()).toBe(3);
    await page(url, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(await impressions()).toBe(3);
  });
});

describe('a session never shares a page', () => {
  const signedIn = (user: TestUser) => ({ cookie: `sessionId=s-1234567890; token=${user.token}` });

  it('a signed-in request neither fills nor reads the anonymous entry', async () => {
    const url = `${product.product_url}?currency=2`;
    const mine = await page(url, signedIn(seller));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['x-page-cache']).toBeUndefined();
    expect(html(mine)).not.toContain('tl-served-page');
    // Not filled by the signed-in request: the first anonymous visitor renders it.
    const anonymous = await page(url);
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    expect(html(anonymous)).toContain('tl-served-page');
    // Not read by a signed-in request either, now that it is there.
    const again = await page(url, signedIn(seller));
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(again.headers['x-page-cache']).toBeUndefined();
    expect(html(again)).not.toContain('Borewell Pump Kestrel</h1>');
    expect((await page(url)).headers['x-page-cache']).toBe('hit');
  });

  it('after a seller opens their own product page, a visitor gets the anonymous page, and the reverse', async () => {
    const url = `${product.product_url}?currency=3`;
    await page(url, signedIn(seller));
    const visitor = await page(url);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    const body = html(visitor);
    expect(body).toContain('Borewell Pump Kestrel');
    // The anonymous page holds no session: no token, no user, nothing of the seller's own view.
    expect(body).not.toContain(seller.token);
    expect(body).not.toContain(seller.email);
    expect(body).not.toMatch(/"wishlisted":true/);
    const sellerAgain = await page(url, signedIn(seller));
    expect(sellerAgain.headers['cache-control']).toBe('private, no-store');
    expect(html(sellerAgain)).not.toContain('tl-served-page');
  });

  it('a sign-in link (?autologin=) is never served a cached page', async () => {
    const response = await page(`${product.product_url}?autologin=abc`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-page-cache']).toBeUndefined();
  });
});

describe('bad input', () => {
  it('never answers 500 and never stores more than the cache holds', async () => {
    const long = 'pump'.repeat(2_500); // 10 KB
    const many = Array.from({ length: 3_000 }, (_, index) => `p${index}=${index}`).join('&');
    const filters = Array.from({ length: 500 }, () => 'categories=1').join('&');
    const urls = [
      `/productlist?keyword=${long}`,
      `/productlist?keyword=${long}x`,
      `/productlist?${many}`,
      `/productlist?${filters}`,
      '/productlist?keyword=%FF%FE%C3%28',
      '/productlist?keyword=%E0%A4%A',
      `${product.product_url}?search_keyword=%FF${long}`,
      '/productdetail/%FF%FE',
      '/mini-site/%C3%28',
      '/blog?page=99999999999999999999&category=%00',
    ];
    for (const url of urls) {
      const response = await page(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // The two 10 KB keywords read as the same first 100 characters: one page.
    expect((await page(`/productlist?keyword=${long}y`)).headers['x-page-cache']).toBe('hit');
    expect(app.pageCache!.store.bytes()).toBeLessThanOrEqual(20_000_000);
  });
});

describe.skipIf(!REDIS_URL)('two instances sharing one Redis (TEST_REDIS_URL)', () => {
  it('a price edit on one is seen on the page the other serves from the cache', async () => {
    const key = `tradeloop-test-${randomBytes(4).toString('hex')}`;
    const env = { DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', REDIS_URL: REDIS_URL!, WEB_DIST };
    // A database of their own, which no other instance delivers events from (JOB_CONCURRENCY=0 for its owner).
    const base = await createTestApp({ JOB_CONCURRENCY: '0' });
    const one = await buildApp(loadConfig(env), { database: base.database, pageCacheKey: key });
    const two = await buildApp(loadConfig(env), { database: base.database, pageCacheKey: key });
    try {
      await one.ready();
      await two.ready();
      const theirRefs = await loadRefs(one);
      const owner = await sellerOf(one, { name: 'Shared Pumps Ltd', type: 'Manufacturers', country: 'IN' });
      const made = await createProductAs(one, owner, inStockProduct(theirRefs, { name: 'Shared Pump Heron' }));
      const detail = await one.inject({ method: 'GET', url: `/api/v1/front/product/detail/${made.id}` });
      const productUrl: string = detail.json().data.product.product_url;
      const get = (server: FastifyInstance, url: string) =>
        server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      const url = productUrl;
      // The sign-up's and the product's own events invalidate its tags when delivered: let them land
      // first, or one of them marks the page stale between the two reads (CI's PostgreSQL run, stop 54).
      await settled(one);
      const first = await get(two, url);
      expect(first.headers['x-page-cache']).toBe('miss');
      // Rendered by one instance, served from Redis by the other.
      expect((await get(one, url)).headers['x-page-cache']).toBe('hit');
      const update = await as(one, owner, {
        method: 'POST',
        url: `/api/v1/product/update/${made.id}`,
        payload: inStockProduct(theirRefs, {
          name: 'Shared Pump Heron',
          order_quantity: [
            { min: 1, max: 9, per_unit: 5555 },
            { min: 10, max: 49, per_unit: 5432 },
          ],
        }),
      });
      expect(update.statusCode).toBe(200);
      const seen = await eventually(
        async () => {
          await refreshed(two);
          return html(await get(two, url));
        },
        (body) => /5,?432/.test(body),
      );
      expect(seen).toMatch(/5,?432/);
    } finally {
      await one.close();
      await two.close();
      await base.close();
    }
  });
});
