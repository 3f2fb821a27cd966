import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productExistsSql } from '../catalog/public.ts';
import { marketProductStats, marketSearchTerms } from './tables.ts';

/**
 * Searches and product views are counted in memory and written in batches, so a busy search
 * endpoint never queues on one hot counter row. A crash loses at most one interval of counts,
 * which only feeds "popular" panels.
 */
export type MarketCounters = {
  countSearch(term: string): void;
  countView(productId: number, fromSearch: boolean): void;
  /** Writes what was counted since the last flush (local work of the job runner, and once more on stop). */
  flush(): Promise<void>;
};

export const FLUSH_EVERY_MS = 10_000;
const MAX_TERM_LENGTH = 100;

export function createCounters(db: Db): MarketCounters {
  let searches = new Map<string, number>();
  let views = new Map<number, { views: number; searchViews: number }>();

  async function flush() {
    const termBatch = searches;
    const viewBatch = views;
    searches = new Map();
    views = new Map();
    if (termBatch.size) {
      await db
        .insert(marketSearchTerms)
        .values([...termBatch].map(([term, searches]) => ({ term, searches, lastSearchedAt: new Date() })))
        .onConflictDoUpdate({
          target: marketSearchTerms.term,
          set: {
            searches: sql`${marketSearchTerms.searches} + excluded.searches`,
            lastSearchedAt: sql`excluded.last_searched_at`,
          },
        });
    }
    if (viewBatch.size) {
      // Products deleted since the view are skipped (the insert would break their foreign key).
      const rows = JSON.stringify([...viewBatch].map(([id, count]) => ({ id, v: count.views, s: count.searchViews })));
      await db.execute(sql`
        insert into ${marketProductStats} (product_id, views, search_views, last_viewed_at)
        select r.id, r.v, r.s, now() from jsonb_to_recordset(${rows}::jsonb) as r(id bigint, v int, s int)
        where ${productExistsSql(sql`r.id`)}
        on conflict (product_id) do update set views = ${marketProductStats.views} + excluded.views,
          search_views = ${marketProductStats.searchViews} + excluded.search_views, last_viewed_at = now()`);
    }
  }

  return {
    countSearch(term) {
      const key = term.trim().toLowerCase().slice(0, MAX_TERM_LENGTH);
      if (key) searches.set(key, (searches.get(key) ?? 0) + 1);
    },
    countView(productId, fromSearch) {
      const count = views.get(productId) ?? { views: 0, searchViews: 0 };
      count.views += 1;
      if (fromSearch) count.searchViews += 1;
      views.set(productId, count);
    },
    flush,
  };
}
