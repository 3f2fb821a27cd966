import { and, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { productTitle } from '@tradeloop/contracts/catalog';
import type { BuyerRecommendation, RecommendationReason, SupplierNews } from '@tradeloop/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { listingFields, listingsByIds, presenter, productUrlOf, type ListingRow } from './listing.ts';
import { currentRates } from './rates.ts';
import { marketListings } from './tables.ts';

/**
 * A buyer's recommendations (decision 066): public products in the categories they chose in onboarding
 * and in the categories of the products they viewed, leaving out what they viewed and what else the
 * caller names (their wishlist). Sellers in the buyer's chosen countries come first, then the newest.
 */
export async function recommendedProducts(
  db: Db,
  input: {
    interestCategoryIds: number[];
    countryCodes: string[];
    viewedProductIds: number[];
    excludeProductIds: number[];
    currency: number;
    limit: number;
  },
): Promise<BuyerRecommendation[]> {
  const viewed = await listingsByIds(db, input.viewedProductIds);
  // A viewed product's own category (the deepest), not its ancestors: those would take in half the catalogue.
  const browsedCategoryIds = [...new Set(viewed.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))];
  const excluded = [...new Set([...input.viewedProductIds, ...input.excludeProductIds])];
  const inCategories = async (categoryIds: number[]) =>
    categoryIds.length === 0
      ? []
      : db
          .select(listingFields)
          .from(marketListings)
          .where(
            and(
              sql`${marketListings.categoryIds} && ${sql.param(categoryIds)}::int[]`,
              excluded.length > 0
                ? sql`not (${marketListings.productId} = any(${sql.param(excluded)}::bigint[]))`
                : undefined,
            ),
          )
          .orderBy(...countryFirst(input.countryCodes), desc(marketListings.createdAt), desc(marketListings.productId))
          .limit(input.limit);
  const [fromInterests, fromBrowsing] = await Promise.all([
    inCategories(input.interestCategoryIds),
    inCategories(browsedCategoryIds),
  ]);
  const picked = interleave(fromInterests, fromBrowsing, input.limit);
  const present = await presenter(
    db,
    await currentRates(db),
    input.currency,
    picked.map(({ row }) => row),
  );
  return picked.map(({ row, reason }) => ({ ...present(row), reason }));
}

/** Sellers in the buyer's chosen countries first (no order at all when they chose none). */
function countryFirst(countryCodes: string[]): SQL[] {
  return countryCodes.length === 0
    ? []
    : [sql`(${marketListings.countryCode} = any(${sql.param(countryCodes)}::text[])) desc`];
}

/** Takes from both lists in turn (interests first), each product once, up to `limit`. */
function interleave(interests: ListingRow[], browsing: ListingRow[], limit: number) {
  const picked: { row: ListingRow; reason: RecommendationReason }[] = [];
  const seen = new Set<number>();
  for (let index = 0; picked.length < limit && index < Math.max(interests.length, browsing.length); index += 1) {
    for (const [row, reason] of [
      [interests[index], 'interests'],
      [browsing[index], 'browsing'],
    ] as const) {
      if (row && !seen.has(row.productId) && picked.length < limit) {
        seen.add(row.productId);
        picked.push({ row, reason });
      }
    }
  }
  return picked;
}

/** The newest public products of these companies, as news of suppliers a buyer follows (decision 066). */
export async function newProductsOf(db: Db, companyIds: number[], limit: number): Promise<SupplierNews[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select(listingFields)
    .from(marketListings)
    .where(inArray(marketListings.companyId, companyIds))
    .orderBy(desc(marketListings.createdAt), desc(marketListings.productId))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'product' as const,
    id: row.productId,
    title: productTitle({ pre_title_name: row.preTitleName, name: row.name }),
    url: productUrlOf(row),
    company_id: row.companyId,
    company_name: row.companyName,
    at: row.createdAt.toISOString(),
  }));
}
