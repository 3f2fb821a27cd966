import { sql, type SQL } from 'drizzle-orm';
import { MARKET_LIMITS, MARKET_MESSAGES, type FilterKey, type ProductSearchBody } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SearchTerm } from './keywords.ts';
import {
  COLUMN_FACET_KEYS,
  COLUMN_FACETS,
  type ColumnFacet,
  type ListingSearch,
  type SearchRequest,
  type SearchRow,
} from './search-query.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';

/**
 * A product search as one SQL statement over market_listings (docs/decisions/012 and 056): the
 * matching products are found once (keyword and seller), then filtered, ranked, paged, and every facet
 * counted over that set. A facet with a selection is counted without its own filter, so its other
 * options still show how many products they would add; the others are counted over the filtered set in
 * one pass. PostgreSQL is the one search engine: nothing of the catalogue is kept in the process. A search
 * that matches more than a window of listings works on the first of them (docs/decisions/069).
 */

/** A public search that runs longer than this is cancelled (PostgreSQL; PGlite has no statement timeout). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/** Ids past PostgreSQL's integer (categories and brands are `integer`) name nothing: they match no row. */
const INTEGER_MAX = 2 ** 31 - 1;
const possibleIds = (values: readonly (string | number)[]) => values.filter((value) => Number(value) <= INTEGER_MAX);

/** Values for `IN (…)` or `array[…]`; none left is a null, which matches no row. */
const listOrNothing = (values: readonly unknown[]) => (values.length ? sqlList(values) : sql`null`);

/** Each active filter as a condition on the matched rows (aliases of market_listings columns). */
function filterConditions(body: ProductSearchBody, usdBounds: SearchRequest['usdBounds']): Map<FilterKey, SQL> {
  const conditions = new Map<FilterKey, SQL>();
  if (body.categories?.length)
    conditions.set('categories', sql`category_ids && array[${listOrNothing(possibleIds(body.categories))}]::int[]`);
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
    if (!values?.length) continue;
    const possible = key === 'brand' ? possibleIds(values) : values;
    conditions.set(key, sql`${sql.raw(COLUMN_FACETS[key])} in (${listOrNothing(possible)})`);
  }
  return conditions;
}

function allExcept(conditions: Map<FilterKey, SQL>, skip?: FilterKey): SQL {
  const parts = [...conditions].filter(([key]) => key !== skip).map(([, condition]) => condition);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Each order as its index keeps it (nulls and directions), so a windowed walk reads the index in order. */
function orderBy(sort: ProductSearchBody['sort'], hasKeyword: boolean): SQL {
  const newest = sql`created_at desc nulls last, product_id desc nulls last`;
  switch (sort) {
    case 'price_asc':
      return sql`price_min_usd asc nulls last, product_id asc`;
    case 'price_desc':
      return sql`price_min_usd desc nulls last, product_id desc nulls last`;
    case 'newest':
      return newest;
    case 'relevance':
      return hasKeyword ? sql`units desc, ${newest}` : newest;
  }
}

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

/**
 * Relevance: per word group, the weight units of the group's best term in the listing's document (each
 * occurrence counts by where it stands: A name and pre-title 10, B brand, model and categories 4,
 * C options and supplier 2, D description 1; at most 63 a lexeme), summed over the groups the listing
 * matches. A prefix term counts its best completion. Then newest first.
 */
function relevanceUnits(groups: SearchTerm[][]): SQL {
  const terms = groups.flatMap((group, index) => group.map((term) => ({ ...term, group: index })));
  return sql`(select coalesce(sum(best), 0)::int from (
      select max(least(63, (select sum(case w when 'A' then 10 when 'B' then 4 when 'C' then 2 else 1 end)
                            from unnest(coalesce(d.weights, array['D'])) w))) as best
      from unnest(f.document) d
      join unnest(${sql.param(terms.map((term) => term.group))}::int[], ${sql.param(terms.map((term) => term.lexeme))}::text[],
                  ${sql.param(terms.map((term) => term.prefix))}::boolean[]) t(g, lexeme, prefix)
        on d.lexeme = t.lexeme or (t.prefix and starts_with(d.lexeme, t.lexeme))
      group by t.g) best_of_groups)`;
}

/**
 * Where the search finds its rows: the first `size` listings satisfying `where`, in `order`, or (null: ranked by
 * relevance) in the order PostgreSQL finds them cheapest. When no more match, that is every match.
 */
type Walk = { where: SQL; order: SQL | null; size: number };

function searchStatement(
  body: ProductSearchBody,
  groups: SearchTerm[][] | null,
  conditions: Map<FilterKey, SQL>,
  categoryIds: number[],
  walk: Walk,
): SQL {
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
  // One row past the window tells that more matched; the window itself is the rows before it.
  return sql`
    with walked as materialized (
      select product_id, company_id, brand_id, brand_name, category_ids, business_type, annual_revenue,
        condition, price_type, availability, manufacturer_year, member_type, country_code, plan_type,
        price_min_usd, created_at, main_image is not null as has_image${groups ? sql`, document` : sql``}
      from market_listings
      where ${walk.where}
      ${walk.order ? sql`order by ${walk.order}` : sql``}
      limit ${walk.size + 1}
    ),
    matched as not materialized (select * from walked limit ${walk.size}),
    filtered as not materialized (select * from matched where ${allExcept(conditions)}),
    grouped as (${groupingSql(passive)})
    select
      (select count(*)::int from filtered) as total,
      (select count(*) > ${walk.size} from walked) as bounded,
      (select coalesce(json_agg(product_id), '[]'::json)
         from (${
           groups
             ? sql`select f.product_id, f.created_at, ${relevanceUnits(groups)} as units from filtered f`
             : sql`select * from filtered`
         } order by ${orderBy(body.sort, !!groups)}
               limit ${body.per_page} offset ${offset}) p) as page_ids,
      (select coalesce(json_agg(grouped), '[]'::json) from grouped) as grouped,
      ${own.length ? sql`json_build_object(${sql.join(own, sql`, `)})` : sql`'{}'::json`} as own,
      (select coalesce(json_agg(json_build_object('k', 'categories', 'v', c::text, 'n', n)), '[]'::json)
         from (select c, count(*)::int as n from ${categorySource} s cross join unnest(s.category_ids) c
               where c in (${categoryIds.length ? sqlList(categoryIds) : sql`null`}) group by c) x) as categories,
      (select json_build_object('min', min(price_min_usd), 'max', max(price_min_usd)) from ${priceSource} s) as price,
      ${
        body.page === 1
          ? sql`(select f.product_id from filtered f join market_product_stats s on s.product_id = f.product_id
               where f.has_image order by (s.views + 3 * s.wishlists + 5 * s.quotes) desc, f.product_id limit 1)`
          : sql`null::bigint`
      } as big_post`;
}

/** Whether more than `size` listings satisfy `where`: reads at most one row past it. */
async function matchesMoreThan(tx: Db, where: SQL, size: number): Promise<boolean> {
  const [row] = rowsOf<{ more: boolean }>(
    await tx.execute(
      sql`select count(*) > ${size} as more from (select 1 from market_listings where ${where} limit ${size + 1}) x`,
    ),
  );
  return row.more;
}

/**
 * One search in one transaction, reading a bounded number of rows (decision 069). The search walks at most a window
 * of matches, in the sort's order (a keyword's relevance: those PostgreSQL finds first); when no more match, every
 * match is counted, ranked and paged exactly. A chosen category joins the walk only when more than the window
 * match without it: below, the category facet counts the other categories too.
 */
async function runSearch(
  db: Db,
  body: ProductSearchBody,
  plan: { tsquery: string | null; groups: SearchTerm[][] | null },
  conditions: Map<FilterKey, SQL>,
  categoryIds: number[],
  companyIds: readonly number[] | null,
  options: { timeoutMs: number; window: number },
): Promise<SearchRow> {
  const keyword = plan.tsquery;
  const keywordCondition = keyword ? sql`document @@ to_tsquery('english', ${keyword})` : sql`true`;
  // Ranked by relevance only where it decides the order, and only for the filtered rows.
  const ranked = keyword && plan.groups && body.sort === 'relevance' ? plan.groups : null;
  const seller = body.seller_id ? sql`seller_user_id = ${body.seller_id}` : sql`true`;
  const companies = companyIds === null ? sql`true` : sql`company_id = any(${sql.param([...companyIds])}::bigint[])`;
  const matches = sql`${keywordCondition} and ${seller} and ${companies}`;
  const category = conditions.get('categories');
  // Relevance ranks whichever matches the walk meets first: no index orders them by relevance, and reading every
  // match to find the newest is the unbounded work the window avoids.
  const order = ranked ? null : orderBy(body.sort, false);
  const row = await inSearchTransaction(db, options.timeoutMs, async (tx) => {
    const narrowed = category && (await matchesMoreThan(tx, matches, options.window));
    const walk = { where: narrowed ? sql`${matches} and ${category}` : matches, order, size: options.window };
    const [found] = rowsOf<SearchRow>(await tx.execute(searchStatement(body, ranked, conditions, categoryIds, walk)));
    return found;
  });
  return { ...row, total: Number(row.total), big_post: row.big_post === null ? null : Number(row.big_post) };
}

/**
 * Runs a search in a transaction of its own under a statement timeout, so the setting ends with it. A search
 * cancelled by it answers 503: the buyer may try a narrower search, and the database is free again. JIT
 * compilation is off: it costs tens of milliseconds per statement, more than it saves on a bounded walk.
 * Synchronized scans are off: a scan joining another's midway would give an unordered window other rows on
 * each page. A window and its counts fit in 16 MB of work memory instead of spilling to temporary files.
 * PGlite runs one statement at a time in this process and does not cancel on statement_timeout.
 */
async function inSearchTransaction<T>(db: Db, timeoutMs: number, search: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const timeout = String(Math.max(1, Math.round(timeoutMs)));
      await tx.execute(sql`select set_config('statement_timeout', ${timeout}, true), set_config('jit', 'off', true),
        set_config('synchronize_seqscans', 'off', true), set_config('work_mem', '16MB', true)`);
      return search(tx as unknown as Db);
    });
  } catch (error) {
    if (isQueryCanceled(error)) throw new AppError(503, MARKET_MESSAGES.searchTimedOut);
    throw error;
  }
}

/** PostgreSQL's query_canceled (a statement timeout), raised directly or wrapped by the driver layer. */
function isQueryCanceled(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return failure.code === '57014' || failure.cause?.code === '57014';
}

/** The search engine: SQL on PostgreSQL or PGlite. */
export const sqlSearch: ListingSearch = (db, request, options = {}) => {
  const { body, plan } = request;
  const conditions = filterConditions(body, request.usdBounds);
  const tsquery = request.anyGroup ? plan.anyQuery : plan.query;
  const limits = {
    timeoutMs: options.timeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS,
    window: options.window ?? MARKET_LIMITS.searchWindow,
  };
  return runSearch(
    db,
    body,
    { tsquery, groups: plan.groups },
    conditions,
    request.categoryIds,
    request.companyIds,
    limits,
  );
};
