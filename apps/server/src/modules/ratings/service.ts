import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { RatingSummary } from '@tradeloop/contracts/reviews';
import type { Tx } from '../../db/client.ts';
import { companyRatingStats } from './tables.ts';

/*
 * Sellers' ratings (decision 045): one row of figures per company, which the reviews module writes in
 * the transaction of every change to a company's visible reviews. The marketplace's cards and filter,
 * the supplier directory and the mini-site read them here, below all of those modules.
 */

/** How many visible reviews give 1, 2, 3, 4 and 5 stars. */
export type StarCounts = [number, number, number, number, number];

const EMPTY_SUMMARY: RatingSummary = { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

/** Stores a company's figures from its visible reviews' stars (in the caller's transaction). */
export async function storeCompanyRating(tx: Tx, companyId: number, stars: StarCounts) {
  const count = stars.reduce((sum, n) => sum + n, 0);
  const total = stars.reduce((sum, n, index) => sum + n * (index + 1), 0);
  const values = {
    count,
    total,
    average: count === 0 ? null : Math.round((total / count) * 100) / 100,
    stars1: stars[0],
    stars2: stars[1],
    stars3: stars[2],
    stars4: stars[3],
    stars5: stars[4],
    updatedAt: new Date(),
  };
  await tx
    .insert(companyRatingStats)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyRatingStats.companyId, set: values });
}

const roundedAverage = (average: number | null) => (average === null ? null : Math.round(Number(average) * 10) / 10);

/** Average (to one decimal) and count of the visible reviews of each company given (none: left out). */
export async function companyRatings(
  db: Tx,
  companyIds: number[],
): Promise<Map<number, { average: number; count: number }>> {
  const ids = [...new Set(companyIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: companyRatingStats.companyId,
      average: companyRatingStats.average,
      count: companyRatingStats.count,
    })
    .from(companyRatingStats)
    .where(and(inArray(companyRatingStats.companyId, ids), sql`${companyRatingStats.count} > 0`));
  return new Map(rows.map((row) => [row.companyId, { average: roundedAverage(row.average)!, count: row.count }]));
}

/** The companies whose average rating is at least `min` stars (the product list's filter). */
export async function companiesRatedAtLeast(db: Tx, min: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: companyRatingStats.companyId })
    .from(companyRatingStats)
    .where(and(gte(companyRatingStats.average, min), sql`${companyRatingStats.count} > 0`));
  return rows.map((row) => row.companyId);
}

/** A company's average, count and distribution over its visible reviews. */
export async function ratingSummary(db: Tx, companyId: number): Promise<RatingSummary> {
  const [row] = await db.select().from(companyRatingStats).where(eq(companyRatingStats.companyId, companyId));
  if (!row || row.count === 0) return EMPTY_SUMMARY;
  return {
    average: roundedAverage(row.average),
    count: row.count,
    distribution: { 1: row.stars1, 2: row.stars2, 3: row.stars3, 4: row.stars4, 5: row.stars5 },
  };
}
