import { count, countDistinct, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_MEMBER_TYPE,
  type MemberType,
  type sellerProductsPageSchema,
  type sellerProductsQuerySchema,
} from '@tradeloop/contracts/market';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { getProfile, companyExists } from '../accounts/public.ts';
import { categoryTree } from '../catalog/public.ts';
import { listCountries } from '../reference/public.ts';
import { listingFields, presenter, type ListingRow } from './listing.ts';
import { currentRates } from './rates.ts';
import { marketListings, marketSellers } from './tables.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';

type SellerProductsQuery = z.infer<typeof sellerProductsQuerySchema>;
type SellerProductsPage = z.infer<typeof sellerProductsPageSchema>;

/** Country names (or codes) and category names (or slugs) to ids; unknown ones match nothing. */
async function sellerConditions(db: Db, query: SellerProductsQuery): Promise<SQL> {
  const parts: SQL[] = [];
  if (query.business_type?.length) parts.push(sql`business_type in (${sqlList(query.business_type)})`);
  if (query.country_name?.length) {
    const countries = await listCountries(db);
    const wanted = new Set(query.country_name.map((name) => name.toLowerCase()));
    const codes = countries
      .filter(
        (c) => wanted.has(c.name.toLowerCase()) || wanted.has(c.iso2.toLowerCase()) || wanted.has(c.code.toLowerCase()),
      )
      .map((c) => c.iso2);
    parts.push(codes.length ? sql`country_code in (${sqlList(codes)})` : sql`false`);
  }
  if (query.category_name?.length) {
    const tree = await categoryTree(db);
    const wanted = new Set(query.category_name.map((name) => name.toLowerCase().replace(/-/g, ' ')));
    const ids = tree.rows
      .filter((row) => wanted.has(row.name.toLowerCase().replace(/-/g, ' ')) || wanted.has(row.slug.replace(/-/g, ' ')))
      .map((row) => row.id);
    parts.push(ids.length ? sql`category_ids && array[${sqlList(ids)}]::int[]` : sql`false`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const TOP_PRODUCTS = 4;

/** GET product/manufacture/seller_products: sellers of a type, country and category, with their products. */
export async function sellerProducts(db: Db, query: SellerProductsQuery): Promise<SellerProductsPage> {
  const where = await sellerConditions(db, query);
  const totals = await db.execute(sql`
    select company_id, count(*)::int as products, count(*) over ()::int as total
    from market_listings where ${where}
    group by company_id order by count(*) desc, company_id
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  const found = rowsOf<{ company_id: number; products: number; total: number }>(totals);
  const total = found[0] ? Number(found[0].total) : 0;
  const companyIds = found.map((row) => Number(row.company_id));
  const top = companyIds.length
    ? await db
        .select({
          ...listingFields,
          position: sql<number>`row_number() over (partition by company_id order by created_at desc, product_id desc)`,
        })
        .from(marketListings)
        .where(sql`${where} and company_id in (${sqlList(companyIds)})`)
    : [];
  const present = await presenter(db, await currentRates(db), query.currency, top);
  const byCompany = new Map<number, ListingRow[]>();
  for (const row of top
    .filter((entry) => Number(entry.position) <= TOP_PRODUCTS)
    .sort((a, b) => Number(a.position) - Number(b.position))) {
    byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  }
  const data = [];
  for (const row of found) {
    const products = byCompany.get(Number(row.company_id)) ?? [];
    if (products.length === 0) continue;
    const { company_details: company } = present(products[0]);
    const profile = products[0].sellerUserId ? await getProfile(db, products[0].sellerUserId).catch(() => null) : null;
    data.push({
      ...company,
      seller_user_id: products[0].sellerUserId,
      products: Number(row.products),
      city: profile?.city ?? null,
      top_products: products.map(present),
    });
  }
  return {
    data,
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// The company's marketplace facts

export async function sellerMarketProfile(db: Tx, companyId: number) {
  const [row] = await db.select().from(marketSellers).where(eq(marketSellers.companyId, companyId));
  return {
    company_id: companyId,
    annual_revenue: row?.annualRevenue ?? null,
    member_type: row?.memberType ?? DEFAULT_MEMBER_TYPE,
  };
}

export async function setAnnualRevenue(tx: Tx, companyId: number, annualRevenue: string | null) {
  await tx
    .insert(marketSellers)
    .values({ companyId, annualRevenue })
    .onConflictDoUpdate({ target: marketSellers.companyId, set: { annualRevenue, updatedAt: new Date() } });
  return sellerMarketProfile(tx, companyId);
}

/** The member type of each company; one never set is the default. */
export async function memberTypesOf(db: Tx, companyIds: number[]): Promise<Map<number, MemberType>> {
  const rows = companyIds.length
    ? await db
        .select({ companyId: marketSellers.companyId, memberType: marketSellers.memberType })
        .from(marketSellers)
        .where(inArray(marketSellers.companyId, companyIds))
    : [];
  const types = new Map(rows.map((row) => [row.companyId, row.memberType as MemberType]));
  return new Map(companyIds.map((id) => [id, types.get(id) ?? DEFAULT_MEMBER_TYPE]));
}

/** The operator verifies a seller (or takes the verification back). */
export async function setMemberType(tx: Tx, companyId: number, memberType: string) {
  if (!(await companyExists(tx, companyId))) throw notFound();
  await tx
    .insert(marketSellers)
    .values({ companyId, memberType })
    .onConflictDoUpdate({ target: marketSellers.companyId, set: { memberType, updatedAt: new Date() } });
  return sellerMarketProfile(tx, companyId);
}

// ---------------------------------------------------------------------------------------------
// A company's storefront (its mini-site, decision 044)

/** The company's public products: how many, and the newest `limit` in the currency asked. */
export async function companyShowcase(db: Db, companyId: number, options: { limit: number; currency: number }) {
  const where = eq(marketListings.companyId, companyId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(marketListings).where(where),
    db
      .select(listingFields)
      .from(marketListings)
      .where(where)
      .orderBy(desc(marketListings.createdAt), desc(marketListings.productId))
      .limit(options.limit),
  ]);
  const present = await presenter(db, await currentRates(db), options.currency);
  return { total, products: rows.map(present) };
}

/** Slugs of the companies with public products, in slug order, for the sitemap's mini-site pages. */
export async function storefrontSlugs(db: Db, page: { offset: number; limit: number }) {
  const rows = await db
    .selectDistinct({ slug: marketListings.companySlug })
    .from(marketListings)
    .where(isNotNull(marketListings.companySlug))
    .orderBy(marketListings.companySlug)
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => row.slug!);
}

export async function storefrontCount(db: Db) {
  const [{ total }] = await db.select({ total: countDistinct(marketListings.companySlug) }).from(marketListings);
  return total;
}
