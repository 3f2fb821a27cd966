import { and, eq, inArray, sql } from 'drizzle-orm';
import { INTENT_CLICK_NAMES, type TrackedClickName } from '@tradeloop/contracts/tracking';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { productOwners } from '../catalog/product-access.ts';
import { trackingEvents, trackingSessions, type TrackingKind } from './tables.ts';

/**
 * Cheap ingestion (docs/decisions/031): a tracking call validates, checks its limits and pushes rows into
 * this process's buffer, then answers; it never waits on the database. The buffer is written every
 * `flushMs`, or sooner when it holds `maxRows`, as one multi-row insert in one transaction together with
 * the sessions it joined to users and the `tracking.engaged` events for the CRM. A failed write keeps the
 * rows for the next attempt (up to `maxBuffered`, beyond which new events are dropped and counted).
 */

export type TrackingRow = {
  at: Date;
  kind: TrackingKind;
  sessionId: string;
  pageId: string | null;
  userId: number | null;
  productId: number | null;
  name: string | null;
  url: string | null;
  value: number | null;
  detail: Record<string, unknown> | null;
};

export type TrackingIngest = {
  add(rows: TrackingRow[]): void;
  /** Writes what is buffered now (tests, a report that must see the caller's last events, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
  stats(): { buffered: number; written: number; dropped: number };
};

type Options = {
  db: Db;
  events: EventBus;
  log: { error(object: unknown, message: string): void };
  flushMs?: number;
  maxRows?: number;
  maxBuffered?: number;
};

/** A small map that forgets its oldest entries: the process's memory of products, pages and sessions. */
class Recent<K, V> {
  private readonly map = new Map<K, V>();
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }
  get(key: K) {
    return this.map.get(key);
  }
  has(key: K) {
    return this.map.has(key);
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as K);
  }
}

type PageFacts = { companyId: number | null; productId: number | null };
const INSERT_CHUNK = 5000;

type StoredRow = TrackingRow & { companyId: number | null };

/**
 * One INSERT … SELECT FROM unnest(…) with one array parameter per column: eleven parameters for any
 * number of rows, so building and sending a batch costs little of the event loop the calls share.
 */
function appendStatement(rows: StoredRow[]) {
  const column = <T>(pick: (row: StoredRow) => T) => sql.param(rows.map(pick));
  return sql`insert into ${trackingEvents} (at, kind, session_id, page_id, user_id, company_id, product_id, name, url, value, detail)
    select * from unnest(
      ${column((row) => row.at.toISOString())}::timestamptz[], ${column((row) => row.kind)}::text[],
      ${column((row) => row.sessionId)}::text[], ${column((row) => row.pageId)}::text[],
      ${column((row) => row.userId)}::bigint[], ${column((row) => row.companyId)}::bigint[],
      ${column((row) => row.productId)}::bigint[], ${column((row) => row.name)}::text[],
      ${column((row) => row.url)}::text[], ${column((row) => row.value)}::integer[],
      ${column((row) => (row.detail ? JSON.stringify(row.detail) : null))}::jsonb[])`;
}

export function createTrackingIngest(options: Options): TrackingIngest {
  const { db, events, log } = options;
  const flushMs = options.flushMs ?? 250;
  const maxRows = options.maxRows ?? 1000;
  const maxBuffered = options.maxBuffered ?? 100_000;
  let buffer: TrackingRow[] = [];
  let written = 0;
  let dropped = 0;
  let running: Promise<void> | null = null;
  const productCompany = new Recent<number, number | null>(50_000);
  const pages = new Recent<string, PageFacts>(200_000);
  const sessionUser = new Recent<string, number>(100_000);

  async function companiesOf(productIds: number[]) {
    const missing = [...new Set(productIds.filter((id) => !productCompany.has(id)))];
    if (missing.length > 0) {
      const owners = await productOwners(db, missing);
      for (const id of missing) productCompany.set(id, null);
      for (const owner of owners) productCompany.set(owner.id, owner.companyId);
    }
  }

  async function pagesOf(pageIds: string[]) {
    const missing = [...new Set(pageIds.filter((id) => !pages.has(id)))];
    if (missing.length === 0) return;
    const rows = await db
      .select({
        pageId: trackingEvents.pageId,
        companyId: trackingEvents.companyId,
        productId: trackingEvents.productId,
      })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.kind, 'view'), inArray(trackingEvents.pageId, missing)));
    for (const row of rows) pages.set(row.pageId!, { companyId: row.companyId, productId: row.productId });
  }

  async function usersOf(sessionIds: string[]) {
    const missing = [...new Set(sessionIds.filter((id) => !sessionUser.has(id)))];
    if (missing.length === 0) return;
    const rows = await db
      .select({ sessionId: trackingSessions.sessionId, userId: trackingSessions.userId })
      .from(trackingSessions)
      .where(inArray(trackingSessions.sessionId, missing));
    for (const row of rows) sessionUser.set(row.sessionId, row.userId);
  }

  async function write(rows: TrackingRow[]) {
    await companiesOf(rows.flatMap((row) => (row.kind === 'view' && row.productId ? [row.productId] : [])));
    for (const row of rows) {
      if (row.kind === 'view' && row.pageId) {
        const companyId = row.productId ? (productCompany.get(row.productId) ?? null) : null;
        pages.set(row.pageId, { companyId, productId: row.productId });
      }
    }
    await pagesOf(rows.flatMap((row) => (row.kind !== 'view' && row.pageId ? [row.pageId] : [])));
    const links = new Map<string, { sessionId: string; userId: number }>();
    for (const row of rows) {
      if (row.userId === null) continue;
      sessionUser.set(row.sessionId, row.userId);
      links.set(`${row.sessionId} ${row.userId}`, { sessionId: row.sessionId, userId: row.userId });
    }
    const values = rows.map((row) => {
      const page = row.pageId ? pages.get(row.pageId) : undefined;
      const companyId = page?.companyId ?? null;
      return { ...row, companyId, productId: row.productId ?? page?.productId ?? null };
    });
    // Views of a seller's pages and clicks that ask, by a known user: the CRM hears of them once per batch.
    const asking = values.filter(
      (row) =>
        row.companyId !== null &&
        (row.kind === 'view' || (row.kind === 'click' && INTENT_CLICK_NAMES.includes(row.name as TrackedClickName))),
    );
    await usersOf(asking.filter((row) => row.userId === null).map((row) => row.sessionId));
    const engaged = new Map<string, { buyerUserId: number; sellerCompanyId: number; sessionId: string }>();
    for (const row of asking) {
      const userId = row.userId ?? sessionUser.get(row.sessionId);
      if (userId === undefined) continue;
      const key = `${userId} ${row.companyId} ${row.sessionId}`;
      engaged.set(key, { buyerUserId: userId, sellerCompanyId: row.companyId!, sessionId: row.sessionId });
    }
    await db.transaction(async (tx) => {
      for (let start = 0; start < values.length; start += INSERT_CHUNK) {
        await tx.execute(appendStatement(values.slice(start, start + INSERT_CHUNK)));
      }
      if (links.size > 0)
        await tx
          .insert(trackingSessions)
          .values([...links.values()])
          .onConflictDoNothing();
      for (const payload of engaged.values()) await events.emit(tx, 'tracking.engaged', payload);
    });
  }

  async function flushNow() {
    while (buffer.length > 0) {
      const rows = buffer.slice(0, maxRows);
      buffer = buffer.slice(rows.length);
      try {
        await write(rows);
        written += rows.length;
      } catch (error) {
        log.error({ err: error, rows: rows.length }, 'tracking: writing a batch failed; kept for the next attempt');
        buffer = rows.concat(buffer);
        return;
      }
    }
  }

  // One write at a time; calls during a write share one more write after it (of what arrived meanwhile).
  let queued: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (!running) {
      running = flushNow().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return flush();
    });
    return queued;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    add(rows) {
      if (buffer.length + rows.length > maxBuffered) {
        dropped += rows.length;
        return;
      }
      buffer.push(...rows);
      if (buffer.length >= maxRows) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
    stats: () => ({ buffered: buffer.length, written, dropped }),
  };
}
