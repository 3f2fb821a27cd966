import type { FilterKey, ProductSearchBody } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import type { KeywordPlan } from './keywords.ts';

/**
 * What a product search asks of the search engine and what it answers (docs/decisions/012 and 056).
 * PostgreSQL answers it (search-sql.ts); an external engine could stand behind the same function.
 */
export type ListingSearch = (
  db: Db,
  request: SearchRequest,
  /**
   * A time limit in milliseconds, where the engine can cancel a search; the most matches a search walks
   * (MARKET_LIMITS.searchWindow unless a test asks for fewer).
   */
  options?: { timeoutMs?: number; window?: number },
) => Promise<SearchRow>;

/** Facet keys counted by grouping over one column, the listing column each reads. */
export const COLUMN_FACETS = {
  brand: 'brand_id',
  business_type: 'business_type',
  annual_revenue: 'annual_revenue',
  condition: 'condition',
  price_type: 'price_type',
  product_availability: 'availability',
  manufacturer_year: 'manufacturer_year',
  member_type: 'member_type',
  search_by_country: 'country_code',
  plan_type: 'plan_type',
} as const satisfies Partial<Record<FilterKey, string>>;
export type ColumnFacet = keyof typeof COLUMN_FACETS;
export const COLUMN_FACET_KEYS = Object.keys(COLUMN_FACETS) as ColumnFacet[];

export type SearchRequest = {
  body: ProductSearchBody;
  plan: KeywordPlan;
  /** Search every group (AND), or any of them: the fallback when all of them find nothing. */
  anyGroup: boolean;
  /** The price range in US dollars (listings keep converted prices). */
  usdBounds: { min: number | null; max: number | null };
  /** Categories whose counts the facet shows. */
  categoryIds: number[];
  /** Only these companies' listings (the "rating at least" filter, resolved by the reviews module); null: all. */
  companyIds: readonly number[] | null;
};

/** Option counts: `k` the grouped column, `v` its value as text, `label` a display name where one is kept. */
export type Counts = { k: string; v: string | null; label: string | null; n: number }[];

export type SearchRow = {
  total: number;
  /** More listings matched than the window: the other figures cover the window (docs/decisions/069). */
  bounded: boolean;
  page_ids: number[];
  /** Counts over the filtered products of the facets without a selection, and of `company_id`. */
  grouped: Counts;
  /** A facet with a selection, counted with every filter but its own. */
  own: Partial<Record<FilterKey, Counts>>;
  categories: Counts;
  price: { min: number | null; max: number | null } | null;
  big_post: number | null;
};

/** A seller as market_listings repeats it on each of its listings. */
export type CompanyFacts = {
  company_id: number;
  seller_user_id: number | null;
  company_name: string;
  company_slug: string;
  business_type: string;
  country_code: string | null;
  member_type: string;
  plan_type: string;
};
