import { DEFAULT_CURRENCY_ID, PAGE_SIZES } from '@tradeloop/contracts/common-constants';
import type { ProductSearchInput } from '@tradeloop/contracts/market';
import {
  FILTER_VALUE_RULES,
  isFilterValue,
  LIST_VIEWS,
  MARKET_SORTS,
  type FilterKey,
  type ListView,
  type MarketSort,
} from '@tradeloop/contracts/market-constants';
import { isRatingFilterValue, type RatingFilterValue } from '@tradeloop/contracts/reviews-constants';

/**
 * The product list's state lives in the URL (spec: a search can be shared, reloaded and navigated
 * back to): q, sort, view, page, currency, price_min, price_max, and each filter key repeated once
 * per chosen value (?business_type=Manufacturers&business_type=Distributors), and `rating` (the sellers'
 * average review rating at least, 1 to 4; decision 045). `keyword` is read as `q` (links from elsewhere),
 * and written back as `q`.
 */
export type ListState = {
  keyword: string;
  sort: MarketSort;
  view: ListView;
  page: number;
  currency: number;
  filters: Partial<Record<Exclude<FilterKey, 'price_range'>, (string | number)[]>>;
  price: { min: number | null; max: number | null };
  /** Only sellers rated at least this many stars on average. */
  rating: RatingFilterValue | null;
};

export const LIST_FILTER_KEYS = [
  'categories',
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
] as const satisfies readonly Exclude<FilterKey, 'price_range'>[];
type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

const NUMERIC_KEYS: ReadonlySet<string> = new Set(['categories', 'brand', 'manufacturer_year']);

function positiveNumber(value: string | null): number | null {
  const number = Number(value);
  return value !== null && value !== '' && Number.isFinite(number) && number >= 0 ? number : null;
}

/** Values of one filter that the contract accepts; anything else in a hand-edited URL is dropped. */
function validValues(key: ListFilterKey, raw: string[]): (string | number)[] {
  return raw
    .filter((value) => isFilterValue(FILTER_VALUE_RULES[key], value))
    .map((value) => (NUMERIC_KEYS.has(key) ? Number(value) : value));
}

export function readListState(params: URLSearchParams, storedCurrency: number): ListState {
  const sort = params.get('sort');
  const view = params.get('view');
  const page = Number(params.get('page'));
  const currency = Number(params.get('currency'));
  const filters: ListState['filters'] = {};
  for (const key of LIST_FILTER_KEYS) {
    const values = validValues(key, params.getAll(key));
    if (values.length) filters[key] = values;
  }
  return {
    keyword: (params.get('q') ?? params.get('keyword') ?? '').trim().slice(0, 100),
    sort: MARKET_SORTS.find((value) => value === sort) ?? 'relevance',
    view: LIST_VIEWS.find((value) => value === view) ?? 'grid',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 1000) : 1,
    currency: Number.isInteger(currency) && currency > 0 ? currency : storedCurrency || DEFAULT_CURRENCY_ID,
    filters,
    price: { min: positiveNumber(params.get('price_min')), max: positiveNumber(params.get('price_max')) },
    rating: isRatingFilterValue(params.get('rating')) ? (Number(params.get('rating')) as RatingFilterValue) : null,
  };
}

/** The state as URL parameters, keeping parameters that are not the list's own. */
export function writeListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams();
  const own = new Set([
    'q',
    'keyword',
    'sort',
    'view',
    'page',
    'currency',
    'price_min',
    'price_max',
    'rating',
    ...LIST_FILTER_KEYS,
  ]);
  for (const [key, value] of params) if (!own.has(key)) next.append(key, value);
  if (state.keyword) next.set('q', state.keyword);
  for (const key of LIST_FILTER_KEYS) for (const value of state.filters[key] ?? []) next.append(key, String(value));
  if (state.price.min !== null) next.set('price_min', String(state.price.min));
  if (state.price.max !== null) next.set('price_max', String(state.price.max));
  if (state.rating !== null) next.set('rating', String(state.rating));
  if (state.sort !== 'relevance') next.set('sort', state.sort);
  if (state.view !== 'grid') next.set('view', state.view);
  if (state.page > 1) next.set('page', String(state.page));
  // A chosen currency travels with a shared link (the route rules also store it for later visits).
  if (params.has('currency') || state.currency !== DEFAULT_CURRENCY_ID) next.set('currency', String(state.currency));
  return next;
}

/** The body of POST front/product/list for this state. */
export function searchBody(state: ListState): ProductSearchInput {
  const body: ProductSearchInput = {
    page: state.page,
    per_page: PAGE_SIZES.productList,
    currency: state.currency,
    sort: state.sort,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.rating !== null ? { rating_min: state.rating } : {}),
  };
  for (const key of LIST_FILTER_KEYS) {
    const values = state.filters[key];
    if (values?.length) (body as Record<string, unknown>)[key] = values;
  }
  if (state.price.min !== null || state.price.max !== null) {
    body.price_range = {
      ...(state.price.min !== null ? { min: state.price.min } : {}),
      ...(state.price.max !== null ? { max: state.price.max } : {}),
    };
  }
  return body;
}

export function hasFilters(state: ListState): boolean {
  return (
    Object.keys(state.filters).length > 0 ||
    state.price.min !== null ||
    state.price.max !== null ||
    state.rating !== null
  );
}

/** The state without any filter (the keyword, sort and view stay), on page 1. */
export function withoutFilters(state: ListState): ListState {
  return { ...state, filters: {}, price: { min: null, max: null }, rating: null, page: 1 };
}

/** Toggles one value of a filter; the page goes back to 1. */
export function toggleFilter(state: ListState, key: ListFilterKey, value: string | number): ListState {
  const current = state.filters[key] ?? [];
  const chosen = current.some((entry) => String(entry) === String(value))
    ? current.filter((entry) => String(entry) !== String(value))
    : [...current, value];
  const filters = { ...state.filters, [key]: chosen };
  if (chosen.length === 0) delete filters[key];
  return { ...state, filters, page: 1 };
}
