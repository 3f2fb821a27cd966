import { sql } from 'drizzle-orm';
import type { PageActivity } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { marketPageActivity } from './tables.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * Today's quote requests, which the quotes module counts. It stands above the marketplace, so app.ts
 * hands the count in (decision 054) rather than the marketplace reaching up for it.
 */
export type QuotesToday = (db: Db) => Promise<number>;

/** A visitor counts as active for two minutes after their last poll (polls come every 30 seconds). */
const ACTIVE_WINDOW = '2 minutes';
/** Rows of visitors gone for a day are removed, a few at a time, by later polls. */
const FORGET_AFTER = '1 day';

/**
 * The page activity poll of /productlist (spec section 9): records that this browser session is
 * on the page, and answers what is happening on the marketplace now.
 */
export async function pollPageActivity(
  db: Db,
  visit: { sessionId: string | null; userId: number | null; page: string },
  quotesToday: QuotesToday,
): Promise<PageActivity> {
  if (visit.sessionId) {
    await db
      .insert(marketPageActivity)
      .values({ sessionId: visit.sessionId, userId: visit.userId, page: visit.page, seenAt: new Date() })
      .onConflictDoUpdate({
        target: marketPageActivity.sessionId,
        set: { userId: visit.userId, page: visit.page, seenAt: sql`now()` },
      });
  }
  const result = await db.execute(sql`
    with forgotten as (
      delete from market_page_activity where session_id in (
        select session_id from market_page_activity where seen_at < now() - ${FORGET_AFTER}::interval limit 100)
    )
    select
      (select count(*)::int from market_page_activity where seen_at > now() - ${ACTIVE_WINDOW}::interval) as active,
      (select count(*)::int from market_listings) as listed,
      (select coalesce(json_agg(term), '[]'::json) from (
         select term from market_search_terms where last_searched_at > now() - interval '7 days'
         order by searches desc, term limit 5) t) as trending`);
  const [row] = rowsOf<{ active: number; listed: number; trending: string[] }>(result);
  return {
    active_visitors: Number(row.active),
    quotes_today: await quotesToday(db),
    products_listed: Number(row.listed),
    trending: row.trending,
  };
}
