import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { marketProductStats } from './tables.ts';

/** One more quote request for a product (the "popular" panels weigh them). */
export async function countQuote(tx: Tx, productId: number) {
  await tx
    .insert(marketProductStats)
    .values({ productId, quotes: 1 })
    .onConflictDoUpdate({
      target: marketProductStats.productId,
      set: { quotes: sql`${marketProductStats.quotes} + 1` },
    });
}

/**
 * Brings the search index up to date inside the current transaction (it is otherwise refreshed at
 * commit): for code that lists products it created in the same transaction, such as demo data.
 */
export async function refreshListingsNow(tx: Tx) {
  await tx.execute(sql`set constraints market_refresh_at_commit immediate`);
  await tx.execute(sql`set constraints market_refresh_at_commit deferred`);
}
