import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../catalog/taxonomy-service.ts';
import { listingsByIds, type ListingRow } from './listing.ts';
import { parseDocument, SearchIndex, type IndexedListing } from './search-index.ts';
import { sqlList } from '../../db/sql.ts';

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
/** The change log keeps an hour; an index that has not looked for most of it loads again. */
const LOG_KEEP = sql.raw(`interval '1 hour'`);
const RELOAD_AFTER_MS = 50 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
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
  /** Transactions at or past this one may not have been read yet (pg_snapshot_xmin of the last look). */
  private horizon = '0';
  /** Transactions at or past the horizon whose changes were read already. */
  private applied = new Set<string>();
  private lookedAt = 0;
  private prunedAt = Date.now();
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  private popularity: { at: number; scores: Map<number, number> } | null = null;
  private keptRows = new Map<number, ListingRow>();
  /** Counts the looks that found changes: rows read across one are not kept (they may predate it). */
  private epoch = 0;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The index with every change committed before this call. */
  async current(): Promise<SearchIndex> {
    if (this.index && Date.now() - this.lookedAt > RELOAD_AFTER_MS) this.index = null;
    // A load under way may have begun before the caller's latest write: look for changes after it.
    const index = this.index ?? (await (this.loading ??= this.load().finally(() => (this.loading = null))));
    await this.sync();
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
        const [{ xmin }] = rowsOf<{ xmin: string }>(
          await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`),
        );
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
    this.horizon = horizon;
    this.applied.clear();
    this.keptRows.clear();
    this.epoch += 1;
    this.lookedAt = Date.now();
    this.index = index;
    return index;
  }

  /**
   * Looks once for a caller: a look already under way may have started before the caller's latest
   * write committed, so callers arriving meanwhile share the next one.
   */
  private sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.readChanges().finally(() => (this.syncing = null));
      return this.syncing;
    }
    if (!this.nextSync) {
      const next = () => {
        this.nextSync = null;
        return this.sync();
      };
      this.nextSync = this.syncing.then(next, next);
    }
    return this.nextSync;
  }

  private async readChanges() {
    const [look] = rowsOf<{ xmin: string; changes: { t: string; p: number }[] | null }>(
      await this.db.execute(sql`
        select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
          (select json_agg(json_build_object('t', txid::text, 'p', product_id))
             from market_listing_changes where txid >= ${this.horizon}::xid8) as changes`),
    );
    const fresh = (look.changes ?? []).filter((change) => !this.applied.has(change.t));
    if (fresh.length) await this.reread([...new Set(fresh.map((change) => Number(change.p)))]);
    const horizon = BigInt(look.xmin);
    for (const change of fresh) this.applied.add(change.t);
    for (const txid of this.applied) if (BigInt(txid) < horizon) this.applied.delete(txid);
    this.horizon = look.xmin;
    this.lookedAt = Date.now();
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.db.execute(sql`delete from market_listing_changes where changed_at < now() - ${LOG_KEEP}`);
    }
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
