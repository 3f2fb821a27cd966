import { COMPANY_TYPES } from './auth-constants.ts';
import { AVAILABILITIES, CONDITIONS, PRICE_TYPES } from './catalog-constants.ts';

/** Marketplace constants, messages and product URLs, without zod, for the public pages' bundle (decision 029). */
// ---------------------------------------------------------------------------------------------
// Filters (spec section 3: twelve keys, all visible by default; price slider 500 to 50000)

export const FILTER_KEYS = [
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
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const FILTER_TITLES: Record<FilterKey, string> = {
  categories: 'Categories',
  price_range: 'Price',
  brand: 'Brand',
  business_type: 'Business type',
  annual_revenue: 'Annual revenue',
  condition: 'Condition',
  price_type: 'Pricing',
  product_availability: 'Availability',
  manufacturer_year: 'Manufacturing year',
  member_type: 'Member type',
  search_by_country: 'Supplier country',
  plan_type: 'Plan',
};

/** A seller company's yearly revenue, in bands (ours; the spec names the filter only). */
export const ANNUAL_REVENUE_BANDS = [
  'Below US$1 million',
  'US$1 – 5 million',
  'US$5 – 10 million',
  'US$10 – 50 million',
  'US$50 – 100 million',
  'Above US$100 million',
] as const;
export type AnnualRevenue = (typeof ANNUAL_REVENUE_BANDS)[number];

/** Verified by the platform operator, or not yet. */
export const MEMBER_TYPES = ['Verified Supplier', 'Standard Member'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const DEFAULT_MEMBER_TYPE: MemberType = 'Standard Member';

/** The seller's subscription (users.plan_name); every account starts on Free. */
export const PLAN_TYPES = ['Free', 'Gold', 'Platinum'] as const;

export const MARKET_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const MARKET_SORT_LABELS: Record<MarketSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export const LIST_VIEWS = ['grid', 'list'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export const MARKET_LIMITS = {
  keyword: 100,
  perPageMax: 50,
  pageMax: 1000,
  filterValues: 30,
  suggestions: 8,
  relatedProducts: 8,
  similarSuppliers: 5,
  panels: 6,
  /**
   * A search that matches more listings than this (keyword, seller and category, before the other filters) counts,
   * filters, ranks and pages the first this many in its sort's order, and says so (docs/decisions/069).
   */
  searchWindow: 2500,
} as const;

export const MARKET_MESSAGES = {
  wishlistAdded: 'Added to your wishlist.',
  wishlistRemoved: 'Removed from your wishlist.',
  ratesUpdated: 'Exchange rates updated.',
  unknownCurrency: 'This currency does not exist',
  rateRequired: 'Please enter a rate greater than 0',
  ratesRequired: 'Please send at least one rate',
  operatorOnly: 'Only the platform operator can do this.',
  memberTypeUpdated: 'Member type updated.',
  sellerProfileUpdated: 'Marketplace profile updated.',
  unknownCompany: 'This seller does not exist',
  priceRangeOrder: 'The lowest price must not be above the highest',
  keywordTooLong: `Please search with at most ${MARKET_LIMITS.keyword} characters`,
  searchTimedOut: 'This search took too long. Please try fewer words or filters.',
  /** After the result count when a search matched more than MARKET_LIMITS.searchWindow listings. */
  searchWindowed: `in the first ${MARKET_LIMITS.searchWindow.toLocaleString('en-US')} matches`,
} as const;
export const DEMO_OPERATOR_EMAIL = 'demo.operator@tradeloop.test';

// ---------------------------------------------------------------------------------------------
// Product URLs (spec section 2)

export const PRODUCT_DETAIL_PREFIX = '/productdetail/';

/** A URL segment from a name: spaces become hyphens (spec section 2), the rest is URL-encoded. */
export function urlSegment(name: string): string {
  return encodeURIComponent(name.trim().replace(/\s+/g, '-'));
}

/** /productdetail/{category-or-brand-or-id}/{company-slug-or-shop-name}/{product-slug} */
export function productPath(parts: { category: string | null; brand: string; companySlug: string; slug: string }) {
  const first = urlSegment(parts.category ?? parts.brand);
  return `${PRODUCT_DETAIL_PREFIX}${first}/${urlSegment(parts.companySlug)}/${parts.slug}`;
}

/** The product a /productdetail/… path names: its last segment (an id, a slug or a unique number). */
export function productKeyOf(pathAfterPrefix: string): string | null {
  const segments = pathAfterPrefix.split('/').filter(Boolean);
  if (segments.length === 0 || segments.length > 3) return null;
  try {
    return decodeURIComponent(segments[segments.length - 1]);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Filter values (spec section 3): one rule per key, read by the API's schema and the browser's URL state

export const MANUFACTURER_YEARS = { min: 1900, max: 2100 } as const;
const PLAN_TYPE_MAX = 30;

export type FilterValueRule =
  | { kind: 'id' }
  | { kind: 'year' }
  | { kind: 'oneOf'; values: readonly string[] }
  | { kind: 'country' }
  | { kind: 'text'; max: number };

export const FILTER_VALUE_RULES = {
  categories: { kind: 'id' },
  brand: { kind: 'id' },
  business_type: { kind: 'oneOf', values: COMPANY_TYPES },
  annual_revenue: { kind: 'oneOf', values: ANNUAL_REVENUE_BANDS },
  condition: { kind: 'oneOf', values: CONDITIONS },
  price_type: { kind: 'oneOf', values: PRICE_TYPES },
  product_availability: { kind: 'oneOf', values: AVAILABILITIES },
  manufacturer_year: { kind: 'year' },
  member_type: { kind: 'oneOf', values: MEMBER_TYPES },
  search_by_country: { kind: 'country' },
  plan_type: { kind: 'text', max: PLAN_TYPE_MAX },
} as const satisfies Record<Exclude<FilterKey, 'price_range'>, FilterValueRule>;

/** Whether one value (as a URL carries it) passes its filter's rule. */
export function isFilterValue(rule: FilterValueRule, value: string): boolean {
  const number = Number(value);
  switch (rule.kind) {
    case 'id':
      return Number.isInteger(number) && number > 0;
    case 'year':
      return Number.isInteger(number) && number >= MANUFACTURER_YEARS.min && number <= MANUFACTURER_YEARS.max;
    case 'oneOf':
      return rule.values.includes(value);
    case 'country':
      return /^[A-Za-z]{2}$/.test(value);
    case 'text':
      return value.trim().length > 0 && value.trim().length <= rule.max;
  }
}
