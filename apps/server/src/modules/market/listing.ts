import { getTableColumns, inArray } from 'drizzle-orm';
import { productPath, type MarketProduct } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { imageUrls } from '../catalog/public.ts';
import { countryNamesByCode } from '../reference/public.ts';
import { companyRatings } from '../ratings/public.ts';
import { convert, currencyRef, currentRates, displayCurrency, type Rates } from './rates.ts';
import { marketListings } from './tables.ts';

/** A listing without its search document (never sent anywhere). */
export type ListingRow = Omit<typeof marketListings.$inferSelect, 'document'>;
const { document: _document, ...listingFields } = getTableColumns(marketListings);
export { listingFields };

/** Everything a list shows, in the buyer's currency. */
export type Presenter = (row: ListingRow) => MarketProduct;

/** `shown`: the listings it will present, whose sellers' ratings it reads at once (decision 045). */
export async function presenter(
  db: Db,
  rates: Rates,
  currencyId: number,
  shown: readonly Pick<ListingRow, 'companyId'>[] = [],
): Promise<Presenter> {
  const countryNames = await countryNamesByCode(db);
  const ratings = await companyRatings(
    db,
    shown.map((row) => row.companyId),
  );
  const { currency, perUsd } = displayCurrency(rates, currencyId);
  const price = (amount: number | null, from: number | null) =>
    amount === null ? null : convert(rates, amount, from, perUsd);
  return (row) => ({
    id: row.productId,
    name: row.name,
    pre_title_name: row.preTitleName,
    slug: row.slug,
    unique_number: row.uniqueNumber,
    product_url: productUrlOf(row),
    summary: row.summary,
    category_name: row.categoryName,
    category_lists: row.categoryId && row.categoryName ? [{ id: row.categoryId, name: row.categoryName }] : [],
    brand_name: row.brandName,
    shop_name: row.companyName,
    company_details: {
      id: row.companyId,
      name: row.companyName,
      slug: row.companySlug,
      business_type: row.businessType,
      country: row.countryCode,
      country_name: row.countryCode ? (countryNames.get(row.countryCode) ?? null) : null,
      member_type: row.memberType,
      plan_type: row.planType,
    },
    seller_user_id: row.sellerUserId,
    seller_rating: ratings.get(row.companyId) ?? null,
    unit_price: price(row.priceMin, row.priceCurrencyId),
    unit_price_max: price(row.priceMax, row.priceCurrencyId),
    currency,
    original_price: { min: row.priceMin, max: row.priceMax, currency: currencyRef(rates, row.priceCurrencyId) },
    price_term: row.priceTerm,
    unit: row.unitName,
    main_image: row.mainImage ? imageOf(row.mainImage) : null,
    quantity: row.minOrder,
    combinations: row.combinations,
    product_type: row.productType,
    availability: row.availability,
    price_type: row.priceType,
    condition: row.condition,
    manufacturer_year: row.manufacturerYear,
    created_at: row.createdAt.toISOString(),
  });
}

export function imageOf(storageKey: string) {
  const { thumb, card, full } = imageUrls(storageKey, 'image/jpeg');
  return { thumb, card, full };
}

export function productUrlOf(row: Pick<ListingRow, 'categoryName' | 'brandName' | 'companySlug' | 'slug'>) {
  return productPath({
    category: row.categoryName,
    brand: row.brandName,
    companySlug: row.companySlug,
    slug: row.slug,
  });
}

/** Listing rows in the order of `ids` (missing ones skipped). */
export async function listingsByIds(db: Db, ids: number[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(listingFields).from(marketListings).where(inArray(marketListings.productId, ids));
  const byId = new Map(rows.map((row) => [row.productId, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ListingRow => row !== undefined);
}

/**
 * The public listing of `ids` (products not public are left out) as list cards in `currency`,
 * with the categories each is in: another module (promotion) shows sponsored products with it.
 */
export async function publicCards(
  db: Db,
  ids: number[],
  currency: number,
): Promise<{ card: MarketProduct; categoryIds: number[]; name: string }[]> {
  const rows = await listingsByIds(db, ids);
  if (rows.length === 0) return [];
  const present = await presenter(db, await currentRates(db), currency);
  return rows.map((row) => ({ card: present(row), categoryIds: row.categoryIds ?? [], name: row.name }));
}
