import { sql } from 'drizzle-orm';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth';
import { AVAILABILITIES, CONDITIONS, PRICE_TYPES } from '@tradeloop/contracts/catalog';
import { PRICE_SLIDER } from '@tradeloop/contracts/common';
import {
  ANNUAL_REVENUE_BANDS,
  FILTER_KEYS,
  FILTER_TITLES,
  MARKET_LIMITS,
  MEMBER_TYPES,
  PLAN_TYPES,
  type Facet,
  type FacetOption,
  type FilterKey,
  type ProductSearchBody,
  type ProductSearchResult,
  type SupplierSummary,
} from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { categoryTree } from '../catalog/public.ts';
import { countryNamesByCode } from '../reference/public.ts';
import type { MarketCounters } from './counters.ts';
import { planKeyword, type KeywordPlan } from './keywords.ts';
import { listingsByIds, presenter, type Presenter } from './listing.ts';
import { popularPanels, relatedSearches } from './panels.ts';
import { currentRates, displayCurrency, roundMoney } from './rates.ts';
import { companiesRatedAtLeast } from '../ratings/public.ts';
import {
  COLUMN_FACET_KEYS,
  COLUMN_FACETS,
  type ColumnFacet,
  type CompanyFacts,
  type Counts,
  type SearchRequest,
  type SearchRow,
} from './search-query.ts';
import { sqlSearch } from './search-sql.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';
import { pageEffect } from '../../platform/page-effects.ts';

/**
 * POST front/product/list (docs/decisions/012 and 056): the keyword is planned (typos, prefixes),
 * PostgreSQL finds, filters, ranks, counts and pages the products in one statement, and the page's
 * listings are read and presented in the buyer's currency with the facets and panels around them.
 */

/** Category options shown: the top level, or the children of the chosen categories with their paths. */
async function categoryCandidates(db: Db, selected: number[]) {
  const tree = await categoryTree(db);
  const shown = new Map<number, { id: number; name: string; parentId: number | null; depth: number }>();
  const add = (id: number) => {
    const row = tree.byId.get(id);
    if (row) shown.set(id, { id: row.id, name: row.name, parentId: row.parentId, depth: row.depth });
  };
  for (const top of tree.children.get(null) ?? []) add(top.id);
  for (const id of selected) {
    for (let row = tree.byId.get(id); row; row = row.parentId ? tree.byId.get(row.parentId) : undefined) add(row.id);
    for (const child of tree.children.get(id) ?? []) add(child.id);
  }
  return { tree, shown };
}

// ---------------------------------------------------------------------------------------------
// Facets: counts to options with labels, in a stable order, selected ones always shown

const ORDERS: Partial<Record<FilterKey, readonly string[]>> = {
  business_type: COMPANY_TYPES,
  annual_revenue: ANNUAL_REVENUE_BANDS,
  condition: CONDITIONS,
  price_type: PRICE_TYPES,
  product_availability: AVAILABILITIES,
  member_type: MEMBER_TYPES,
  plan_type: PLAN_TYPES,
};

const LABELS: Record<string, string> = {
  quantity: 'Price by quantity',
  fixed: 'Fixed price',
  in_stock: 'In stock',
  by_order: 'Made to order',
};

function sortOptions(key: FilterKey, options: FacetOption[]): FacetOption[] {
  const order = ORDERS[key];
  if (order) return options.sort((a, b) => order.indexOf(String(a.value)) - order.indexOf(String(b.value)));
  if (key === 'manufacturer_year') return options.sort((a, b) => Number(b.value) - Number(a.value));
  return options.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

function columnFacet(
  key: ColumnFacet,
  counts: Counts,
  selected: readonly (string | number)[],
  countryNames: ReadonlyMap<string, string>,
): Facet {
  const chosen = new Set(selected.map(String));
  const numeric = key === 'brand' || key === 'manufacturer_year';
  const options: FacetOption[] = counts
    .filter((entry) => entry.v !== null)
    .map((entry) => ({
      value: numeric ? Number(entry.v) : entry.v!,
      label:
        key === 'search_by_country'
          ? (countryNames.get(entry.v!) ?? entry.v!)
          : (entry.label ?? LABELS[entry.v!] ?? entry.v!),
      count: Number(entry.n),
      selected: chosen.has(entry.v!),
    }));
  for (const value of selected) {
    if (!options.some((option) => String(option.value) === String(value))) {
      options.push({ value, label: LABELS[String(value)] ?? String(value), count: 0, selected: true });
    }
  }
  const sorted = sortOptions(key, options);
  const limited = key === 'brand' ? sorted.filter((o, i) => i < MARKET_LIMITS.filterValues || o.selected) : sorted;
  return { key, title: FILTER_TITLES[key], visible: true, options: limited };
}

async function categoryFacet(db: Db, counts: Counts, selected: number[]): Promise<Facet> {
  const { tree, shown } = await categoryCandidates(db, selected);
  const byId = new Map(counts.map((entry) => [Number(entry.v), Number(entry.n)]));
  const chosen = new Set(selected);
  const options = tree.rows
    .filter((row) => shown.has(row.id) && (byId.has(row.id) || chosen.has(row.id)))
    .map((row) => ({
      value: row.id,
      label: row.name,
      count: byId.get(row.id) ?? 0,
      selected: chosen.has(row.id),
      parent_id: row.parentId,
      depth: row.depth,
      slug: row.slug,
    }));
  return { key: 'categories', title: FILTER_TITLES.categories, visible: true, options };
}

function priceFacet(price: SearchRow['price'], perUsd: number, asked: ProductSearchBody['price_range']): Facet {
  const convert = (usd: number | null | undefined) =>
    usd === null || usd === undefined ? null : roundMoney(Number(usd) * perUsd);
  return {
    key: 'price_range',
    title: FILTER_TITLES.price_range,
    visible: true,
    options: [],
    range: {
      min: PRICE_SLIDER.min,
      max: PRICE_SLIDER.max,
      data_min: convert(price?.min),
      data_max: convert(price?.max),
      selected_min: asked?.min ?? null,
      selected_max: asked?.max ?? null,
    },
  };
}

async function buildFacets(db: Db, body: ProductSearchBody, row: SearchRow, perUsd: number): Promise<Facet[]> {
  const countryNames = await countryNamesByCode(db);
  const grouped = new Map<string, Counts>();
  for (const entry of row.grouped) grouped.set(entry.k, [...(grouped.get(entry.k) ?? []), entry]);
  const facets = new Map<FilterKey, Facet>();
  facets.set('categories', await categoryFacet(db, row.categories, body.categories ?? []));
  facets.set('price_range', priceFacet(row.price, perUsd, body.price_range));
  for (const key of COLUMN_FACET_KEYS) {
    const counts = row.own[key] ?? grouped.get(COLUMN_FACETS[key]) ?? [];
    facets.set(key, columnFacet(key, counts, body[key] ?? [], countryNames));
  }
  return FILTER_KEYS.map((key) => facets.get(key)!);
}

/** The sellers with most results, described from their listings. */
async function suppliersOf(db: Db, row: SearchRow): Promise<SupplierSummary[]> {
  const top = row.grouped
    .filter((entry) => entry.k === 'company_id' && entry.v !== null)
    .sort((a, b) => Number(b.n) - Number(a.n) || Number(a.v) - Number(b.v))
    .slice(0, MARKET_LIMITS.panels);
  if (top.length === 0) return [];
  const ids = top.map((entry) => Number(entry.v));
  const companies = await readCompanies(db, ids);
  const countryNames = await countryNamesByCode(db);
  return top.flatMap((entry) => {
    const company = companies.get(Number(entry.v));
    if (!company) return [];
    return [
      {
        id: company.company_id,
        name: company.company_name,
        slug: company.company_slug,
        business_type: company.business_type as SupplierSummary['business_type'],
        country: company.country_code,
        country_name: company.country_code ? (countryNames.get(company.country_code) ?? null) : null,
        member_type: company.member_type,
        plan_type: company.plan_type,
        seller_user_id: company.seller_user_id,
        products: Number(entry.n),
      },
    ];
  });
}

async function readCompanies(db: Db, ids: number[]): Promise<Map<number, CompanyFacts>> {
  const result = await db.execute(sql`
    select l.* from unnest(array[${sqlList(ids)}]::bigint[]) as c(id)
    cross join lateral (
      select company_id, seller_user_id, company_name, company_slug, business_type, country_code, member_type, plan_type
      from market_listings where company_id = c.id limit 1) l`);
  return new Map(
    rowsOf<CompanyFacts>(result).map((company) => {
      const seller = company.seller_user_id === null ? null : Number(company.seller_user_id);
      return [
        Number(company.company_id),
        { ...company, company_id: Number(company.company_id), seller_user_id: seller },
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------

function keywordsOf(body: ProductSearchBody, plan: KeywordPlan, related: string[]) {
  return { query: body.keyword ?? '', corrected: plan.corrected, terms: plan.terms, related };
}

/** What the search engine is asked for a body: its keyword planned, its prices in dollars, its categories shown. */
export async function searchRequest(db: Db, body: ProductSearchBody, perUsd: number): Promise<SearchRequest> {
  const toUsd = (value: number | undefined) => (value === undefined ? null : value / perUsd);
  const plan = await planKeyword(db, body.keyword);
  const { shown } = await categoryCandidates(db, body.categories ?? []);
  return {
    body,
    plan,
    anyGroup: false,
    usdBounds: { min: toUsd(body.price_range?.min), max: toUsd(body.price_range?.max) },
    categoryIds: [...shown.keys()],
    companyIds: body.rating_min ? await companiesRatedAtLeast(db, body.rating_min) : null,
  };
}

export async function searchProducts(
  db: Db,
  body: ProductSearchBody,
  counters?: MarketCounters,
): Promise<ProductSearchResult> {
  const rates = await currentRates(db);
  const { currency, perUsd } = displayCurrency(rates, body.currency);
  const request = await searchRequest(db, body, perUsd);
  const { plan } = request;
  let row = await sqlSearch(db, request);
  if (row.total === 0 && !row.bounded && plan.anyQuery) {
    // Forgiving: when no product has every word, show the products that have any of them.
    row = await sqlSearch(db, { ...request, anyGroup: true });
  }
  const readRows = (ids: number[]) => listingsByIds(db, ids);
  const rows = await readRows(row.big_post ? [...row.page_ids, row.big_post] : row.page_ids);
  const byId = new Map(rows.map((listing) => [listing.productId, listing]));
  const data = row.page_ids.map((id) => byId.get(Number(id))).filter((listing) => listing !== undefined);
  const bigPost = row.big_post ? byId.get(row.big_post) : undefined;
  const panels = await popularPanels(db, data[0]?.categoryIds ?? [], readRows);
  const present: Presenter = await presenter(db, rates, currency.id, [...rows, ...panels.liked, ...panels.searched]);
  if (body.keyword && plan.words.length && counters) {
    counters.countSearch(plan.words.join(' '));
    // A cached list page counts its search again for each view (decision 050).
    pageEffect('market.search', [plan.words.join(' ')]);
  }
  return {
    data: data.map(present),
    big_post: bigPost ? present(bigPost) : null,
    currentPage: body.page,
    lastPage: Math.max(1, Math.ceil(row.total / body.per_page)),
    perPage: body.per_page,
    total: row.total,
    total_bounded: row.bounded,
    manufacturers_suppliers: await suppliersOf(db, row),
    keywords: keywordsOf(body, plan, body.keyword ? await relatedSearches(db, plan.words.join(' ')) : []),
    related_liked_products: panels.liked.map(present),
    most_searches_products: panels.searched.map(present),
    facets: await buildFacets(db, body, row, perUsd),
    currency,
  };
}
