import { sql } from 'drizzle-orm';
import { INTENT_CLICK_NAMES, type TrackedClickName } from '@tradeloop/contracts/tracking';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import type { EventBus } from '../../platform/events.ts';
import { productOwners } from '../catalog/public.ts';
import {
  trackingDaily,
  trackingDailyBuyers,
  trackingEvents,
  trackingPages,
  trackingSessions,
  trackingVisitCounts,
  trackingVisits,
  type TrackingKind,
} from './tables.ts';

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

/**
 * The roll-ups of a batch's views of company pages (docs/decisions/036), one statement: each new view
 * becomes a page (a page id seen before is not counted twice), then adds to its day's views, visitors,
 * product and page visitors and, when signed in, its buyer's views.
 */
function rollUpViews(rows: StoredRow[]) {
  const column = <T>(pick: (row: StoredRow) => T) => sql.param(rows.map(pick));
  return sql`with batch as (
      select * from unnest(${column((row) => row.pageId)}::text[], ${column((row) => row.companyId)}::bigint[],
        ${column((row) => row.at.toISOString())}::timestamptz[], ${column((row) => row.productId)}::bigint[],
        ${column((row) => row.name)}::text[], ${column((row) => row.userId)}::bigint[], ${column((row) => row.sessionId)}::text[])
        as b(page_id, company_id, at, product_id, name, user_id, session_id)),
    pages as (
      insert into ${trackingPages} (page_id, company_id, day, product_id, page_name, user_id, session_id)
      select page_id, company_id, (at at time zone 'UTC')::date, coalesce(product_id, 0), coalesce(name, ''), user_id, session_id
      from batch on conflict (page_id) do nothing
      returning company_id, day, product_id, page_name, user_id, session_id, coalesce(user_id::text, session_id) as visitor),
    daily as (
      insert into ${trackingDaily} (company_id, day, product_id, page_name, views)
      select company_id, day, product_id, page_name, count(*) from pages group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (company_id, day, product_id, page_name) do update set views = ${trackingDaily}.views + excluded.views),
    visits as (
      insert into ${trackingVisits} (company_id, dimension, key, visitor, day)
      select distinct p.company_id, d.dimension, d.key, d.visitor, p.day
      from pages p cross join lateral (values ('all', '', p.visitor), ('session', '', p.session_id),
        ('page', p.page_name, p.visitor), ('product', p.product_id::text, p.visitor)) as d(dimension, key, visitor)
      where d.dimension <> 'product' or p.product_id <> 0
      order by 1, 2, 3, 4, 5
      on conflict do nothing
      returning company_id, dimension, key, visitor, day),
    -- A new visit counts under the visitor's day before it (stored or new); the stored visit right after
    -- it, if any (an event sent late, after midnight), moves from its old previous day to the new one.
    firsts as (
      select n.company_id, n.dimension, n.key, n.day,
             greatest((select max(o.day) from ${trackingVisits} o where o.company_id = n.company_id and o.dimension = n.dimension
                         and o.key = n.key and o.visitor = n.visitor and o.day < n.day),
                      lag(n.day) over (partition by n.company_id, n.dimension, n.key, n.visitor order by n.day)) as prev_day
      from visits n),
    nexts as (
      select o.company_id, o.dimension, o.key, o.visitor, o.day, max(n.day) as new_visit
      from visits n cross join lateral (
        select o.* from ${trackingVisits} o where o.company_id = n.company_id and o.dimension = n.dimension
          and o.key = n.key and o.visitor = n.visitor and o.day > n.day order by o.day limit 1) o
      group by 1, 2, 3, 4, 5),
    moved as (
      select x.company_id, x.dimension, x.key, x.day, x.new_visit,
             (select max(o.day) from ${trackingVisits} o where o.company_id = x.company_id and o.dimension = x.dimension
                and o.key = x.key and o.visitor = x.visitor and o.day < x.day) as old_prev
      from nexts x),
    deltas as (
      select company_id, dimension, key, day, prev_day, 1 as change from firsts
      union all
      select company_id, dimension, key, day, old_prev, -1 from moved where new_visit > coalesce(old_prev, '-infinity'::date)
      union all
      select company_id, dimension, key, day, new_visit, 1 from moved where new_visit > coalesce(old_prev, '-infinity'::date)),
    counts as (
      insert into ${trackingVisitCounts} (company_id, dimension, key, day, prev_day, visitors)
      select company_id, dimension, key, day, coalesce(prev_day, '-infinity'::date), sum(change)
      from deltas group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (company_id, dimension, key, day, prev_day) do update
        set visitors = ${trackingVisitCounts}.visitors + excluded.visitors)
    insert into ${trackingDailyBuyers} (company_id, day, user_id, views)
    select company_id, day, user_id, count(*) from pages where user_id is not null group by 1, 2, 3 order by 1, 2, 3
    on conflict (company_id, day, user_id) do update set views = ${trackingDailyBuyers}.views + excluded.views`;
}

/**
 * The roll-ups of a batch's times, scrolls and clicks on company pages, one statement: each page's new
 * greatest time and scroll replace the old ones, and only the difference (and a first figure's count)
 * is added to the day of its view, so a page counts once however many times it reports.
 */
function rollUpFollowUps(rows: StoredRow[]) {
  const column = <T>(pick: (row: StoredRow) => T) => sql.param(rows.map(pick));
  return sql`with batch as (
      select page_id, max(value) filter (where kind = 'time') as ms, max(value) filter (where kind = 'scroll') as pct,
             bool_or(kind = 'click' and name = 'getQuoteButton') as quote, (count(*) filter (where kind = 'click'))::int as clicks
      from unnest(${column((row) => row.pageId)}::text[], ${column((row) => row.kind)}::text[],
        ${column((row) => row.value)}::integer[], ${column((row) => row.name)}::text[]) as b(page_id, kind, value, name)
      group by page_id),
    old as (
      select p.page_id, p.company_id, p.day, p.product_id, p.page_name, p.user_id, p.time_ms as old_ms, p.scroll as old_pct,
             p.quote as old_quote, greatest(p.time_ms, b.ms) as new_ms, greatest(p.scroll, b.pct) as new_pct,
             p.quote or b.quote as new_quote, b.clicks
      from ${trackingPages} p join batch b using (page_id) order by p.page_id for update of p),
    pages as (
      update ${trackingPages} p set time_ms = old.new_ms, scroll = old.new_pct, quote = old.new_quote, clicks = p.clicks + old.clicks
      from old where p.page_id = old.page_id),
    daily as (
      insert into ${trackingDaily} (company_id, day, product_id, page_name, time_sum, time_pages, scroll_sum, scroll_pages, quote_pages)
      select company_id, day, product_id, page_name, coalesce(sum(new_ms - coalesce(old_ms, 0)), 0),
             count(*) filter (where old_ms is null and new_ms is not null), coalesce(sum(new_pct - coalesce(old_pct, 0)), 0),
             count(*) filter (where old_pct is null and new_pct is not null), count(*) filter (where new_quote and not old_quote)
      from old group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (company_id, day, product_id, page_name) do update set
        time_sum = ${trackingDaily}.time_sum + excluded.time_sum, time_pages = ${trackingDaily}.time_pages + excluded.time_pages,
        scroll_sum = ${trackingDaily}.scroll_sum + excluded.scroll_sum, scroll_pages = ${trackingDaily}.scroll_pages + excluded.scroll_pages,
        quote_pages = ${trackingDaily}.quote_pages + excluded.quote_pages)
    insert into ${trackingDailyBuyers} (company_id, day, user_id, clicks, time_ms)
    select company_id, day, user_id, sum(clicks), coalesce(sum(new_ms - coalesce(old_ms, 0)), 0)
    from old where user_id is not null group by 1, 2, 3 order by 1, 2, 3
    on conflict (company_id, day, user_id) do update set
      clicks = ${trackingDailyBuyers}.clicks + excluded.clicks, time_ms = ${trackingDailyBuyers}.time_ms + excluded.time_ms`;
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

  // One array parameter, not one per id: drizzle's inArray over a batch's sessions cost more of the event
  // loop to build than the tracking calls themselves (decision 036).
  async function pagesOf(pageIds: string[]) {
    const missing = [...new Set(pageIds.filter((id) => !pages.has(id)))];
    if (missing.length === 0) return;
    const rows = rowsOf<{ page_id: string; company_id: string | number | null; product_id: string | number | null }>(
      await db.execute(sql`select ${trackingEvents.pageId} as page_id, ${trackingEvents.companyId} as company_id,
          ${trackingEvents.productId} as product_id
        from ${trackingEvents} where ${trackingEvents.kind} = 'view' and ${trackingEvents.pageId} = any(${sql.param(missing)}::text[])`),
    );
    const id = (value: string | number | null) => (value === null ? null : Number(value));
    for (const row of rows) pages.set(row.page_id, { companyId: id(row.company_id), productId: id(row.product_id) });
  }

  async function usersOf(sessionIds: string[]) {
    const missing = [...new Set(sessionIds.filter((id) => !sessionUser.has(id)))];
    if (missing.length === 0) return;
    const rows = rowsOf<{ session_id: string; user_id: string | number }>(
      await db.execute(sql`select ${trackingSessions.sessionId} as session_id, ${trackingSessions.userId} as user_id
        from ${trackingSessions} where ${trackingSessions.sessionId} = any(${sql.param(missing)}::text[])`),
    );
    for (const row of rows) sessionUser.set(row.session_id, Number(row.user_id));
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
      // The report's roll-ups, in the same transaction as the events they count (decision 036).
      const views = values.filter((row) => row.kind === 'view' && row.companyId !== null && row.pageId !== null);
      if (views.length > 0) await tx.execute(rollUpViews(views));
      const followUps = values.filter(
        (row) => row.kind !== 'view' && row.kind !== 'start' && row.companyId !== null && row.pageId !== null,
      );
      if (followUps.length > 0) await tx.execute(rollUpFollowUps(followUps));
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
