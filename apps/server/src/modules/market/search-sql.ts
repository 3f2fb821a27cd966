import { sql, type SQL } from 'drizzle-orm';
import type { FilterKey, ProductSearchBody } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import {
  COLUMN_FACET_KEYS,
  COLUMN_FACETS,
  type ColumnFacet,
  type SearchRequest,
  type SearchRow,
} from './search-query.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';

/**
 * A product search as one SQL statement over market_listings (docs/decisions/012): the matching
 * products are found once (keyword and seller), then filtered, paged, and every facet counted over
 * that set. A facet with a selection is counted without its own filter, so its other options still
 * show how many products they would add; the others are counted over the filtered set in one pass.
 * Buyers are answered by the in-process index (search-index.ts); this statement is the reference
 * the index is tested against and the baseline the benchmark measures it beside.
 */

/** Each active filter as a condition on the matched rows (aliases of market_listings columns). */
function filterConditions(body: ProductSearchBody, usdBounds: SearchRequest['usdBounds']): Map<FilterKey, SQL> {
  const conditions = new Map<FilterKey, SQL>();
  if (body.categories?.length)
    conditions.set('categories', sql`category_ids && array[${sqlList(body.categories)}]::int[]`);
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
    if (values?.length) conditions.set(key, sql`${sql.raw(COLUMN_FACETS[key])} in (${sqlList(values)})`);
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
  companyIds: readonly number[] | null,
): Promise<SearchRow> {
  const keyword = plan.tsquery;
  const keywordCondition = keyword ? sql`document @@ to_tsquery('english', ${keyword})` : sql`true`;
  // Ranked by relevance only where it decides the order, and only for the filtered rows.
  const ranked = keyword && body.sort === 'relevance';
  const seller = body.seller_id ? sql`seller_user_id = ${body.seller_id}` : sql`true`;
  const companies = companyIds === null ? sql`true` : sql`company_id = any(${sql.param([...companyIds])}::bigint[])`;
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
      where ${keywordCondition} and ${seller} and ${companies}
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
               where c in (${categoryIds.length ? sqlList(categoryIds) : sql`null`}) group by c) x) as categories,
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

export function sqlSearch(db: Db, request: SearchRequest): Promise<SearchRow> {
  const { body, plan } = request;
  const conditions = filterConditions(body, request.usdBounds);
  const tsquery = request.anyGroup ? plan.anyQuery : plan.query;
  return runSearch(db, body, { tsquery }, conditions, request.categoryIds, request.companyIds);
}
