import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_TYPES,
  productSearchBodySchema,
  productSearchResultSchema,
  type FilterKey,
  type ProductSearchInput,
} from '@tradeloop/contracts/market';
import { as, createTestApp, type TestUser } from '../../../test/helpers.ts';
import { byOrderProduct, createProductAs, inStockProduct, loadRefs, type Refs } from '../catalog/test-support.ts';
import { idsOf, operatorOf, search, sellerOf, setStatus } from './test-support.ts';

/**
 * Three sellers, seven products (two never public). Every filter key is checked against the
 * products this table says it should find.
 */
let app: FastifyInstance;
let refs: Refs;
let eur: number;
let topCategory: number;
const p: Record<string, number> = {};
let sellers: Record<'india' | 'germany' | 'usa', TestUser>;

async function leafCategories() {
  const all = (await app.inject({ method: 'GET', url: '/api/v1/category/all' })).json().data as {
    id: number;
    depth: number;
    parent_id: number | null;
  }[];
  const byId = new Map(all.map((row) => [row.id, row]));
  const leaves = all.filter((row) => row.depth === 2);
  const topOf = (id: number) => byId.get(byId.get(id)!.parent_id!)!.parent_id!;
  return { leaves, topOf };
}

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  const currencies = (await app.inject({ method: 'GET', url: '/api/v1/currency' })).json().data;
  eur = currencies.find((currency: { code: string }) => currency.code === 'EUR').id;
  const { leaves, topOf } = await leafCategories();
  const thirdCategory = leaves[Math.floor(leaves.length / 2)].id;
  topCategory = topOf(refs.categoryId);
  sellers = {
    india: await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' }),
    germany: await sellerOf(app, { name: 'Rhein Valves', type: 'Distributors', country: 'DE', plan: 'Gold' }),
    usa: await sellerOf(app, { name: 'Ohio Controls', type: 'Retailers', country: 'US' }),
  };
  await as(app, sellers.india, {
    method: 'POST',
    url: '/api/v1/market/seller_profile',
    payload: { annual_revenue: 'US$10 – 50 million' },
  });
  await as(app, sellers.germany, {
    method: 'POST',
    url: '/api/v1/market/seller_profile',
    payload: { annual_revenue: 'Below US$1 million' },
  });
  const operator = await operatorOf(app);
  await as(app, operator, {
    method: 'POST',
    url: '/api/v1/operator/sellers/member_type',
    payload: { company_id: sellers.india.companyId, member_type: 'Verified Supplier' },
  });

  const create = async (seller: TestUser, body: Record<string, unknown>) =>
    (await createProductAs(app, seller, body)).id;
  p.centrifugal = await create(sellers.india, inStockProduct(refs, { manufacturer_year: 2025 }));
  p.borewell = await create(
    sellers.india,
    byOrderProduct(refs, { name: 'Submersible Borewell Pump', unit_price: 12500 }),
  );
  p.ballValve = await create(
    sellers.germany,
    inStockProduct(refs, {
      name: 'Stainless Ball Valve',
      pre_title_name: null,
      description: 'Two-piece stainless steel ball valve, full bore.',
      brand_id: refs.otherBrandId,
      category_lists: [refs.otherCategoryId],
      condition: 'Used',
      manufacturer_year: 2019,
      price_type: 'fixed',
      order_quantity: undefined,
      qty_unit: undefined,
      qty_currency: undefined,
      currency_id: eur,
      unit_price: 800,
      current_stock: 40,
      unit: refs.unitId,
    }),
  );
  p.gateValve = await create(
    sellers.germany,
    inStockProduct(refs, {
      name: 'Gate Valve Cast Iron',
      pre_title_name: null,
      description: 'Rising stem gate valve for water lines.',
      brand_id: refs.otherBrandId,
      category_lists: [refs.otherCategoryId],
      condition: 'Refurbished',
      manufacturer_year: 2021,
      qty_currency: eur,
      order_quantity: [{ min: 10, max: 100, per_unit: 60 }],
    }),
  );
  p.controller = await create(
    sellers.usa,
    inStockProduct(refs, {
      name: 'Industrial Pump Controller',
      pre_title_name: null,
      description: 'Digital controller for pump stations.',
      brand_id: refs.otherBrandId,
      category_lists: [thirdCategory],
      manufacturer_year: 2023,
      order_quantity: [{ min: 1, max: 10, per_unit: 2000 }],
    }),
  );
  p.hidden = await create(sellers.usa, inStockProduct(refs, { name: 'Hidden Pump Prototype' }));
  await setStatus(app, sellers.usa, p.hidden, 'inactive');
  p.deleted = await create(sellers.india, inStockProduct(refs, { name: 'Deleted Pump' }));
  await as(app, sellers.india, { method: 'POST', url: '/api/v1/product/delete', payload: { id: p.deleted } });
});
afterAll(() => app.close());

const ids = (...names: string[]) => names.map((name) => p[name]).sort((a, b) => a - b);

describe('POST /api/v1/front/product/list', () => {
  it('lists every public product and never an inactive or deleted one', async () => {
    const result = await search(app, { per_page: 50 });
    expect(idsOf(result)).toEqual(ids('centrifugal', 'borewell', 'ballValve', 'gateValve', 'controller'));
    expect(result.total).toBe(5);
    expect(result.facets.map((facet) => facet.key)).toEqual([
      'categories',
      'price_range',
      'brand',
      'business_type',
      'annual_revenue',
      'condition',
      'price_type',
      'product_availability',
      'manufacturer_year',
      'member_type',
      'search_by_country',
      'plan_type',
    ]);
    expect(result.facets.every((facet) => facet.visible)).toBe(true);
    expect(result.facets.find((facet) => facet.key === 'price_range')!.range).toMatchObject({ min: 500, max: 50000 });
  });

  const cases: [FilterKey, () => ProductSearchInput, string[]][] = [
    ['categories', () => ({ categories: [refs.otherCategoryId] }), ['ballValve', 'gateValve']],
    ['categories', () => ({ categories: [topCategory] }), ['centrifugal', 'borewell']],
    // USD: 395 (no), 12,500 (no), 800 EUR ≈ 869.57 (yes), 60 EUR (no), 2,000 (yes)
    ['price_range', () => ({ price_range: { min: 500, max: 5000 } }), ['ballValve', 'controller']],
    ['brand', () => ({ brand: [refs.otherBrandId] }), ['ballValve', 'gateValve', 'controller']],
    ['business_type', () => ({ business_type: ['Distributors'] }), ['ballValve', 'gateValve']],
    ['annual_revenue', () => ({ annual_revenue: ['US$10 – 50 million'] }), ['centrifugal', 'borewell']],
    ['condition', () => ({ condition: ['Used'] }), ['ballValve']],
    ['price_type', () => ({ price_type: ['fixed'] }), ['borewell', 'ballValve']],
    ['product_availability', () => ({ product_availability: ['by_order'] }), ['borewell']],
    ['manufacturer_year', () => ({ manufacturer_year: [2025] }), ['centrifugal']],
    ['member_type', () => ({ member_type: ['Verified Supplier'] }), ['centrifugal', 'borewell']],
    ['search_by_country', () => ({ search_by_country: ['DE'] }), ['ballValve', 'gateValve']],
    ['plan_type', () => ({ plan_type: ['Gold'] }), ['ballValve', 'gateValve']],
  ];
  it.each(cases)('filters by %s alone', async (_key, body, expected) => {
    expect(idsOf(await search(app, { ...body(), per_page: 50 }))).toEqual(ids(...expected));
  });

  it('takes several values of one filter as alternatives and combines filters', async () => {
    const either = await search(app, { business_type: ['Manufacturers', 'Retailers'], per_page: 50 });
    expect(idsOf(either)).toEqual(ids('centrifugal', 'borewell', 'controller'));
    const combined = await search(app, {
      business_type: ['Manufacturers', 'Retailers'],
      condition: ['Brand New'],
      product_availability: ['in_stock'],
      keyword: 'pump',
      per_page: 50,
    });
    expect(idsOf(combined)).toEqual(ids('centrifugal', 'controller'));
    const none = await search(app, { business_type: ['Distributors'], search_by_country: ['IN'] });
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
  });

  it('counts every facet option as the products it would show with the other filters', async () => {
    const filters: ProductSearchInput = {
      keyword: 'valve pump',
      condition: ['Brand New', 'Used'],
      price_range: { min: 100 },
    };
    const result = await search(app, { ...filters, per_page: 50 });
    for (const facet of result.facets) {
      if (facet.key === 'price_range') continue;
      for (const option of facet.options) {
        const narrowed = await search(app, { ...filters, [facet.key]: [option.value], per_page: 50 });
        expect(option.count, `${facet.key} = ${option.value}`).toBe(narrowed.total);
      }
    }
    const business = result.facets.find((facet) => facet.key === 'business_type')!;
    expect(business.options.reduce((sum, option) => sum + option.count, 0)).toBe(result.total);
    const condition = result.facets.find((facet) => facet.key === 'condition')!;
    expect(
      condition.options
        .filter((option) => option.selected)
        .map((option) => option.value)
        .sort(),
    ).toEqual(['Brand New', 'Used']);
  });

  it('pages by 10 by default and splits the results without overlap', async () => {
    const first = await search(app, {});
    expect(first.perPage).toBe(10);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(await search(app, { per_page: 2, page, sort: 'newest' }));
    expect(pages.map((result) => result.lastPage)).toEqual([3, 3, 3]);
    expect(pages.map((result) => result.currentPage)).toEqual([1, 2, 3]);
    expect(pages.map((result) => result.data.length)).toEqual([2, 2, 1]);
    const all = pages.flatMap((result) => result.data.map((product) => product.id));
    expect(new Set(all).size).toBe(5);
    expect(all[0]).toBe(p.controller);
    expect((await search(app, { per_page: 2, page: 9 })).data).toEqual([]);
  });

  it('sorts by price in either direction, whatever the currency', async () => {
    const ascending = await search(app, { sort: 'price_asc', per_page: 50 });
    expect(ascending.data.map((product) => product.id)).toEqual([
      p.gateValve,
      p.centrifugal,
      p.ballValve,
      p.controller,
      p.borewell,
    ]);
    const descending = await search(app, { sort: 'price_desc', per_page: 50 });
    expect(descending.data.map((product) => product.id)).toEqual(ascending.data.map((product) => product.id).reverse());
  });

  it('forgives typos, suggests the correction and matches the last word as a prefix', async () => {
    const typo = await search(app, { keyword: 'centrifgal pump' });
    // Both are in the Centrifugal Pumps category, which is searched too.
    expect(idsOf(typo)).toEqual(ids('centrifugal', 'borewell'));
    expect(typo.keywords).toMatchObject({ query: 'centrifgal pump', corrected: 'centrifugal pump' });
    // No product has both words: the ones with either are shown rather than nothing.
    const either = await search(app, { keyword: 'borewell valve' });
    expect(idsOf(either)).toEqual(ids('borewell', 'ballValve', 'gateValve'));
    const prefix = await search(app, { keyword: 'stainl' });
    expect(idsOf(prefix)).toEqual(ids('borewell', 'ballValve')); // "stainless" in a name or a description
    const unknown = await search(app, { keyword: 'zzzzqqq' });
    expect(unknown.total).toBe(0);
  });

  it('answers the spec list fields: suppliers, panels and keywords', async () => {
    const result = await search(app, { keyword: 'valve' });
    // The route writes its answer as built (serializeAsBuilt): the contract is checked here.
    expect(productSearchResultSchema.safeParse(result).error).toBeUndefined();
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'data',
        'big_post',
        'currentPage',
        'total',
        'manufacturers_suppliers',
        'lastPage',
        'keywords',
        'related_liked_products',
        'most_searches_products',
      ]),
    );
    expect(result.manufacturers_suppliers).toEqual([
      expect.objectContaining({
        id: sellers.germany.companyId,
        products: 2,
        business_type: 'Distributors',
        country: 'DE',
      }),
    ]);
    const product = result.data[0];
    expect(product.product_url).toMatch(new RegExp(`^/productdetail/[^/]+/rhein-valves/${product.slug}$`));
    expect(product.shop_name).toBe('Rhein Valves');
    expect(product.company_details).toMatchObject({ slug: 'rhein-valves', country_name: 'Germany' });
  });

  it('refuses a client mistake with 422, never 500', async () => {
    for (const body of [
      { per_page: 0 },
      { page: 'first' },
      { business_type: ['Pirates'] },
      { price_range: { min: 900, max: 100 } },
      { keyword: 'x'.repeat(101) },
      { search_by_country: ['Germany'] },
      { page: -1 },
      { page: 0 },
      { page: 1001 },
      { page: 1e300 },
      { per_page: 1e9 },
      { brand: Array.from({ length: 5000 }, (_, index) => index + 1) },
      { plan_type: Array.from({ length: 3000 }, (_, index) => `plan ${index}`) },
      { price_range: { min: -5 } },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/front/product/list', payload: body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(422);
    }
  });

  it('answers keywords of any alphabet, length and punctuation with a page, maybe empty', async () => {
    const keywords = [
      'x'.repeat(100),
      'ポンプ バルブ',
      'насос клапан',
      'مضخة صمام',
      '🚰💧 pump',
      "pump & valve | !steel :* (ball) 'x' <-> \\",
      'a:*b & | ! ( ) < > - _ + = % $ # @',
      '   ',
      '\u200b\u202e pump',
      Array.from({ length: 50 }, (_, index) => `w${index}`)
        .join(' ')
        .slice(0, 100),
      'ab'.repeat(50),
    ];
    for (const keyword of keywords) {
      for (const page of [1, 1000]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/front/product/list',
          payload: { keyword, page, brand: Array.from({ length: 30 }, (_, index) => index + 1) },
        });
        expect(response.statusCode, `${keyword} page ${page}: ${response.body.slice(0, 200)}`).toBe(200);
        if (page === 1000) expect(response.json().data.data).toEqual([]);
      }
    }
  });

  it('answers ids no row could have with an empty page', async () => {
    const huge = Number.MAX_SAFE_INTEGER;
    for (const body of [{ categories: [2 ** 31, huge] }, { brand: [2 ** 31, huge] }, { seller_id: huge }]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/front/product/list', payload: body });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.json().data.total).toBe(0);
    }
  });
});

describe('PostgreSQL as the one search engine (docs/decisions/056)', () => {
  const bodies = (): ProductSearchInput[] => [
    {},
    { keyword: 'pump' },
    { keyword: 'valve pump', condition: ['Brand New', 'Used'], price_range: { min: 100 } },
    { keyword: 'centrifgal pump' },
    { keyword: 'borewell valve' },
    { keyword: 'stainl', sort: 'price_desc' },
    { keyword: 'the' },
    { categories: [topCategory], brand: [refs.otherBrandId], sort: 'newest' },
    { categories: [refs.otherCategoryId], search_by_country: ['DE', 'IN'], price_range: { max: 1000 } },
    { business_type: ['Manufacturers', 'Retailers'], manufacturer_year: [2025, 2023], sort: 'price_asc' },
    { member_type: ['Verified Supplier'], annual_revenue: ['US$10 – 50 million'], plan_type: ['Free', 'Gold'] },
    { product_availability: ['in_stock'], price_type: ['quantity'], currency: eur, price_range: { min: 300 } },
    { seller_id: sellers.germany.id, keyword: 'valve' },
    { per_page: 2, page: 2, sort: 'price_asc' },
  ];

  it('answers every filter, sort and keyword form as the contract describes', async () => {
    for (const input of bodies()) {
      const result = await search(app, input);
      const label = JSON.stringify(input);
      expect(productSearchResultSchema.safeParse(result).error, label).toBeUndefined();
      expect(
        result.facets.map((facet) => facet.key),
        label,
      ).toHaveLength(12);
      expect(result.data.length, label).toBeLessThanOrEqual(productSearchBodySchema.parse(input).per_page);
    }
  });

  it('ranks a word in the name above the same word in the description', async () => {
    const result = await search(app, { keyword: 'valve' });
    expect(result.data.length).toBeGreaterThan(1);
    expect(result.data[0].name).toMatch(/valve/i);
  });

  it('sees a change as soon as it commits', async () => {
    await setStatus(app, sellers.usa, p.controller, 'inactive');
    try {
      expect(idsOf(await search(app, { keyword: 'controller' }))).not.toContain(p.controller);
    } finally {
      await setStatus(app, sellers.usa, p.controller, 'active');
    }
    expect(idsOf(await search(app, { keyword: 'controller' }))).toContain(p.controller);
  });
});

describe('currency conversion', () => {
  it('shows prices in the asked currency at the stored rates, and follows the operator’s update', async () => {
    const inEuro = await search(app, { currency: eur, per_page: 50 });
    const byId = new Map(inEuro.data.map((product) => [product.id, product]));
    expect(inEuro.currency.code).toBe('EUR');
    expect(byId.get(p.centrifugal)!.unit_price).toBe(363.4); // 395 USD × 0.92
    expect(byId.get(p.ballValve)!.unit_price).toBe(800); // already in EUR
    expect(byId.get(p.ballValve)!.original_price).toMatchObject({ min: 800, currency: { code: 'EUR' } });

    const operator = await operatorOf(app);
    const update = await as(app, operator, {
      method: 'POST',
      url: '/api/v1/operator/exchange_rates',
      payload: { rates: [{ code: 'EUR', rate: 0.5 }] },
    });
    expect(update.statusCode).toBe(200);
    const after = await search(app, { currency: eur, per_page: 50 });
    expect(after.data.find((product) => product.id === p.centrifugal)!.unit_price).toBe(197.5);
    // 800 EUR is now 1,600 USD: inside 1,000 to 1,999, where it was not before.
    expect(idsOf(await search(app, { price_range: { min: 1000, max: 1999 } }))).toEqual(ids('ballValve'));
    await as(app, operator, {
      method: 'POST',
      url: '/api/v1/operator/exchange_rates',
      payload: { rates: [{ code: 'EUR', rate: 0.92 }] },
    });
  });

  it('lets only the operator update rates, and checks what it is given', async () => {
    const path = '/api/v1/operator/exchange_rates';
    const seller = await as(app, sellers.india, {
      method: 'POST',
      url: path,
      payload: { rates: [{ code: 'EUR', rate: 1 }] },
    });
    expect(seller.statusCode).toBe(403);
    const operator = await operatorOf(app);
    const unknown = await as(app, operator, {
      method: 'POST',
      url: path,
      payload: { rates: [{ code: 'XYZ', rate: 1 }] },
    });
    expect(unknown.statusCode).toBe(422);
    const negative = await as(app, operator, {
      method: 'POST',
      url: path,
      payload: { rates: [{ code: 'EUR', rate: -1 }] },
    });
    expect(negative.statusCode).toBe(422);
    const rates = (await app.inject({ method: 'GET', url: '/api/v1/front/exchange_rates' })).json().data;
    expect(rates.find((rate: { code: string }) => rate.code === 'USD').rate).toBe(1);
    expect(rates.length).toBe(26);
  });

  it('lists sellers with their member type for the operator, who verifies one', async () => {
    const operator = await operatorOf(app);
    const path = '/api/v1/operator/sellers';
    expect((await as(app, sellers.india, { method: 'GET', url: path })).statusCode).toBe(403);
    const find = async () => {
      const response = await as(app, operator, {
        method: 'GET',
        url: `${path}?search=${encodeURIComponent('Pune Pumps')}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const [before] = (await find()).data;
    expect(before).toMatchObject({ company_id: sellers.india.companyId, company_name: 'Pune Pumps' });
    expect(MEMBER_TYPES).toContain(before.member_type);
    const verify = (memberType: string) =>
      as(app, operator, {
        method: 'POST',
        url: `${path}/member_type`,
        payload: { company_id: sellers.india.companyId, member_type: memberType },
      });
    const other = MEMBER_TYPES.find((type) => type !== before.member_type)!;
    expect((await verify(other)).statusCode).toBe(200);
    try {
      expect((await find()).data[0].member_type).toBe(other);
    } finally {
      await verify(before.member_type);
    }
  });

  it('tells a signed-in user whether they are the operator, and nobody else', async () => {
    const statusOf = async (user?: TestUser) => {
      const options = { method: 'GET' as const, url: '/api/v1/operator/me' };
      const response = user ? await as(app, user, options) : await app.inject(options);
      return response.statusCode === 200 ? response.json().data : response.statusCode;
    };
    expect(await statusOf(await operatorOf(app))).toEqual({ operator: true });
    expect(await statusOf(sellers.india)).toEqual({ operator: false });
    expect(await statusOf()).toBe(401);
  });
});

describe('GET /api/v1/front/filters and suggestions', () => {
  it('lists the twelve filters, visible, with the slider from 500 to 50000', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/front/filters' });
    const data = response.json().data;
    expect(data.filters).toHaveLength(12);
    expect(data.price_range).toEqual({ min: 500, max: 50000 });
    expect(data.per_page).toBe(10);
  });

  it('offers the words and phrases that complete the text, and model codes only when a code is typed', async () => {
    const tools = await sellerOf(app, { name: 'Valley Tools', type: 'Retailers', country: 'JP' });
    await createProductAs(app, tools, inStockProduct(refs, { name: 'Valve Key VAL-1939' }));
    const keywords = async (q: string): Promise<string[]> =>
      (await app.inject({ method: 'GET', url: `/api/v1/front/search/suggestions?q=${encodeURIComponent(q)}` })).json()
        .data.keywords;
    // Earlier searches of this file ("valve pump") may come first, as their counts reach the table.
    const val = await keywords('val');
    expect(val.slice(0, 3)).toContain('valve');
    expect(val.filter((keyword) => /\d/.test(keyword))).toEqual([]);
    expect(await keywords('ball va')).toContain('ball valve');
    expect(await keywords('val-19')).toContain('val-1939');
  });

  it('suggests products for a misspelt prefix', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/front/search/suggestions?q=borewel' });
    expect(response.json().data.products.map((product: { id: number }) => product.id)).toContain(p.borewell);
  });
});

describe('GET /api/v1/product/manufacture/seller_products', () => {
  it('filters sellers by repeated business_type, country_name and category_name', async () => {
    const get = (query: string) =>
      app
        .inject({ method: 'GET', url: `/api/v1/product/manufacture/seller_products?${query}` })
        .then((r) => r.json().data);
    const both = await get('business_type=Manufacturers&business_type=Distributors');
    expect(both.data.map((seller: { id: number }) => seller.id).sort()).toEqual(
      [sellers.india.companyId, sellers.germany.companyId].sort(),
    );
    const german = await get('country_name=Germany&country_name=France');
    expect(german.data).toEqual([expect.objectContaining({ id: sellers.germany.companyId, products: 2 })]);
    expect(german.data[0].top_products).toHaveLength(2);
    const none = await get('country_name=Atlantis');
    expect(none.total).toBe(0);
  });
});
