import type { FilterKey, ProductSearchBody } from '@tradeloop/contracts/market';
import type { KeywordPlan } from './keywords.ts';

/**
 * What a product search asks and answers, whichever engine runs it: the in-process index
 * (search-index.ts, what buyers get) or the SQL statement over market_listings (search-sql.ts, the
 * reference it is tested and measured against). docs/decisions/012 and 020.
 */

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
  page_ids: number[];
  /** Counts over the filtered products of the facets without a selection, and of `company_id`. */
  grouped: Counts;
  /** A facet with a selection, counted with every filter but its own. */
  own: Partial<Record<FilterKey, Counts>>;
  categories: Counts;
  price: { min: number | null; max: number | null } | null;
  big_post: number | null;
  /** Facts of the companies counted in `grouped`, where the engine has them at hand. */
  companies?: ReadonlyMap<number, CompanyFacts>;
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
