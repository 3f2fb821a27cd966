import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MARKET_LIMITS,
  type MarketProduct,
  type ProductPage,
  type PublicProduct,
  type SellerCard,
} from '@tradeloop/contracts/market';
import type { ProductDetail } from '@tradeloop/contracts/catalog';
import { pluralize, quantityText } from '@tradeloop/contracts/reference';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { oncePerPage } from '../../platform/ssr.ts';
import type { Storage } from '../../platform/storage.ts';
import { getProfile } from '../accounts/public.ts';
import {
  loadPricing,
  priceWith,
  type PricingContext,
  publicCatalogs,
  loadReferenceSets,
  productDetail,
  sheetOf,
} from '../catalog/public.ts';
import { followState, socialAccounts } from '../presence/public.ts';
import { listingFields, listingsByIds, presenter, productUrlOf, type ListingRow, type Presenter } from './listing.ts';
import { convert, currencyRef, currentRates, displayCurrency, type Rates } from './rates.ts';
import { marketListings, marketSellers, marketWishlist } from './tables.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * A public product (active, not deleted) by the last segment of a /productdetail/… URL: its id,
 * its slug or its unique number. Anything else, and any product that is not public, is 404.
 */
export async function findListing(db: Db, key: string): Promise<ListingRow> {
  const condition = /^\d{1,15}$/.test(key)
    ? eq(marketListings.productId, Number(key))
    : /^TLP-/i.test(key)
      ? eq(marketListings.uniqueNumber, key.toUpperCase())
      : eq(marketListings.slug, key.toLowerCase());
  const [row] = await db.select(listingFields).from(marketListings).where(condition).limit(1);
  if (!row) throw notFound();
  return row;
}

/** "3,613 metres in 41 days", "1 unit in 1 day": what a made-to-order supplier produces, and how fast. */
function capacityText(quantity: number, unit: string | null, days: number | null) {
  const period = days === null ? '' : ` in ${pluralize(days, 'day')}`;
  return `${quantityText(quantity, unit ?? 'Unit')}${period}`;
}

function when<T>(value: T | null | undefined, text: (value: T) => string): string | null {
  return value === null || value === undefined ? null : text(value);
}

/**
 * The page's prices, in the product's currency, from the one pricing function (decision 035): each
 * tier's unit price for the default configuration at the tier's first quantity; a fixed price at the
 * minimum order.
 */
export function pagePrices(row: ListingRow, pricing: PricingContext) {
  const priceAt = (quantity: number) => priceWith(pricing, { combination: undefined, quantity });
  const tiers = [];
  let pricedCombination: string | null = null;
  for (const tier of pricing.detail.order_quantity) {
    const priced = priceAt(tier.min);
    pricedCombination = priced.combination;
    tiers.push({ ...tier, per_unit: priced.unitPrice });
  }
  const single = tiers.length === 0 ? priceAt(Math.max(1, row.minOrder ?? 1)) : null;
  if (single) pricedCombination = single.combination;
  const perUnit = single ? [single.unitPrice] : tiers.map((tier) => tier.per_unit);
  return { tiers, pricedCombination, perUnit };
}

async function publicProduct(
  db: Db,
  row: ListingRow,
  detail: ProductDetail,
  rates: Rates,
  currencyId: number,
): Promise<PublicProduct> {
  const refs = await loadReferenceSets(db);
  const { currency, perUsd } = displayCurrency(rates, currencyId);
  const from = detail.price_currency?.id ?? null;
  const money = (amount: number | null) => (amount === null ? null : convert(rates, amount, from, perUsd));
  const sheet = await sheetOf(db, row.productId);
  const pricing = await loadPricing(db, row.companyId, row.productId, detail);
  const { tiers, pricedCombination, perUnit } = pagePrices(row, pricing);
  const countryName = (id: number | null) => (id === null ? null : (refs.countries.get(id)?.name ?? null));
  const originNames = detail.country_origins
    .map(({ country_code }) => refs.countries.get(refs.countryByKey.get(country_code.toLowerCase()) ?? -1)?.name)
    .filter((name): name is string => !!name);
  return {
    id: detail.id,
    name: detail.name,
    pre_title_name: detail.pre_title_name,
    slug: detail.slug,
    unique_number: detail.unique_number,
    product_url: productUrlOf(row),
    description: detail.description,
    model_number: detail.model_number,
    product_type: detail.product_type,
    availability: detail.availability,
    price_type: detail.price_type,
    condition: detail.condition,
    manufacturer_year: detail.manufacturer_year,
    validity: detail.validity,
    dispatch: when(detail.dispatch_in, (n) => `${n} ${detail.dispatch_day ?? 'Days'}`),
    delivery: when(detail.delivery_time, (n) => `${n} ${detail.delivery_select ?? 'Days'}`),
    current_stock: detail.current_stock,
    existence_place: detail.existence_place,
    origin:
      detail.availability === 'in_stock'
        ? [countryName(detail.country_origin_id)].filter((n) => n !== null)
        : originNames,
    territory: detail.tertiary_id === null ? null : (refs.territories.get(detail.tertiary_id) ?? null),
    sea_port: detail.sea_,
    air_port: detail.port_,
    in_house_production: when(detail.in_house_production, (n) =>
      capacityText(n, row.unitName, detail.in_house_production_days),
    ),
    price_term: detail.price_term_name,
    unit: row.unitName,
    currency,
    original_currency: currencyRef(rates, from),
    unit_price: perUnit.length ? money(Math.min(...perUnit)) : money(detail.price_min),
    unit_price_max: perUnit.length ? money(Math.max(...perUnit)) : money(detail.price_max),
    tiers: tiers.map((tier) => ({ min: tier.min, max: tier.max, per_unit: money(tier.per_unit)! })),
    priced_combination: pricedCombination,
    quantity: row.minOrder,
    choice_options: detail.choice_options.map(({ name, values }) => ({ name, values })),
    matrix: pricing.matrix
      .filter((variation) => variation.status === 'active')
      .map((variation) => ({
        value: variation.value,
        price: money(variation.price),
        is_default: variation.is_default,
      })),
    has_calculator: pricing.calculator !== null,
    photos: detail.photos,
    categories: detail.categories,
    brand: detail.brand,
    combinations: detail.combinations,
    specifications: sheet.groups
      .map((group) => ({
        name: group.name,
        items: group.items
          .filter((item) => item.value.trim() !== '')
          .map(({ name, value, unit }) => ({ name: name.replace(/_/g, ' '), value, unit })),
      }))
      .filter((group) => group.items.length > 0),
    created_at: detail.created_at,
    updated_at: detail.updated_at,
  };
}

async function sellerCard(db: Db, row: ListingRow, present: Presenter): Promise<SellerCard> {
  const details = present(row).company_details;
  const profile = row.sellerUserId ? await getProfile(db, row.sellerUserId).catch(() => null) : null;
  const [facts] = await db.select().from(marketSellers).where(eq(marketSellers.companyId, row.companyId));
  const [{ products }] = await db
    .select({ products: count() })
    .from(marketListings)
    .where(eq(marketListings.companyId, row.companyId));
  return {
    ...details,
    seller_user_id: row.sellerUserId,
    seller_name: profile?.full_name ?? null,
    city: profile?.city ?? null,
    annual_revenue: facts?.annualRevenue ?? null,
    member_since: profile?.created_at ?? row.createdAt.toISOString(),
    products,
    followers: (await followState(db, null, row.companyId)).followers,
    social: await socialAccounts(db, row.companyId),
  };
}

async function listingsWhere(db: Db, where: SQL | undefined, limit: number, order: SQL[] = []) {
  return db
    .select(listingFields)
    .from(marketListings)
    .where(where)
    .orderBy(...order, desc(marketListings.createdAt), desc(marketListings.productId))
    .limit(limit);
}

async function neighbours(db: Db, row: ListingRow, presenterFor: (shown: ListingRow[]) => Promise<Presenter>) {
  const others = ne(marketListings.productId, row.productId);
  const sameCategory = row.categoryId
    ? sql`${marketListings.categoryIds} @> array[${row.categoryId}]::int[]`
    : eq(marketListings.brandId, row.brandId);
  const related = await listingsWhere(db, and(others, sameCategory), MARKET_LIMITS.relatedProducts);
  const fromSeller = await listingsWhere(db, and(others, eq(marketListings.companyId, row.companyId)), 4);
  const simple = await listingsWhere(
    db,
    and(others, eq(marketListings.companyId, row.companyId), eq(marketListings.productType, 'simple')),
    6,
    row.categoryId ? [sql`(${marketListings.categoryIds} @> array[${row.categoryId}]::int[]) desc`] : [],
  );
  const similarResult = await db.execute(sql`
    select distinct on (company_id) product_id from market_listings
    where company_id <> ${row.companyId} and ${sameCategory}
    order by company_id, created_at desc`);
  const similarIds = rowsOf<{ product_id: number }>(similarResult).map((entry) => Number(entry.product_id));
  const similar = await listingsByIds(db, similarIds.slice(0, MARKET_LIMITS.similarSuppliers));
  const present = await presenterFor([...related, ...fromSeller, ...simple, ...similar]);
  const shown = (rows: ListingRow[]): MarketProduct[] => rows.map(present);
  return {
    related_products: shown(related),
    more_from_seller: shown(fromSeller),
    quote_related: shown(simple),
    similar_suppliers: shown(similar),
  };
}

async function isWishlisted(db: Db, userId: number | null, productId: number) {
  if (userId === null) return false;
  const [row] = await db
    .select({ userId: marketWishlist.userId })
    .from(marketWishlist)
    .where(and(eq(marketWishlist.userId, userId), eq(marketWishlist.productId, productId)));
  return !!row;
}

/** Everything the product page shows, prices in the buyer's currency. */
export async function productPage(
  db: Db,
  storage: Storage,
  key: string,
  options: { currency: number; userId: number | null },
): Promise<ProductPage> {
  const row = await findListing(db, key);
  const rates = await currentRates(db);
  const present = await presenter(db, rates, options.currency, [row]);
  const detail = await productDetail(db, row.companyId, row.productId);
  return {
    product: await publicProduct(db, row, detail, rates, options.currency),
    seller: await sellerCard(db, row, present),
    catalogs: await publicCatalogs(db, storage, { id: row.productId, companyId: row.companyId }),
    ...(await neighbours(db, row, (shown) => presenter(db, rates, options.currency, shown))),
    wishlisted: await isWishlisted(db, options.userId, row.productId),
  };
}

/**
 * The product page, read once per page request: a server-rendered product page's head (its title, price
 * and picture) and its data are the same read (platform/ssr.ts `oncePerPage`). Outside a page, `productPage`.
 */
export function productPageOfPage(
  db: Db,
  storage: Storage,
  key: string,
  options: { currency: number; userId: number | null },
  pageRequest?: FastifyRequest,
): Promise<ProductPage> {
  const read = `product-page:${key}:${options.currency}:${options.userId}`;
  return oncePerPage(read, () => productPage(db, storage, key, options), pageRequest);
}
