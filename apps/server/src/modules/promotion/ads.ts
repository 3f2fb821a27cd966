import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  AD_LIMITS,
  PROMOTION_MESSAGES,
  adStatus,
  utcDay,
  type Ad,
  type AdCreateBody,
  type AdType,
  type SponsoredAd,
  type SponsoredQuery,
} from '@tradeloop/contracts/promotion';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { companyProductSummaries } from '../catalog/public.ts';
import { publicCards } from '../market/public.ts';
import { pageEffect } from '../../platform/page-effects.ts';
import type { AdCounters } from './counters.ts';
import { adDailyStats, adProducts, ads } from './tables.ts';

type AdRow = typeof ads.$inferSelect;

/** Refuses products that are not the company's own (or are deleted), on the entry's field. */
async function checkProducts(tx: Tx, companyId: number, productIds: number[]) {
  const owned = new Set((await companyProductSummaries(tx, companyId, productIds)).map((product) => product.id));
  const errors: Record<string, string[]> = {};
  productIds.forEach((id, index) => {
    if (!owned.has(id)) errors[`product_ids.${index}`] = [PROMOTION_MESSAGES.productNotYours];
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

async function ownedAd(db: Tx, companyId: number, id: number, forUpdate = false): Promise<AdRow> {
  const query = db
    .select()
    .from(ads)
    .where(and(eq(ads.id, id), eq(ads.companyId, companyId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(PROMOTION_MESSAGES.adNotFound);
  return row;
}

async function present(db: Tx, companyId: number, rows: AdRow[]): Promise<Ad[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const links = await db
    .select()
    .from(adProducts)
    .where(inArray(adProducts.adId, ids))
    .orderBy(asc(adProducts.adId), asc(adProducts.position));
  const stats = await db
    .select({
      adId: adDailyStats.adId,
      impressions: sql<number>`sum(${adDailyStats.impressions})::int`,
      clicks: sql<number>`sum(${adDailyStats.clicks})::int`,
    })
    .from(adDailyStats)
    .where(inArray(adDailyStats.adId, ids))
    .groupBy(adDailyStats.adId);
  const products = new Map(
    (await companyProductSummaries(db, companyId, [...new Set(links.map((link) => link.productId))])).map((product) => [
      product.id,
      { id: product.id, name: product.name, main_image: product.main_image },
    ]),
  );
  const statsOf = new Map(stats.map((entry) => [entry.adId, entry]));
  const today = utcDay();
  return rows.map((row) => {
    const productIds = links.filter((link) => link.adId === row.id).map((link) => link.productId);
    const dates = { start_date: row.startDate, end_date: row.endDate };
    return {
      id: row.id,
      ad_type: row.adType,
      title_1: row.title1,
      title_2: row.title2,
      title_3: row.title3,
      product_ids: productIds,
      products: productIds.map((id) => products.get(id)).filter((product) => product !== undefined),
      ...dates,
      status: adStatus(dates, today),
      impressions: Number(statsOf.get(row.id)?.impressions ?? 0),
      clicks: Number(statsOf.get(row.id)?.clicks ?? 0),
      created_at: row.createdAt.toISOString(),
    };
  });
}

const columns = (body: AdCreateBody) => ({
  adType: body.ad_type,
  title1: body.title_1,
  title2: body.title_2,
  title3: body.title_3,
  startDate: body.start_date,
  endDate: body.end_date,
});

async function setProducts(tx: Tx, adId: number, productIds: number[]) {
  await tx.delete(adProducts).where(eq(adProducts.adId, adId));
  await tx.insert(adProducts).values(productIds.map((productId, position) => ({ adId, productId, position })));
}

export async function createAd(tx: Tx, companyId: number, body: AdCreateBody): Promise<Ad> {
  await checkProducts(tx, companyId, body.product_ids);
  const [row] = await tx
    .insert(ads)
    .values({ companyId, ...columns(body) })
    .returning();
  await setProducts(tx, row.id, body.product_ids);
  return (await present(tx, companyId, [row]))[0];
}

export async function updateAd(tx: Tx, companyId: number, id: number, body: AdCreateBody): Promise<Ad> {
  await ownedAd(tx, companyId, id, true);
  await checkProducts(tx, companyId, body.product_ids);
  const [row] = await tx
    .update(ads)
    .set({ ...columns(body), updatedAt: new Date() })
    .where(eq(ads.id, id))
    .returning();
  await setProducts(tx, id, body.product_ids);
  return (await present(tx, companyId, [row]))[0];
}

export async function deleteAd(tx: Tx, companyId: number, id: number) {
  await ownedAd(tx, companyId, id, true);
  await tx.delete(ads).where(eq(ads.id, id));
  return { id };
}

export async function adDetails(db: Tx, companyId: number, id: number): Promise<Ad> {
  return (await present(db, companyId, [await ownedAd(db, companyId, id)]))[0];
}

export async function listAds(db: Tx, companyId: number, query: { page: number; per_page: number }) {
  const where = eq(ads.companyId, companyId);
  const [{ total }] = await db.select({ total: count() }).from(ads).where(where);
  const rows = await db
    .select()
    .from(ads)
    .where(where)
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: await present(db, companyId, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// Sponsored slots

/** Lower case, words of letters and digits separated by one space, padded so whole words can be found. */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/**
 * A search matches a term when the term's words are in the search in order (a search for "hydraulic
 * gear pump 20 bar" matches the term "gear pump"), or the search's words are in the term and the
 * search has three letters or more ("pump" matches "gear pump").
 */
export function termMatches(search: string, term: string): boolean {
  const haystack = words(search);
  const needle = words(term);
  if (needle.trim() === '' || haystack.trim() === '') return false;
  return haystack.includes(needle) || (haystack.trim().length >= 3 && needle.includes(haystack));
}

/** How many running ads are read to choose from; more would need an index on the terms. */
const CANDIDATES = 500;
/** Products shown per sponsored ad. */
const CARDS_PER_AD = 3;

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}

/**
 * GET front/ads/sponsored: at most AD_LIMITS.slots running ads (today, UTC, between their dates)
 * matching a product list search (keyword; a category alone matches ads with a product in it) or,
 * with product_id, a product page (its name, or its categories), each with its public products as
 * list cards. Served ads count one impression each, unless the caller is a bot.
 */
export async function sponsoredAds(
  db: Db,
  query: SponsoredQuery,
  options: { counters: AdCounters; countImpressions: boolean },
): Promise<SponsoredAd[]> {
  const keyword = query.keyword?.trim() ?? '';
  let viewed: { name: string; categoryIds: number[]; productId: number } | null = null;
  if (query.product_id) {
    const [page] = await publicCards(db, [query.product_id], query.currency);
    if (!page) return [];
    viewed = { name: page.name, categoryIds: page.categoryIds, productId: query.product_id };
  } else if (!keyword && !query.category_id) return [];
  const types: AdType[] = viewed ? ['product_page', 'both'] : ['product_list', 'both'];
  const today = utcDay();
  const candidates = await db
    .select()
    .from(ads)
    .where(and(lte(ads.startDate, today), gte(ads.endDate, today), inArray(ads.adType, types)))
    .orderBy(sql`random()`)
    .limit(CANDIDATES);
  const termsOf = (ad: AdRow) => [ad.title1, ad.title2, ad.title3].filter((term): term is string => !!term);
  const byTerm = (search: string) => candidates.filter((ad) => termsOf(ad).some((term) => termMatches(search, term)));
  // With a keyword the terms decide; a product page matches by its name first, then by category.
  const matched = keyword ? byTerm(keyword) : viewed ? byTerm(viewed.name) : [];
  const rest = keyword ? [] : candidates.filter((ad) => !matched.includes(ad));
  const category = query.category_id ?? null;
  const slots: SponsoredAd[] = [];
  for (const group of [shuffle(matched), rest]) {
    if (group.length === 0) continue;
    const links = await db
      .select()
      .from(adProducts)
      .where(
        inArray(
          adProducts.adId,
          group.map((ad) => ad.id),
        ),
      )
      .orderBy(asc(adProducts.adId), asc(adProducts.position));
    const cards = new Map(
      (await publicCards(db, [...new Set(links.map((link) => link.productId))], query.currency)).map((entry) => [
        entry.card.id,
        entry,
      ]),
    );
    for (const ad of group) {
      if (slots.length >= AD_LIMITS.slots) break;
      const shown = links
        .filter((link) => link.adId === ad.id)
        .map((link) => cards.get(link.productId))
        .filter((entry) => entry !== undefined)
        .filter((entry) => entry.card.id !== viewed?.productId)
        .filter((entry) => {
          const wanted = viewed ? null : category;
          if (wanted !== null) return entry.categoryIds.includes(wanted);
          // In the second group (a product page's category match), only products sharing a category.
          if (viewed && group === rest) return entry.categoryIds.some((id) => viewed.categoryIds.includes(id));
          return true;
        })
        .slice(0, CARDS_PER_AD);
      if (shown.length === 0) continue;
      slots.push({ ad_id: ad.id, title: ad.title1, products: shown.map((entry) => entry.card) });
    }
    if (slots.length >= AD_LIMITS.slots) break;
  }
  if (options.countImpressions) for (const slot of slots) options.counters.count(slot.ad_id, 'impressions');
  // A cached page shows its ads to each of its visitors: each view counts (decision 050).
  if (slots.length)
    pageEffect(
      'promotion.impressions',
      slots.map((slot) => slot.ad_id),
    );
  return slots;
}

/** A click on a sponsored card: counted when the ad is running and the product is one of its own. */
export async function countClick(
  db: Db,
  adId: number,
  productId: number | undefined,
  options: { counters: AdCounters; countable: boolean },
) {
  const today = utcDay();
  const [ad] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.id, adId), lte(ads.startDate, today), gte(ads.endDate, today)));
  if (!ad) throw notFound(PROMOTION_MESSAGES.adNotFound);
  if (productId !== undefined) {
    const [link] = await db
      .select({ adId: adProducts.adId })
      .from(adProducts)
      .where(and(eq(adProducts.adId, adId), eq(adProducts.productId, productId)));
    if (!link) throw notFound(PROMOTION_MESSAGES.adNotFound);
  }
  if (options.countable) options.counters.count(adId, 'clicks');
  return { counted: options.countable };
}
