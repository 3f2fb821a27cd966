import { describe, expect, it } from 'vitest';
import { productSearchBodySchema, type ProductSearchInput } from '@tradeloop/contracts/market';
import { parseDocument, SearchIndex, type IndexedListing } from './search-index.ts';
import type { SearchRequest } from './search-query.ts';

/** The index alone, without a database: growing past its first capacity, and compacting after many removals. */

const NOUNS = ['pump', 'valve', 'motor', 'cable'];

function listing(productId: number, edition = 0): IndexedListing {
  const noun = NOUNS[(productId + edition) % NOUNS.length];
  return {
    productId,
    companyId: 1 + (productId % 7),
    sellerUserId: 100 + (productId % 7),
    companyName: `Company ${productId % 7}`,
    companySlug: `company-${productId % 7}`,
    brandId: 1 + (productId % 5),
    brandName: `Brand ${productId % 5}`,
    categoryIds: [1 + (productId % 3), 10 + (productId % 9)],
    businessType: productId % 3 ? 'Manufacturers' : 'Distributors',
    annualRevenue: null,
    condition: productId % 4 ? 'Brand New' : 'Used',
    priceType: 'quantity',
    availability: 'in_stock',
    manufacturerYear: 2015 + (productId % 10),
    memberType: 'Standard Member',
    countryCode: productId % 3 ? 'IN' : null,
    planType: 'Free',
    priceMinUsd: productId % 11 ? 10 + ((productId * 37) % 5000) : null,
    createdAt: 1_700_000_000_000 + productId * 1000,
    hasImage: false,
    // Weights differ from listing to listing, so relevance orders them.
    lexemes: parseDocument(`'${noun}':1A '${noun}s':4 'steel':2${'ABCD'[productId % 4]} 'p${productId}':3C`),
  };
}

function request(
  input: ProductSearchInput,
  groups: SearchRequest['plan']['groups'] = null,
  companyIds: number[] | null = null,
): SearchRequest {
  const body = productSearchBodySchema.parse({ per_page: 50, ...input });
  return {
    body,
    plan: { groups, query: null, anyQuery: null, corrected: null, terms: [], words: [] },
    anyGroup: false,
    usdBounds: { min: body.price_range?.min ?? null, max: body.price_range?.max ?? null },
    categoryIds: [1, 2, 3],
    companyIds,
  };
}

const SEARCHES: [ProductSearchInput, SearchRequest['plan']['groups']][] = [
  [{}, null],
  [{}, [[{ lexeme: 'steel', prefix: false }]]],
  [{ sort: 'price_asc' }, [[{ lexeme: 'pump', prefix: false }]]],
  [{ business_type: ['Manufacturers'], condition: ['Used'] }, [[{ lexeme: 'valv', prefix: true }]]],
  [{ price_range: { min: 100, max: 2000 }, sort: 'newest', page: 3 }, [[{ lexeme: 'steel', prefix: false }]]],
  [{ categories: [2], brand: [3, 4], sort: 'price_desc' }, null],
  [{ manufacturer_year: [2019, 2020] }, [[{ lexeme: 'motor', prefix: false }], [{ lexeme: 'p1', prefix: true }]]],
];

function answers(index: SearchIndex) {
  return SEARCHES.map(([input, groups]) => {
    const { companies: _companies, ...row } = index.search(request(input, groups), new Map());
    return row;
  });
}

describe('SearchIndex', () => {
  it('answers alike after growing, many rewrites and removals (compacted) as when built afresh', () => {
    const changed = new SearchIndex();
    for (let id = 1; id <= 3000; id += 1) changed.upsert(listing(id));
    // Rewrite a third, remove another third: enough dead slots to compact more than once.
    for (let id = 1; id <= 1000; id += 1) changed.upsert(listing(id, 1));
    for (let id = 2001; id <= 3000; id += 1) changed.remove(id);
    const fresh = new SearchIndex();
    for (let id = 1; id <= 2000; id += 1) fresh.upsert(listing(id, id <= 1000 ? 1 : 0));
    expect(changed.size).toBe(2000);
    expect(changed.has(2500)).toBe(false);
    expect(answers(changed)).toEqual(answers(fresh));
    expect(answers(fresh)[0].total).toBe(2000);
  });

  it('keeps only the listings of the companies given (the rating filter), with their facets', () => {
    const index = new SearchIndex();
    for (let id = 1; id <= 40; id += 1) index.upsert(listing(id));
    const all = [...Array(40).keys()].map((i) => listing(i + 1));
    const row = index.search(request({ sort: 'newest' }, null, [2, 5, 99]), new Map());
    const kept = all.filter((l) => l.companyId === 2 || l.companyId === 5);
    expect(row.total).toBe(kept.length);
    expect(row.page_ids.sort((a, b) => a - b)).toEqual(kept.map((l) => l.productId));
    expect(
      row.grouped
        .filter((entry) => entry.k === 'company_id')
        .map((entry) => entry.v)
        .sort(),
    ).toEqual(['2', '5']);
    expect(index.search(request({}, null, []), new Map()).total).toBe(0);
  });

  it('counts a chosen facet without its own filter, and the others with every filter', () => {
    const index = new SearchIndex();
    for (let id = 1; id <= 40; id += 1) index.upsert(listing(id));
    const row = index.search(request({ business_type: ['Manufacturers'], condition: ['Used'] }), new Map());
    const all = [...Array(40).keys()].map((i) => listing(i + 1));
    const count = (keep: (l: IndexedListing) => boolean) => all.filter(keep).length;
    const manufacturer = (l: IndexedListing) => l.businessType === 'Manufacturers';
    const used = (l: IndexedListing) => l.condition === 'Used';
    expect(row.total).toBe(count((l) => manufacturer(l) && used(l)));
    expect(row.own.business_type).toEqual(
      expect.arrayContaining([
        { k: 'business_type', v: 'Distributors', label: null, n: count((l) => !manufacturer(l) && used(l)) },
      ]),
    );
    expect(row.own.condition).toEqual(
      expect.arrayContaining([
        { k: 'condition', v: 'Brand New', label: null, n: count((l) => manufacturer(l) && !used(l)) },
      ]),
    );
  });
});
