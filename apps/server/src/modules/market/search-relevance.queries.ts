import type { ProductSearchInput } from '@tradeloop/contracts/market';

/**
 * Fifty representative marketplace searches on the demo data (docs/decisions/056): keywords,
 * misspellings, a last word still being typed, the "any word" fallback, each of the twelve filter
 * keys, the sorts and paging. search-relevance.test.ts runs them and compares the top ten product
 * ids and every facet's counts with search-relevance.fixture.json, recorded from the in-process index
 * before PostgreSQL became the one search engine.
 *
 * Ids of categories, brands and sellers, and manufacturing years (the demo data counts them back from
 * the current year), are looked up on the demo data when the test runs.
 */
export type DemoRefs = {
  category: (name: string) => number;
  brand: (name: string) => number;
  /** The user id of the demo seller with most listings. */
  busiestSeller: number;
  /** The current year minus `yearsAgo`. */
  year: (yearsAgo: number) => number;
  eur: number;
};

export type RelevanceQuery = { name: string; input: (refs: DemoRefs) => ProductSearchInput };

const q = (name: string, input: ProductSearchInput | ((refs: DemoRefs) => ProductSearchInput)): RelevanceQuery => ({
  name,
  input: typeof input === 'function' ? input : () => input,
});

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Browsing, no keyword
  q('everything, newest first by default', {}),
  q('everything, second page', { page: 2 }),
  q('everything, 50 a page, page 3', { per_page: 50, page: 3 }),
  q('everything, price ascending', { sort: 'price_asc' }),
  q('everything, price descending', { sort: 'price_desc' }),
  q('everything, newest', { sort: 'newest' }),
  // Keywords
  q('one word', { keyword: 'pump' }),
  q('a plural', { keyword: 'pumps' }),
  q('two words', { keyword: 'centrifugal pump' }),
  q('a brand', { keyword: 'Grundfos' }),
  q('a brand of two words', { keyword: 'tata steel' }),
  q('a qualifier in names and descriptions', { keyword: 'heavy duty' }),
  q('a word of descriptions only', { keyword: 'inspection' }),
  q('a model code', { keyword: 'SKF-1200' }),
  q('mixed case and punctuation', { keyword: '  LED, Flood-Lights!! ' }),
  q('three words', { keyword: 'stainless steel valve' }),
  q('a stop word only', { keyword: 'the' }),
  q('a word nothing has', { keyword: 'zeppelin' }),
  q('digits', { keyword: '2000' }),
  // Misspellings
  q('one letter missing', { keyword: 'centrifgal pump' }),
  q('letters swapped', { keyword: 'trasnformer' }),
  q('a misspelt brand', { keyword: 'siemns' }),
  q('a misspelt word and a right one', { keyword: 'galvanisd pipe' }),
  // The last word still being typed
  q('a prefix', { keyword: 'compres' }),
  q('a word and a prefix', { keyword: 'diesel gen' }),
  q('a short prefix', { keyword: 'ex' }),
  q('a prefix, price ascending', { keyword: 'polye', sort: 'price_asc' }),
  // The "any word" fallback
  q('no product has both words', { keyword: 'tractor cement' }),
  q('one known word, one unknown', { keyword: 'forklift qwxzv' }),
  // Each filter key
  q('categories: a top category', (r) => ({ categories: [r.category('Industrial Machinery')] })),
  q('categories: a leaf and a sub-category', (r) => ({
    categories: [r.category('Centrifugal Pumps'), r.category('Compressors')],
  })),
  q('price range in dollars', { price_range: { min: 500, max: 5000 } }),
  q('price range in euros', (r) => ({ price_range: { min: 1000 }, currency: r.eur })),
  q('brand', (r) => ({ brand: [r.brand('Siemens'), r.brand('ABB')] })),
  q('business type', { business_type: ['Manufacturers', 'Wholesalers'] }),
  q('annual revenue', { annual_revenue: ['US$10 – 50 million'] }),
  q('condition', { condition: ['Used', 'Refurbished'] }),
  q('price type', { price_type: ['fixed'] }),
  q('availability', { product_availability: ['by_order'] }),
  q('manufacturing year', (r) => ({ manufacturer_year: [r.year(0), r.year(3)] })),
  q('member type', { member_type: ['Verified Supplier'] }),
  q('country', { search_by_country: ['IN', 'DE', 'CN'] }),
  q('plan type', { plan_type: ['Gold', 'Platinum'] }),
  // Combinations
  q('keyword and three filters', (r) => ({
    keyword: 'pump',
    categories: [r.category('Industrial Machinery')],
    condition: ['Brand New'],
    price_range: { max: 2000 },
  })),
  q('keyword, country and availability, price descending', {
    keyword: 'steel',
    search_by_country: ['IN', 'CN', 'JP'],
    product_availability: ['in_stock'],
    sort: 'price_desc',
  }),
  q('a seller’s shop', (r) => ({ seller_id: r.busiestSeller })),
  q('a seller’s shop with a keyword', (r) => ({ seller_id: r.busiestSeller, keyword: 'premium' })),
  q('keyword, newest, page 2 of 5 a page', { keyword: 'industrial', sort: 'newest', per_page: 5, page: 2 }),
  q('a page past the end', { keyword: 'pump', page: 40 }),
  q('filters nothing passes', (r) => ({ keyword: 'rice', brand: [r.brand('Siemens')] })),
];
