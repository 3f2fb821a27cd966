import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingsByIds, type ListingRow } from './listing.ts';
import { parseDocument, SearchIndex, type IndexedListing } from './search-index.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';
import { ChangeFollower, RELOAD_AFTER_MS, snapshotXmin } from '../../db/change-follower.ts';

/**
 * Keeps a process's search index in step with market_listings (docs/decisions/020). The index is
 * loaded once, from one snapshot; before each search it reads the product ids that transactions
 * wrote since (market_listing_changes, filled by triggers) and re-reads those listings. A search
 * therefore sees every change committed before it started, from any process.
 */

const LISTING_COLUMNS = sql.raw(`product_id, company_id, seller_user_id, company_name, company_slug, brand_id,
  brand_name, category_ids, business_type, annual_revenue, condition, price_type, availability, manufacturer_year,
  member_type, country_code, plan_type, price_min_usd::float8 as price_min_usd,
  (extract(epoch from created_at) * 1000)::float8 as created_ms, main_image is not null as has_image,
  document::text as document`);
const BATCH = 5_000;
export const LISTING_CHANGE_LOG = {
  table: sql.raw('market_listing_changes'),
  row: sql.raw(`json_build_object('t', txid::text, 'p', product_id)`),
};
/** Listing rows kept for presenting results: the products searches show most stay in memory. */
const KEPT_ROWS = 10_000;
/** `big_post` ranks by popularity counts that the counters write every 10 seconds anyway. */
const POPULARITY_TTL_MS = 10_000;

type ListingRecord = {
  product_id: string | number;
  company_id: string | number;
  seller_user_id: string | number | null;
  company_name: string;
  company_slug: string;
  brand_id: number;
  brand_name: string;
  category_ids: number[];
  business_type: string;
  annual_revenue: string | null;
  condition: string | null;
  price_type: string;
  availability: string;
  manufacturer_year: number | null;
  member_type: string;
  country_code: string | null;
  plan_type: string;
  price_min_usd: number | string | null;
  created_ms: number | string;
  has_image: boolean;
  document: string;
};

function toListing(row: ListingRecord): IndexedListing {
  return {
    productId: Number(row.product_id),
    companyId: Number(row.company_id),
    sellerUserId: row.seller_user_id === null ? null : Number(row.seller_user_id),
    companyName: row.company_name,
    companySlug: row.company_slug,
    brandId: Number(row.brand_id),
    brandName: row.brand_name,
    categoryIds: row.category_ids.map(Number),
    businessType: row.business_type,
    annualRevenue: row.annual_revenue,
    condition: row.condition,
    priceType: row.price_type,
    availability: row.availability,
    manufacturerYear: row.manufacturer_year === null ? null : Number(row.manufacturer_year),
    memberType: row.member_type,
    countryCode: row.country_code,
    planType: row.plan_type,
    priceMinUsd: row.price_min_usd === null ? null : Number(row.price_min_usd),
    createdAt: Number(row.created_ms),
    hasImage: row.has_image,
    lexemes: parseDocument(row.document),
  };
}

export class ListingIndexStore {
  private index: SearchIndex | null = null;
  private loading: Promise<SearchIndex> | null = null;
  private readonly changes: ChangeFollower<{ t: string; p: number }>;
  private popularity: { at: number; scores: Map<number, number> } | null = null;
  private keptRows = new Map<number, ListingRow>();
  /** Counts the looks that found changes: rows read across one are not kept (they may predate it). */
  private epoch = 0;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    this.changes = new ChangeFollower(db, LISTING_CHANGE_LOG, (changes) =>
      this.reread([...new Set(changes.map((change) => Number(change.p)))]),
    );
  }

  /** The index with every change committed before this call. */
  async current(): Promise<SearchIndex> {
    if (this.index && Date.now() - this.changes.lookedAt > RELOAD_AFTER_MS) this.index = null;
    // A load under way may have begun before the caller's latest write: look for changes after it.
    const index = this.index ?? (await (this.loading ??= this.load().finally(() => (this.loading = null))));
    await this.changes.look();
    return index;
  }

  async popularityScores(): Promise<ReadonlyMap<number, number>> {
    if (!this.popularity || Date.now() - this.popularity.at > POPULARITY_TTL_MS) {
      const rows = rowsOf<{ product_id: string | number; score: number }>(
        await this.db.execute(
          sql`select product_id, (views + 3 * wishlists + 5 * quotes)::int as score from market_product_stats`,
        ),
      );
      this.popularity = { at: Date.now(), scores: new Map(rows.map((row) => [Number(row.product_id), row.score])) };
    }
    return this.popularity.scores;
  }

  /**
   * Listing rows of products, in the order asked, for a search that has called current(): kept rows
   * are dropped as soon as a look finds their listing changed.
   */
  async rows(productIds: number[]): Promise<ListingRow[]> {
    const missing = productIds.filter((id) => !this.keptRows.has(id));
    if (missing.length) {
      const epoch = this.epoch;
      const read = await listingsByIds(this.db, missing);
      if (epoch !== this.epoch) {
        const fresh = new Map(read.map((row) => [row.productId, row]));
        return productIds.flatMap((id) => fresh.get(id) ?? this.keptRows.get(id) ?? []);
      }
      if (this.keptRows.size + read.length > KEPT_ROWS) this.keptRows.clear();
      for (const row of read) this.keptRows.set(row.productId, row);
    }
    return productIds.flatMap((id) => this.keptRows.get(id) ?? []);
  }

  private async load(): Promise<SearchIndex> {
    const index = new SearchIndex();
    const horizon = await this.db.transaction(
      async (tx) => {
        const xmin = await snapshotXmin(tx);
        for (let after = 0; ;) {
          const rows = rowsOf<ListingRecord>(
            await tx.execute(sql`select ${LISTING_COLUMNS} from market_listings
              where product_id > ${after} order by product_id limit ${BATCH}`),
          );
          for (const row of rows) index.upsert(toListing(row));
          if (rows.length < BATCH) break;
          after = Number(rows.at(-1)!.product_id);
        }
        return xmin;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.changes.reset(horizon);
    this.keptRows.clear();
    this.epoch += 1;
    this.index = index;
    return index;
  }

  /** Re-reads listings: a product no longer listed leaves the index. */
  private async reread(productIds: number[]) {
    this.epoch += 1;
    for (const id of productIds) this.keptRows.delete(id);
    for (let start = 0; start < productIds.length; start += BATCH) {
      const ids = productIds.slice(start, start + BATCH);
      const rows = rowsOf<ListingRecord>(
        await this.db.execute(
          sql`select ${LISTING_COLUMNS} from market_listings where product_id in (${sqlList(ids)})`,
        ),
      );
      const found = new Set<number>();
      for (const row of rows) {
        const listing = toListing(row);
        found.add(listing.productId);
        this.index!.upsert(listing);
      }
      for (const id of ids) if (!found.has(id)) this.index!.remove(id);
    }
  }
}

const stores = new WeakMap<Db, ListingIndexStore>();

/** The search index of a database, one per process. */
export function listingIndex(db: Db): ListingIndexStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new ListingIndexStore(db)));
  return store;
}
