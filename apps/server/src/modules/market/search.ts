import { sql, type SQL } from 'drizzle-orm';
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
import { categoryTree, rowsOf } from '../catalog/taxonomy-service.ts';
import { listCountries } from '../reference/service.ts';
import type { MarketCounters } from './counters.ts';
import { planKeyword, type KeywordPlan } from './keywords.ts';
import { listingsByIds, presenter, type Presenter } from './listing.ts';
import { popularPanels, relatedSearches } from './panels.ts';
import { currentRates, displayCurrency, roundMoney } from './rates.ts';

/**
 * POST front/product/list (docs/decisions/012): one SQL statement finds the matching products
 * once (keyword and seller), then filters, pages, and counts every facet over that set. A facet
 * with a selection is counted without its own filter, so its other options still show how many
 * products they would add; the others are counted over the filtered set in one pass.
 */

/** Facet keys counted by grouping over one column, the listing column each reads. */
const COLUMN_FACETS = {
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
type ColumnFacet = keyof typeof COLUMN_FACETS;
const COLUMN_FACET_KEYS = Object.keys(COLUMN_FACETS) as ColumnFacet[];

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

type Bounds = { min: number | null; max: number | null };

/** Each active filter as a condition on the matched rows (aliases of market_listings columns). */
function filterConditions(body: ProductSearchBody, usdBounds: Bounds): Map<FilterKey, SQL> {
  const conditions = new Map<FilterKey, SQL>();
  if (body.categories?.length)
    conditions.set('categories', sql`category_ids && array[${list(body.categories)}]::int[]`);
  if (usdBounds.min !== null || usdBounds.max !== null) {
    conditions.set(
      'price_range',
      sql`price_min_usd is not null
        ${usdBounds.min === null ? sql`` : sql`and price_min_usd >= ${usdBounds.min}`}
        ${usdBounds.max === null ? sql`` : sql`and price_min_usd <= ${usdBounds.max}`}`,
    );
  }
  for (const key of COLUMN_FACET_KEYS) {
    const values = body[key];
    if (values?.length) conditions.set(key, sql`${sql.raw(COLUMN_FACETS[key])} in (${list(values)})`);
  }
  return conditions;
}

function allExcept(conditions: Map<FilterKey, SQL>, skip?: FilterKey): SQL {
  const parts = [...conditions].filter(([key]) => key !== skip).map(([, condition]) => condition);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function orderBy(sort: ProductSearchBody['sort'], hasKeyword: boolean): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`price_min_usd asc nulls last, product_id asc`;
    case 'price_desc':
      return sql`price_min_usd desc nulls last, product_id desc`;
    case 'newest':
      return sql`created_at desc, product_id desc`;
    case 'relevance':
      return hasKeyword ? sql`rank desc, created_at desc, product_id desc` : sql`created_at desc, product_id desc`;
  }
}

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

type Counts = { k: string; v: string | null; label: string | null; n: number }[];
type SearchRow = {
  total: number;
  page_ids: number[];
  grouped: Counts;
  own: Partial<Record<FilterKey, Counts>>;
  categories: Counts;
  price: { min: number | null; max: number | null } | null;
  big_post: number | null;
};

function groupingSql(keys: ColumnFacet[]): SQL {
  const sets = [...keys.map((key) => COLUMN_FACETS[key] as string), 'company_id'];
  const keyCase = sets.map((column) => `when grouping(${column}) = 0 then '${column}'`).join(' ');
  const value = sets.map((column) => `${column}::text`).join(', ');
  const groups = sets.map((column) => (column === 'brand_id' ? '(brand_id, brand_name)' : `(${column})`)).join(', ');
  const label = keys.includes('brand') ? 'brand_name' : 'null';
  return sql.raw(`select case ${keyCase} end as k, coalesce(${value}) as v, ${label} as label, count(*)::int as n
    from filtered group by grouping sets (${groups})`);
}

function ownCountsSql(key: ColumnFacet, conditions: Map<FilterKey, SQL>): SQL {
  const column = sql.raw(COLUMN_FACETS[key]);
  const label = key === 'brand' ? sql`max(brand_name)` : sql`null`;
  return sql`(select coalesce(json_agg(json_build_object('k', ${key}::text, 'v', v, 'label', label, 'n', n)), '[]'::json)
    from (select ${column}::text as v, ${label} as label, count(*)::int as n from matched
          where ${allExcept(conditions, key)} group by ${column}) x)`;
}

async function runSearch(
  db: Db,
  body: ProductSearchBody,
  plan: { tsquery: string | null },
  conditions: Map<FilterKey, SQL>,
  categoryIds: number[],
): Promise<SearchRow> {
  const keyword = plan.tsquery;
  const keywordCondition = keyword ? sql`document @@ to_tsquery('english', ${keyword})` : sql`true`;
  // Ranked by relevance only where it decides the order, and only for the filtered rows.
  const ranked = keyword && body.sort === 'relevance';
  const seller = body.seller_id ? sql`seller_user_id = ${body.seller_id}` : sql`true`;
  const active = COLUMN_FACET_KEYS.filter((key) => conditions.has(key));
  const passive = COLUMN_FACET_KEYS.filter((key) => !conditions.has(key));
  const own = active.map((key) => sql`${key}::text, ${ownCountsSql(key, conditions)}`);
  const categorySource = conditions.has('categories')
    ? sql`(select * from matched where ${allExcept(conditions, 'categories')})`
    : sql`filtered`;
  const priceSource = conditions.has('price_range')
    ? sql`(select * from matched where ${allExcept(conditions, 'price_range')})`
    : sql`filtered`;
  const offset = (body.page - 1) * body.per_page;
  const result = await db.execute(sql`
    with matched as materialized (
      select product_id, company_id, brand_id, brand_name, category_ids, business_type, annual_revenue,
        condition, price_type, availability, manufacturer_year, member_type, country_code, plan_type,
        price_min_usd, created_at, main_image is not null as has_image
      from market_listings
      where ${keywordCondition} and ${seller}
    ),
    filtered as materialized (select * from matched where ${allExcept(conditions)}),
    grouped as (${groupingSql(passive)})
    select
      (select count(*)::int from filtered) as total,
      (select coalesce(json_agg(product_id), '[]'::json)
         from (${
           ranked
             ? sql`select f.product_id, f.created_at, ts_rank(l.document, to_tsquery('english', ${keyword})) as rank
                   from filtered f join market_listings l on l.product_id = f.product_id`
             : sql`select * from filtered`
         } order by ${orderBy(body.sort, !!ranked)}
               limit ${body.per_page} offset ${offset}) p) as page_ids,
      (select coalesce(json_agg(grouped), '[]'::json) from grouped) as grouped,
      ${own.length ? sql`json_build_object(${sql.join(own, sql`, `)})` : sql`'{}'::json`} as own,
      (select coalesce(json_agg(json_build_object('k', 'categories', 'v', c::text, 'n', n)), '[]'::json)
         from (select c, count(*)::int as n from ${categorySource} s cross join unnest(s.category_ids) c
               where c in (${categoryIds.length ? list(categoryIds) : sql`null`}) group by c) x) as categories,
      (select json_build_object('min', min(price_min_usd), 'max', max(price_min_usd)) from ${priceSource} s) as price,
      ${
        body.page === 1
          ? sql`(select f.product_id from filtered f join market_product_stats s on s.product_id = f.product_id
               where f.has_image order by (s.views + 3 * s.wishlists + 5 * s.quotes) desc, f.product_id limit 1)`
          : sql`null::bigint`
      } as big_post`);
  const [row] = rowsOf<SearchRow>(result);
  return { ...row, total: Number(row.total), big_post: row.big_post === null ? null : Number(row.big_post) };
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
  countryNames: Map<string, string>,
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
  const countries = await listCountries(db);
  const countryNames = new Map(countries.map((country) => [country.iso2, country.name]));
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

async function suppliersOf(db: Db, row: SearchRow): Promise<SupplierSummary[]> {
  const top = row.grouped
    .filter((entry) => entry.k === 'company_id' && entry.v !== null)
    .sort((a, b) => Number(b.n) - Number(a.n))
    .slice(0, MARKET_LIMITS.panels);
  if (top.length === 0) return [];
  const result = await db.execute(sql`
    select l.* from unnest(array[${list(top.map((entry) => Number(entry.v)))}]::bigint[]) as c(id)
    cross join lateral (
      select company_id, seller_user_id, company_name, company_slug, business_type, country_code, member_type, plan_type
      from market_listings where company_id = c.id limit 1) l`);
  const companies = new Map(
    rowsOf<Record<string, string | number | null>>(result).map((company) => [Number(company.company_id), company]),
  );
  const countries = await listCountries(db);
  const countryNames = new Map(countries.map((country) => [country.iso2, country.name]));
  return top
    .map((entry) => ({ entry, company: companies.get(Number(entry.v)) }))
    .filter(({ company }) => company !== undefined)
    .map(({ entry, company }) => ({
      id: Number(company!.company_id),
      name: String(company!.company_name),
      slug: String(company!.company_slug),
      business_type: company!.business_type as SupplierSummary['business_type'],
      country: (company!.country_code as string | null) ?? null,
      country_name: company!.country_code ? (countryNames.get(String(company!.country_code)) ?? null) : null,
      member_type: String(company!.member_type),
      plan_type: String(company!.plan_type),
      seller_user_id: company!.seller_user_id === null ? null : Number(company!.seller_user_id),
      products: Number(entry.n),
    }));
}

// ---------------------------------------------------------------------------------------------

function keywordsOf(body: ProductSearchBody, plan: KeywordPlan, related: string[]) {
  return { query: body.keyword ?? '', corrected: plan.corrected, terms: plan.terms, related };
}

export async function searchProducts(
  db: Db,
  body: ProductSearchBody,
  counters?: MarketCounters,
): Promise<ProductSearchResult> {
  const rates = await currentRates(db);
  const { currency, perUsd } = displayCurrency(rates, body.currency);
  const toUsd = (value: number | undefined) => (value === undefined ? null : value / perUsd);
  const conditions = filterConditions(body, { min: toUsd(body.price_range?.min), max: toUsd(body.price_range?.max) });
  const plan = await planKeyword(db, body.keyword);
  const { shown } = await categoryCandidates(db, body.categories ?? []);
  const categoryIds = [...shown.keys()];
  let row = await runSearch(db, body, { tsquery: plan.query }, conditions, categoryIds);
  if (row.total === 0 && plan.anyQuery) {
    // Forgiving: when no product has every word, show the products that have any of them.
    row = await runSearch(db, body, { tsquery: plan.anyQuery }, conditions, categoryIds);
  }
  const present: Presenter = await presenter(db, rates, currency.id);
  const rows = await listingsByIds(db, row.big_post ? [...row.page_ids, row.big_post] : row.page_ids);
  const byId = new Map(rows.map((listing) => [listing.productId, listing]));
  const data = row.page_ids.map((id) => byId.get(Number(id))).filter((listing) => listing !== undefined);
  const bigPost = row.big_post ? byId.get(row.big_post) : undefined;
  const panels = await popularPanels(db, data[0]?.categoryIds ?? []);
  if (body.keyword && plan.words.length) counters?.countSearch(plan.words.join(' '));
  return {
    data: data.map(present),
    big_post: bigPost ? present(bigPost) : null,
    currentPage: body.page,
    lastPage: Math.max(1, Math.ceil(row.total / body.per_page)),
    perPage: body.per_page,
    total: row.total,
    manufacturers_suppliers: await suppliersOf(db, row),
    keywords: keywordsOf(body, plan, body.keyword ? await relatedSearches(db, plan.words.join(' ')) : []),
    related_liked_products: panels.liked.map(present),
    most_searches_products: panels.searched.map(present),
    facets: await buildFacets(db, body, row, perUsd),
    currency,
  };
}
