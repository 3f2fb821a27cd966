import { sql } from 'drizzle-orm';
import { MARKET_LIMITS } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import type { ListingRow } from './listing.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * The list's side panels: products most wished for in the results' top category
 * (related_liked_products), products most opened from searches (most_searches_products), and
 * popular searches near the keyword. They are the same for everyone, so each process keeps them
 * for half a minute, and at most PANEL_ENTRIES of them: the searches near a keyword are one entry per
 * keyword, and a crawler asks for endless keywords.
 */
const PANEL_TTL_MS = 30_000;
const PANEL_ENTRIES = 1000;
const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let entries = cache.get(db);
  if (!entries) cache.set(db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < PANEL_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  // Deleted first so that the entry moves to the end: the first entry is always the oldest.
  entries.delete(key);
  entries.set(key, { at: Date.now(), value });
  if (entries.size > PANEL_ENTRIES) entries.delete(entries.keys().next().value!);
  value.catch(() => entries.delete(key));
  return value;
}

export function forgetPanels(db: Db) {
  cache.delete(db);
}

const ids = (result: unknown) => rowsOf<{ id: number }>(result).map((row) => Number(row.id));

async function mostLiked(db: Db, categoryId: number | null): Promise<number[]> {
  const result = await db.execute(sql`
    select l.product_id as id from market_listings l
    join market_product_stats s on s.product_id = l.product_id
    where s.wishlists > 0 ${categoryId === null ? sql`` : sql`and l.category_ids @> array[${categoryId}]::int[]`}
    order by s.wishlists desc, s.views desc, l.product_id desc limit ${MARKET_LIMITS.panels}`);
  return ids(result);
}

async function mostSearched(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    select l.product_id as id from market_product_stats s
    join market_listings l on l.product_id = s.product_id
    where s.search_views > 0
    order by s.search_views desc, s.views desc, l.product_id desc limit ${MARKET_LIMITS.panels}`);
  return ids(result);
}

/** The results' top category: the first category id of the first result is its top-level one. */
export async function popularPanels(
  db: Db,
  categoryIds: number[],
  readRows: (productIds: number[]) => Promise<ListingRow[]>,
): Promise<{ liked: ListingRow[]; searched: ListingRow[] }> {
  const top = categoryIds.length ? Math.min(...categoryIds) : null;
  const liked = await cached(db, `liked:${top}`, () => mostLiked(db, top));
  const searched = await cached(db, 'searched', () => mostSearched(db));
  return { liked: await readRows(liked), searched: await readRows(searched) };
}

/**
 * Popular searches that look like this one (trigram similarity), most searched first. Only the
 * POPULAR_TERMS most searched are candidates: a crawler's thousands of made-up keywords, each searched
 * once, would otherwise all look alike and be compared with every keyword searched after them.
 */
const POPULAR_TERMS = 1000;

export function relatedSearches(db: Db, term: string): Promise<string[]> {
  return cached(db, `related:${term}`, async () => {
    const result = await db.execute(sql`
      select term from (
        select term, searches from market_search_terms order by searches desc, term limit ${POPULAR_TERMS}) popular
      where term % ${term} and term <> ${term}
      order by searches desc, term limit ${MARKET_LIMITS.panels}`);
    return rowsOf<{ term: string }>(result).map((row) => row.term);
  });
}
