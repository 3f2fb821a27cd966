import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { wishlistPageSchema, wishlistQuerySchema } from '@tradeloop/contracts/market';
import type { Db, Tx } from '../../db/client.ts';
import { listingFields, presenter } from './listing.ts';
import { findListing } from './product-page.ts';
import { currentRates } from './rates.ts';
import { marketListings, marketProductStats, marketWishlist } from './tables.ts';

type WishlistPage = z.infer<typeof wishlistPageSchema>;

async function countWishlist(tx: Tx, productId: number, change: 1 | -1) {
  await tx
    .insert(marketProductStats)
    .values({ productId, wishlists: Math.max(change, 0) })
    .onConflictDoUpdate({
      target: marketProductStats.productId,
      set: { wishlists: sql`greatest(${marketProductStats.wishlists} + ${change}, 0)` },
    });
}

/**
 * Adds a public product to the user's wishlist. Returns the product's seller when the product was
 * not wished for before, so the caller can tell them; adding twice changes nothing.
 */
export async function addToWishlist(tx: Tx, userId: number, productId: number) {
  const listing = await findListing(tx as Db, String(productId));
  const inserted = await tx
    .insert(marketWishlist)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ productId: marketWishlist.productId });
  if (inserted.length) await countWishlist(tx, productId, 1);
  return inserted.length ? listing : null;
}

/** Removes a product (public or not any more) from the wishlist; removing twice changes nothing. */
export async function removeFromWishlist(tx: Tx, userId: number, productId: number) {
  const removed = await tx
    .delete(marketWishlist)
    .where(and(eq(marketWishlist.userId, userId), eq(marketWishlist.productId, productId)))
    .returning({ productId: marketWishlist.productId });
  if (removed.length) await countWishlist(tx, productId, -1);
}

/** The user's wished-for products that are still public, newest first. */
export async function listWishlist(
  db: Db,
  userId: number,
  query: z.infer<typeof wishlistQuerySchema>,
): Promise<WishlistPage> {
  const where = eq(marketWishlist.userId, userId);
  const [{ total }] = await db
    .select({ total: count() })
    .from(marketWishlist)
    .innerJoin(marketListings, eq(marketListings.productId, marketWishlist.productId))
    .where(where);
  const rows = await db
    .select({ listing: listingFields, addedAt: marketWishlist.createdAt })
    .from(marketWishlist)
    .innerJoin(marketListings, eq(marketListings.productId, marketWishlist.productId))
    .where(where)
    .orderBy(desc(marketWishlist.createdAt), desc(marketWishlist.productId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const present = await presenter(
    db,
    await currentRates(db),
    query.currency,
    rows.map(({ listing }) => listing),
  );
  return {
    data: rows.map(({ listing, addedAt }) => ({ ...present(listing), added_at: addedAt.toISOString() })),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

/** Ids of the user's wished-for products, for hearts on lists. */
export async function wishlistIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: marketWishlist.productId })
    .from(marketWishlist)
    .where(eq(marketWishlist.userId, userId));
  return rows.map((row) => row.productId);
}

/** Whether any of these users keeps one of the company's public products in their wishlist (lead scoring). */
export async function wishlistsCompanyProduct(db: Tx, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(marketWishlist)
    .innerJoin(marketListings, eq(marketListings.productId, marketWishlist.productId))
    .where(
      and(
        eq(marketListings.companyId, companyId),
        sql`${marketWishlist.userId} = any(${sql.param(userIds)}::bigint[])`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * wishlist_count of the seller statistics (decision 042): wishlist entries of these products (a
 * subquery of ids from the catalogue), all of them and those added in the window.
 */
export async function wishlistFigures(db: Tx, productIds: SQL, window: { from: Date; end: Date }) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      period: sql<number>`(count(*) filter (where ${marketWishlist.createdAt} >= ${window.from.toISOString()} and ${marketWishlist.createdAt} < ${window.end.toISOString()}))::int`,
    })
    .from(marketWishlist)
    .where(sql`${marketWishlist.productId} in (${productIds})`);
  return row;
}
