import { z } from 'zod';
import { COMPANY_TYPES } from './auth.ts';
import { AVAILABILITIES, PRICE_TYPES, PRODUCT_TYPES } from './catalog.ts';
import { catalogFileSchema, productImageUploadSchema } from './catalog-files.ts';
import { directorySellerSchema } from './directory.ts';
import { socialAccountSchema } from './presence.ts';
import { DEFAULT_CURRENCY_ID, page, PAGE_SIZES, PRICE_SLIDER } from './common.ts';

import {
  ANNUAL_REVENUE_BANDS,
  FILTER_KEYS,
  FILTER_VALUE_RULES,
  MANUFACTURER_YEARS,
  MARKET_LIMITS,
  MARKET_MESSAGES,
  MARKET_SORTS,
  MEMBER_TYPES,
} from './market-constants.ts';

export * from './market-constants.ts';

/**
 * The public marketplace (issue 7): product list and search with facets, product pages, wishlist,
 * exchange rates and the platform operator (docs/decisions/012 and 014).
 */

// ---------------------------------------------------------------------------------------------
// Request helpers: lists arrive as arrays in JSON and as repeated parameters in query strings

/** One value or several (repeated query parameters, or a comma list) as an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const values = Array.isArray(value) ? value : String(value).split(',');
    return values.map((entry) => (typeof entry === 'string' ? entry.trim() : entry)).filter((entry) => entry !== '');
  }, z.array(item).max(MARKET_LIMITS.filterValues).optional());
}

const id = z.coerce.number().int().positive();
const year = z.coerce.number().int().min(MANUFACTURER_YEARS.min).max(MANUFACTURER_YEARS.max);

export const priceRangeSchema = z
  .object({ min: z.coerce.number().min(0).optional(), max: z.coerce.number().min(0).optional() })
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    message: MARKET_MESSAGES.priceRangeOrder,
  });

/** The filters of spec section 3. Values of one key are alternatives (OR); keys combine (AND). */
export const filterValuesSchema = z.object({
  categories: listOf(id),
  price_range: priceRangeSchema.optional(),
  brand: listOf(id),
  business_type: listOf(z.enum(FILTER_VALUE_RULES.business_type.values)),
  annual_revenue: listOf(z.enum(FILTER_VALUE_RULES.annual_revenue.values)),
  condition: listOf(z.enum(FILTER_VALUE_RULES.condition.values)),
  price_type: listOf(z.enum(FILTER_VALUE_RULES.price_type.values)),
  product_availability: listOf(z.enum(FILTER_VALUE_RULES.product_availability.values)),
  manufacturer_year: listOf(year),
  member_type: listOf(z.enum(FILTER_VALUE_RULES.member_type.values)),
  search_by_country: listOf(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  ),
  plan_type: listOf(z.string().trim().min(1).max(FILTER_VALUE_RULES.plan_type.max)),
});
export type FilterValues = z.infer<typeof filterValuesSchema>;

/** POST front/product/list (spec section 7: per_page '10', page 1, seller_id, user_id, currency default 1). */
export const productSearchBodySchema = filterValuesSchema.extend({
  per_page: z.coerce.number().int().min(1).max(MARKET_LIMITS.perPageMax).default(PAGE_SIZES.productList),
  page: z.coerce.number().int().min(1).max(MARKET_LIMITS.pageMax).default(1),
  /** A seller's user id: only that seller's products (a shop page). */
  seller_id: z.coerce.number().int().positive().nullish(),
  /** The caller's id as the client knows it: tracking context only, never identity. */
  user_id: z.union([z.coerce.number().int(), z.string()]).nullish(),
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
  keyword: z.string().trim().max(MARKET_LIMITS.keyword, MARKET_MESSAGES.keywordTooLong).optional(),
  sort: z.enum(MARKET_SORTS).default('relevance'),
  /** Only sellers whose average review rating is at least this many stars (decision 045). */
  rating_min: z.coerce.number().int().min(1).max(4).nullish(),
});
export type ProductSearchBody = z.infer<typeof productSearchBodySchema>;
export type ProductSearchInput = z.input<typeof productSearchBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const currencyRefSchema = z.object({ id: z.number().int(), code: z.string(), symbol: z.string() });
export type CurrencyRef = z.infer<typeof currencyRefSchema>;

const imageRefSchema = z.object({ thumb: z.string(), card: z.string(), full: z.string() });

export const companyDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  business_type: z.enum(COMPANY_TYPES),
  country: z.string().nullable(),
  country_name: z.string().nullable(),
  member_type: z.string(),
  plan_type: z.string(),
});

/** A product in the marketplace's lists (spec section 3, "Product (listing)"), prices in the asked currency. */
export const marketProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pre_title_name: z.string().nullable(),
  slug: z.string(),
  unique_number: z.string(),
  /** The canonical page: /productdetail/{category}/{company-slug}/{product-slug}. */
  product_url: z.string(),
  summary: z.string(),
  category_name: z.string().nullable(),
  category_lists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  brand_name: z.string(),
  shop_name: z.string(),
  company_details: companyDetailsSchema,
  seller_user_id: z.number().int().nullable(),
  /** The seller's average review rating (one decimal) and how many reviews; null before any (decision 045). */
  seller_rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** The lowest unit price, converted; null when the product has no price. */
  unit_price: z.number().nullable(),
  unit_price_max: z.number().nullable(),
  currency: currencyRefSchema,
  /** The seller's own price and currency before conversion. */
  original_price: z.object({
    min: z.number().nullable(),
    max: z.number().nullable(),
    currency: currencyRefSchema.nullable(),
  }),
  price_term: z.string().nullable(),
  unit: z.string().nullable(),
  main_image: imageRefSchema.nullable(),
  /** The minimum order quantity (the first price tier's minimum), when priced by quantity. */
  quantity: z.number().nullable(),
  combinations: z.number().int(),
  product_type: z.enum(PRODUCT_TYPES),
  availability: z.enum(AVAILABILITIES),
  price_type: z.enum(PRICE_TYPES),
  condition: z.string().nullable(),
  manufacturer_year: z.number().int().nullable(),
  created_at: z.string(),
});
export type MarketProduct = z.infer<typeof marketProductSchema>;

export const facetOptionSchema = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
  /** Categories only: where the option sits in the tree. */
  parent_id: z.number().int().nullable().optional(),
  depth: z.number().int().optional(),
  /** Categories only: its slug, the last segment of its page's address (decision 051). */
  slug: z.string().optional(),
});
export type FacetOption = z.infer<typeof facetOptionSchema>;

export const facetSchema = z.object({
  key: z.enum(FILTER_KEYS),
  title: z.string(),
  visible: z.boolean(),
  options: z.array(facetOptionSchema),
  /** price_range only: the slider's bounds and the prices of the matching products, in the asked currency. */
  range: z
    .object({
      min: z.number(),
      max: z.number(),
      data_min: z.number().nullable(),
      data_max: z.number().nullable(),
      selected_min: z.number().nullable(),
      selected_max: z.number().nullable(),
    })
    .optional(),
});
export type Facet = z.infer<typeof facetSchema>;

export const supplierSummarySchema = companyDetailsSchema.extend({
  seller_user_id: z.number().int().nullable(),
  products: z.number().int(),
});
export type SupplierSummary = z.infer<typeof supplierSummarySchema>;

export const keywordsSchema = z.object({
  /** The keyword as typed. */
  query: z.string(),
  /** The keyword with misspelt words replaced by known ones, when any were ("Showing results for …"). */
  corrected: z.string().nullable(),
  /** Every word searched for, alternatives included. */
  terms: z.array(z.string()),
  /** Popular searches near this one. */
  related: z.array(z.string()),
});

/** Spec section 3, "Product list response", plus facets and the page size. */
export const productSearchResultSchema = z.object({
  data: z.array(marketProductSchema),
  big_post: marketProductSchema.nullable(),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  /**
   * true: more listings matched than a search walks (MARKET_LIMITS.searchWindow); `total`, the facets and the
   * pages then cover the first of them in the sort's order (docs/decisions/069).
   */
  total_bounded: z.boolean(),
  manufacturers_suppliers: z.array(supplierSummarySchema),
  keywords: keywordsSchema,
  related_liked_products: z.array(marketProductSchema),
  most_searches_products: z.array(marketProductSchema),
  facets: z.array(facetSchema),
  currency: currencyRefSchema,
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** GET front/filters: what the sidebar shows, in order, before any search. */
export const filterDefinitionSchema = z.object({
  key: z.enum(FILTER_KEYS),
  title: z.string(),
  visible: z.boolean(),
  type: z.enum(['tree', 'checkbox', 'range']),
  options: z.array(
    z.object({ value: z.union([z.string(), z.number()]), label: z.string(), parent_id: z.number().int().nullish() }),
  ),
});
export const filtersResponseSchema = z.object({
  filters: z.array(filterDefinitionSchema),
  price_range: z.object({ min: z.number(), max: z.number() }),
  sorts: z.array(z.object({ value: z.enum(MARKET_SORTS), label: z.string() })),
  per_page: z.number().int(),
});
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;
export const PRICE_RANGE_DEFAULT = PRICE_SLIDER;

export const suggestionsQuerySchema = z.object({ q: z.string().trim().min(1).max(MARKET_LIMITS.keyword) });
export const suggestionsSchema = z.object({
  keywords: z.array(z.string()),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), product_url: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

// ---------------------------------------------------------------------------------------------
// Product page

export const productKeyParamsSchema = z.object({ key: z.string().trim().min(1).max(200) });
export const productPageQuerySchema = z.object({
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
  search_keyword: z.string().trim().max(MARKET_LIMITS.keyword).optional(),
});

export const publicTierSchema = z.object({ min: z.number(), max: z.number(), per_unit: z.number() });

export const sellerCardSchema = companyDetailsSchema.extend({
  seller_user_id: z.number().int().nullable(),
  seller_name: z.string().nullable(),
  city: z.string().nullable(),
  annual_revenue: z.string().nullable(),
  member_since: z.string(),
  products: z.number().int(),
  /** How many follow the company (decision 043). */
  followers: z.number().int(),
  /** Its social media profile links, in the networks' order. */
  social: z.array(socialAccountSchema),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

export const publicProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pre_title_name: z.string().nullable(),
  slug: z.string(),
  unique_number: z.string(),
  product_url: z.string(),
  description: z.string(),
  model_number: z.string().nullable(),
  product_type: z.enum(PRODUCT_TYPES),
  availability: z.enum(AVAILABILITIES),
  price_type: z.enum(PRICE_TYPES),
  condition: z.string().nullable(),
  manufacturer_year: z.number().int().nullable(),
  validity: z.string().nullable(),
  dispatch: z.string().nullable(),
  delivery: z.string().nullable(),
  current_stock: z.number().nullable(),
  existence_place: z.string().nullable(),
  origin: z.array(z.string()),
  territory: z.string().nullable(),
  sea_port: z.string(),
  air_port: z.string(),
  in_house_production: z.string().nullable(),
  price_term: z.string(),
  unit: z.string().nullable(),
  currency: currencyRefSchema,
  original_currency: currencyRefSchema.nullable(),
  unit_price: z.number().nullable(),
  unit_price_max: z.number().nullable(),
  /**
   * Unit prices by quantity, of `priced_combination` (decision 035): the figures the quote modal,
   * the enquiry and the lead get for that configuration and quantity.
   */
  tiers: z.array(publicTierSchema),
  /** The configuration the page's prices are for (the default one); null for a product without options. */
  priced_combination: z.string().nullable(),
  /** Minimum order quantity. */
  quantity: z.number().nullable(),
  choice_options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** Active combinations and their own price (null: the product's price applies), converted. */
  matrix: z.array(z.object({ value: z.string(), price: z.number().nullable(), is_default: z.boolean() })),
  has_calculator: z.boolean(),
  photos: z.array(productImageUploadSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  combinations: z.number().int(),
  specifications: z.array(
    z.object({
      name: z.string(),
      items: z.array(z.object({ name: z.string(), value: z.string(), unit: z.string().nullable() })),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const productPageSchema = z.object({
  product: publicProductSchema,
  seller: sellerCardSchema,
  catalogs: z.array(catalogFileSchema),
  related_products: z.array(marketProductSchema),
  more_from_seller: z.array(marketProductSchema),
  /** The seller's simple products a buyer may add to the quote, with their prices. */
  quote_related: z.array(marketProductSchema),
  /** Similar products of other sellers: one request can go to them too (an RFQ). */
  similar_suppliers: z.array(marketProductSchema),
  wishlisted: z.boolean(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

// ---------------------------------------------------------------------------------------------
// Wishlist

export const wishlistBodySchema = z.object({ product_id: id });
export const wishlistQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(12),
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
});
export const wishlistPageSchema = page(marketProductSchema.extend({ added_at: z.string() }));
export const wishlistStateSchema = z.object({ product_id: z.number().int(), wishlisted: z.boolean() });
export const wishlistIdsSchema = z.object({ ids: z.array(z.number().int()) });

// ---------------------------------------------------------------------------------------------
// Sellers by type, country and category (GET product/manufacture/seller_products)

export const sellerProductsQuerySchema = z.object({
  business_type: listOf(z.enum(COMPANY_TYPES)),
  country_name: listOf(z.string().trim().min(1).max(80)),
  category_name: listOf(z.string().trim().min(1).max(120)),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(12),
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
});
export const sellerProductsPageSchema = page(
  supplierSummarySchema.extend({ city: z.string().nullable(), top_products: z.array(marketProductSchema) }),
);

// ---------------------------------------------------------------------------------------------
// Page activity (spec section 9: polled on /productlist every 30 seconds)

export const pageActivityBodySchema = z.object({
  page: z.string().trim().min(1).max(60).default('productlist'),
  session_id: z.string().trim().min(8).max(100).optional(),
});
export const pageActivitySchema = z.object({
  active_visitors: z.number().int(),
  quotes_today: z.number().int(),
  products_listed: z.number().int(),
  trending: z.array(z.string()),
});
export type PageActivity = z.infer<typeof pageActivitySchema>;

// ---------------------------------------------------------------------------------------------
// Exchange rates and the platform operator (docs/decisions/014)

export const exchangeRateSchema = z.object({
  currency_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Units of this currency for one US dollar. */
  rate: z.number(),
  updated_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const updateRatesBodySchema = z.object({
  rates: z
    .array(
      z.object({
        currency_id: z.coerce.number().int().positive().optional(),
        code: z.string().trim().min(1).max(10).optional(),
        rate: z.coerce
          .number({ error: MARKET_MESSAGES.rateRequired })
          .positive(MARKET_MESSAGES.rateRequired)
          .max(1_000_000, MARKET_MESSAGES.rateRequired),
      }),
    )
    .min(1, MARKET_MESSAGES.ratesRequired)
    .max(100),
});

export const memberTypeBodySchema = z.object({ company_id: id, member_type: z.enum(MEMBER_TYPES) });

/** GET operator/sellers: the supplier directory's page, each seller with its member type, to verify. */
export const operatorSellersPageSchema = page(directorySellerSchema.extend({ member_type: z.enum(MEMBER_TYPES) }));
export type OperatorSellersPage = z.infer<typeof operatorSellersPageSchema>;

/** GET operator/me: whether the signed-in user is a platform operator (the menu offers their pages). */
export const operatorStatusSchema = z.object({ operator: z.boolean() });
export type OperatorStatus = z.infer<typeof operatorStatusSchema>;
export const sellerProfileBodySchema = z.object({ annual_revenue: z.enum(ANNUAL_REVENUE_BANDS).nullable() });
export const sellerMarketProfileSchema = z.object({
  company_id: z.number().int(),
  annual_revenue: z.string().nullable(),
  member_type: z.string(),
});
