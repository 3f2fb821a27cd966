import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INTENT_CLICK_NAMES,
  TRACKING_REPORT_TOP,
  trackedClickName,
  type ClickEventBody,
  type PageViewBody,
  type PageVisitBody,
  type ScrollEventBody,
  type sessionStartBodySchema,
} from '@tradeloop/contracts/tracking';
import { type EngagementPage, type TrackingListing } from '@tradeloop/contracts/crm/engagement';
import type { Tx } from '../../db/client.ts';
import { rowsOf, sqlList } from '../../db/sql.ts';
import type { TrackingRow } from './ingest.ts';
import { trackingDaily, trackingDailyBuyers, trackingEvents, trackingSessions, trackingVisitCounts } from './tables.ts';

/** The facts of the request itself, never the body's word for them (decision 031). */
export type Visit = { userId: number | null; ip: string; userAgent: string };

const ID_BYTES = 12;
let idPool = Buffer.alloc(0);
let idOffset = 0;
/** Tracking ids and session ids are random strings (spec section 9): 12 bytes from a pool filled 4 KB at a time. */
export function newTrackingId() {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 341);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.toString('base64url', idOffset - ID_BYTES, idOffset);
}

/**
 * Crawlers, link previews and scripted clients: their calls answer as usual and store nothing. Headless
 * browsers are not on the list (our own browser tests are one); a missing user agent counts as a bot.
 */
const BOT_AGENTS =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|skypeuripreview|lighthouse|pagespeed|pingdom|uptime|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpclient|okhttp|go-http-client|java\/|libwww|scrapy|phantomjs|axios\/|node-fetch|undici/i;

export function isBot(userAgent: string | undefined) {
  return !userAgent || !userAgent.trim() || BOT_AGENTS.test(userAgent);
}

/** Do Not Track or Global Privacy Control sent with the call: nothing is stored (decision 031). */
export function optedOut(headers: Record<string, string | string[] | undefined>) {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** IPv4 keeps its first three parts (a.b.c.0), IPv6 its first three groups (a /48): a network, not a person. */
export function truncateIp(ip: string) {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0].split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return '';
}

const MAX_LATE_MS = 24 * 60 * 60 * 1000;
/** The browser's time of an event sent later in a batch, when plausible; otherwise now. */
function eventTime(at: string | null | undefined, now: Date) {
  if (!at) return now;
  const time = new Date(at);
  const age = now.getTime() - time.getTime();
  return age >= 0 && age <= MAX_LATE_MS ? time : now;
}

const base = (sessionId: string, visit: Visit) => ({
  sessionId,
  userId: visit.userId,
  productId: null,
  name: null,
  url: null,
  value: null,
  detail: null,
});

/** POST auth/tracking-page-views: a view (with a new tracking id) or, with only_update, its time on page. */
export function pageViewRows(
  body: PageViewBody,
  visit: Visit,
  now = new Date(),
): { trackingId: string; rows: TrackingRow[] } {
  if (body.only_update) {
    const trackingId = body.page_id!;
    const row: TrackingRow = {
      ...base(body.session_id, visit),
      at: eventTime(body.at, now),
      kind: 'time',
      pageId: trackingId,
      value: body.time_on_page ?? 0,
    };
    return { trackingId, rows: [row] };
  }
  const trackingId = newTrackingId();
  const row: TrackingRow = {
    ...base(body.session_id, visit),
    at: eventTime(body.at, now),
    kind: 'view',
    pageId: trackingId,
    productId: body.product_id ?? null,
    name: body.page_name ?? null,
    url: body.page_url ?? null,
    detail: {
      type: body.type ?? null,
      product_slug: body.product_slug ?? null,
      product_categories: body.product_categories ?? [],
      ip: truncateIp(visit.ip),
      user_agent: visit.userAgent.slice(0, 512),
    },
  };
  return { trackingId, rows: [row] };
}

/** Clicks whose element names a tracked click (matched partially); others are not stored. */
export function clickRows(
  sessionId: string,
  events: (Omit<ClickEventBody, 'session_id'> & { page_viewed_id: string })[],
  visit: Visit,
  now = new Date(),
): TrackingRow[] {
  return events.flatMap((event) => {
    const name = trackedClickName(event.element_type);
    if (!name) return [];
    return [
      {
        ...base(sessionId, visit),
        at: eventTime(event.at, now),
        kind: 'click' as const,
        pageId: event.page_viewed_id,
        name,
        url: event.url ?? null,
      },
    ];
  });
}

export function scrollRows(
  sessionId: string,
  events: (Omit<ScrollEventBody, 'session_id'> & { page_viewed_id: string })[],
  visit: Visit,
  now = new Date(),
): TrackingRow[] {
  return events.map((event) => ({
    ...base(sessionId, visit),
    at: eventTime(event.at, now),
    kind: 'scroll' as const,
    pageId: event.page_viewed_id,
    value: event.scroll_position,
    detail: event.page_height ? { page_height: event.page_height } : null,
  }));
}

/** POST page-visit: the time on the page and the clicks and scrolls the browser still held, in one call. */
export function pageVisitRows(body: PageVisitBody, visit: Visit, now = new Date()): TrackingRow[] {
  const onPage = <T extends object>(event: T) => ({ ...event, page_viewed_id: body.page_id });
  const rows = [
    ...clickRows(body.session_id, body.clicks.map(onPage), visit, now),
    ...scrollRows(body.session_id, body.scrolls.map(onPage), visit, now),
  ];
  if (body.time_on_page !== null && body.time_on_page !== undefined) {
    rows.push({
      ...base(body.session_id, visit),
      at: now,
      kind: 'time',
      pageId: body.page_id,
      value: body.time_on_page,
    });
  }
  return rows;
}

export function sessionStartRows(body: z.infer<typeof sessionStartBodySchema>, visit: Visit, now = new Date()) {
  const row: TrackingRow = {
    ...base(body.session_id, visit),
    at: eventTime(body.at, now),
    kind: 'start',
    pageId: null,
    url: body.page_url ?? null,
    detail: { referrer: body.referrer ?? null, ip: truncateIp(visit.ip), user_agent: visit.userAgent.slice(0, 512) },
  };
  return [row];
}

// ── for the CRM (docs/decisions/023): engagement of a lead, the intent rule's facts, the report ──

/** Sessions that belong to these users (signed in at some point during them). */
function sessionsOfUsers(userIds: number[]) {
  return sql`(select ${trackingSessions.sessionId} from ${trackingSessions} where ${inArray(trackingSessions.userId, userIds)})`;
}

const LISTING_MAX_EVENTS = 10_000;

/**
 * The events on company `companyId`'s pages by these users, or in their sessions before they signed in:
 * sessions, newest first, each with its pages (time on page, deepest scroll, clicks).
 */
export async function engagementOf(db: Tx, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.companyId, companyId),
        or(inArray(trackingEvents.userId, userIds), sql`${trackingEvents.sessionId} in ${sessionsOfUsers(userIds)}`),
      ),
    )
    .orderBy(asc(trackingEvents.at), asc(trackingEvents.id))
    .limit(LISTING_MAX_EVENTS);
  const sessions = new Map<string, TrackingListing['sessions'][number]>();
  const pages = new Map<string, EngagementPage>();
  for (const row of rows.filter((event) => event.kind === 'view')) {
    const at = row.at.toISOString();
    let session = sessions.get(row.sessionId);
    if (!session) {
      session = { session_id: row.sessionId, started_at: at, last_seen_at: at, pages: [] };
      sessions.set(row.sessionId, session);
    }
    const page: EngagementPage = {
      page_id: row.pageId!,
      page_name: row.name,
      page_url: row.url,
      type: (row.detail?.type as string | null) ?? null,
      product_id: row.productId,
      product_name: null,
      viewed_at: at,
      time_on_page: null,
      deepest_scroll: null,
      scrolls: [],
      clicks: [],
      signed_in: row.userId !== null,
    };
    session.pages.push(page);
    pages.set(page.page_id, page);
  }
  for (const row of rows) {
    const page = row.pageId ? pages.get(row.pageId) : undefined;
    if (!page || row.kind === 'view') continue;
    const session = sessions.get(row.sessionId);
    if (session && row.at.toISOString() > session.last_seen_at) session.last_seen_at = row.at.toISOString();
    if (row.kind === 'time') page.time_on_page = Math.max(page.time_on_page ?? 0, row.value ?? 0);
    if (row.kind === 'scroll' && row.value !== null) {
      page.scrolls.push(row.value);
      page.deepest_scroll = Math.max(page.deepest_scroll ?? 0, row.value);
    }
    if (row.kind === 'click') page.clicks.push({ name: row.name ?? '', url: row.url, at: row.at.toISOString() });
  }
  return [...sessions.values()].reverse();
}

/** What the intent rule looks at: distinct product pages of the company in the session, and asking clicks. */
export async function sessionIntent(db: Tx, sessionId: string, companyId: number) {
  const [row] = rowsOf<{ product_views: number; intent_clicks: number }>(
    await db.execute(sql`
      select count(distinct ${trackingEvents.productId}) filter (where ${trackingEvents.kind} = 'view')::int as product_views,
             count(*) filter (where ${trackingEvents.kind} = 'click'
                              and ${trackingEvents.name} in (${sqlList(INTENT_CLICK_NAMES)}))::int as intent_clicks
      from ${trackingEvents}
      where ${trackingEvents.sessionId} = ${sessionId} and ${trackingEvents.companyId} = ${companyId}`),
  );
  return { productViews: row?.product_views ?? 0, intentClicks: row?.intent_clicks ?? 0 };
}

/** Page views and time on page of these users on the company's pages (the CRM's statistics). */
export async function engagementTotals(db: Tx, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return { pageViews: 0, timeOnPage: 0 };
  const [row] = rowsOf<{ page_views: number; time_on_page: number }>(
    await db.execute(sql`
      with pages as (
        select ${trackingEvents.kind} as kind, ${trackingEvents.pageId} as page_id, ${trackingEvents.value} as value
        from ${trackingEvents}
        where ${trackingEvents.companyId} = ${companyId}
          and (${inArray(trackingEvents.userId, userIds)} or ${trackingEvents.sessionId} in ${sessionsOfUsers(userIds)})
      )
      select (select count(*) from pages where kind = 'view')::int as page_views,
             coalesce((select sum(ms) from (select max(value) as ms from pages where kind = 'time' group by page_id) t), 0)::float8 as time_on_page`),
  );
  return { pageViews: row?.page_views ?? 0, timeOnPage: Number(row?.time_on_page ?? 0) };
}

type Figures = { views: number; unique_visitors: number; avg_time_on_page: number | null; avg_scroll: number | null };

/**
 * The seller's report over the whole UTC days [from, to), read from the daily roll-ups (decision 036),
 * never the raw events: views, unique visitors (the user when signed in, else the session), time on page
 * and deepest scroll per product and per page, by day, the most engaged signed-in visitors and the
 * funnel's first two steps. A page's time, scroll and clicks count on the day of its view. Unique
 * visitors are counted over the per-day visitor rows, for the top products and pages only.
 */
export async function companyReport(db: Tx, companyId: number, from: Date, to: Date) {
  const days = (table: typeof trackingDaily | typeof trackingVisitCounts | typeof trackingDailyBuyers) =>
    sql`${table.companyId} = ${companyId} and ${table.day} >= ${dayOf(from)} and ${table.day} < ${dayOf(to)}`;
  /** Rows whose visitor's day before was before the period: each visitor of the period once. */
  const first = sql`${trackingVisitCounts.prevDay} < ${dayOf(from)}`;
  const figures = sql`sum(${trackingDaily.views})::int as views,
      round(sum(${trackingDaily.timeSum})::numeric / nullif(sum(${trackingDaily.timePages}), 0))::float8 as avg_time_on_page,
      round(sum(${trackingDaily.scrollSum})::numeric / nullif(sum(${trackingDaily.scrollPages}), 0))::float8 as avg_scroll`;
  const [productRows, pageRows, dayRows, visitorRows, buyers] = await Promise.all([
    db.execute(sql`select ${trackingDaily.productId} as product_id, ${figures} from ${trackingDaily}
      where ${days(trackingDaily)} and ${trackingDaily.productId} <> 0
      group by 1 order by views desc, product_id limit ${TRACKING_REPORT_TOP}`),
    db.execute(sql`select ${trackingDaily.pageName} as page_name, ${figures} from ${trackingDaily}
      where ${days(trackingDaily)} group by 1 order by views desc, 1 limit ${TRACKING_REPORT_TOP}`),
    db.execute(sql`select ${trackingDaily.day} as day, sum(${trackingDaily.views})::int as views,
        coalesce(sum(${trackingDaily.views}) filter (where ${trackingDaily.productId} <> 0), 0)::int as product_views,
        sum(${trackingDaily.quotePages})::int as quote_pages
      from ${trackingDaily} where ${days(trackingDaily)} group by 1 order by 1`),
    // A day's unique visitors are all of its rows, whatever their day before; the period's, its first ones.
    db.execute(sql`select ${trackingVisitCounts.dimension} as dimension, ${trackingVisitCounts.day} as day,
        sum(${trackingVisitCounts.visitors})::int as visitors,
        coalesce(sum(${trackingVisitCounts.visitors}) filter (where ${first}), 0)::int as first_visitors
      from ${trackingVisitCounts}
      where ${days(trackingVisitCounts)} and ${trackingVisitCounts.dimension} in ('all', 'session') group by 1, 2`),
    db.execute(sql`select ${trackingDailyBuyers.userId}::int as user_id, sum(${trackingDailyBuyers.views})::int as views,
        sum(${trackingDailyBuyers.clicks})::int as clicks, sum(${trackingDailyBuyers.timeMs})::float8 as time_on_page
      from ${trackingDailyBuyers} where ${days(trackingDailyBuyers)}
      group by 1 order by views desc, clicks desc, user_id limit ${TRACKING_REPORT_TOP}`),
  ]);
  const products = rowsOf<Omit<Figures, 'unique_visitors'> & { product_id: number }>(productRows).map((row) => ({
    ...row,
    product_id: Number(row.product_id),
  }));
  const pages = rowsOf<Omit<Figures, 'unique_visitors'> & { page_name: string }>(pageRows);
  // Unique visitors of the products and page names listed, each counted once over the period, in one read.
  const listed = (dimension: string, keys: string[]) =>
    sql`(${trackingVisitCounts.dimension} = ${dimension} and ${trackingVisitCounts.key} = any(${sql.param(keys)}::text[]))`;
  const keyed =
    products.length + pages.length === 0
      ? []
      : rowsOf<{ dimension: string; key: string; visitors: number }>(
          await db.execute(sql`select ${trackingVisitCounts.dimension} as dimension, ${trackingVisitCounts.key} as key,
              sum(${trackingVisitCounts.visitors})::int as visitors
            from ${trackingVisitCounts}
            where ${days(trackingVisitCounts)} and ${first}
              and (${listed(
                'product',
                products.map((row) => String(row.product_id)),
              )} or ${listed(
                'page',
                pages.map((row) => row.page_name),
              )})
            group by 1, 2`),
        );
  const uniqueOf = (dimension: string, key: string) =>
    keyed.find((row) => row.dimension === dimension && row.key === key)?.visitors ?? 0;
  const visitors = rowsOf<{ dimension: string; day: string; visitors: number; first_visitors: number }>(visitorRows);
  const total = (dimension: string) =>
    visitors.filter((row) => row.dimension === dimension).reduce((sum, row) => sum + row.first_visitors, 0);
  const dayRowsRead = rowsOf<{ day: string; views: number; product_views: number; quote_pages: number }>(dayRows);
  const uniqueByDay = new Map(visitors.filter((row) => row.dimension === 'all').map((row) => [row.day, row.visitors]));
  const daily = dayRowsRead.map((row) => ({
    day: row.day,
    views: row.views,
    unique_visitors: uniqueByDay.get(row.day) ?? 0,
  }));
  const figuresOf = <T extends Omit<Figures, 'unique_visitors'>>(row: T, count: number) => {
    const { views, avg_time_on_page, avg_scroll, ...key } = row;
    return { ...key, views, unique_visitors: count, avg_time_on_page, avg_scroll };
  };
  const sum = (pick: (row: (typeof dayRowsRead)[number]) => number) =>
    dayRowsRead.reduce((result, row) => result + pick(row), 0);
  return {
    totals: { views: sum((row) => row.views), unique_visitors: total('all'), sessions: total('session') },
    daily,
    products: products.map((row) => figuresOf(row, uniqueOf('product', String(row.product_id)))),
    pages: pages.map((row) => figuresOf(row, uniqueOf('page', row.page_name))),
    buyers: rowsOf<{ user_id: number; views: number; clicks: number; time_on_page: number }>(buyers),
    funnel: { product_views: sum((row) => row.product_views), quote_modal_opened: sum((row) => row.quote_pages) },
  };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Signed-in visitors of the company's pages in the period (their country comes from their profile). */
export async function visitorsBetween(db: Tx, companyId: number, from: Date, to: Date) {
  const rows = await db
    .selectDistinct({ userId: trackingDailyBuyers.userId })
    .from(trackingDailyBuyers)
    .where(
      and(
        eq(trackingDailyBuyers.companyId, companyId),
        sql`${trackingDailyBuyers.day} >= ${dayOf(from)} and ${trackingDailyBuyers.day} < ${dayOf(to)}`,
      ),
    )
    .limit(10_000);
  return rows.map((row) => Number(row.userId));
}

/**
 * What lead scoring reads of these users' browsing of the company's pages (decision 040): sessions with a
 * view, distinct product pages, total time on page, and the asking clicks.
 */
export async function scoringEngagement(db: Tx, companyId: number, userIds: number[]) {
  const none = { sessions: 0, productViews: 0, timeMs: 0, quoteClicks: 0, contactClicks: 0 };
  if (userIds.length === 0) return none;
  const [row] = rowsOf<{
    sessions: number;
    product_views: number;
    time_ms: number;
    quote_clicks: number;
    contact_clicks: number;
  }>(
    await db.execute(sql`
      with events as (
        select ${trackingEvents.kind} as kind, ${trackingEvents.sessionId} as session_id,
               ${trackingEvents.pageId} as page_id, ${trackingEvents.productId} as product_id,
               ${trackingEvents.name} as name, ${trackingEvents.value} as value
        from ${trackingEvents}
        where ${trackingEvents.companyId} = ${companyId}
          and (${inArray(trackingEvents.userId, userIds)} or ${trackingEvents.sessionId} in ${sessionsOfUsers(userIds)})
      )
      select (select count(distinct session_id) from events where kind = 'view')::int as sessions,
             (select count(distinct product_id) from events where kind = 'view' and product_id is not null)::int as product_views,
             coalesce((select sum(ms) from (select max(value) as ms from events where kind = 'time' group by page_id) t), 0)::float8 as time_ms,
             (select count(*) from events where kind = 'click' and name = 'getQuoteButton')::int as quote_clicks,
             (select count(*) from events where kind = 'click' and name = 'contact-seller')::int as contact_clicks`),
  );
  if (!row) return none;
  return {
    sessions: row.sessions,
    productViews: row.product_views,
    timeMs: Number(row.time_ms),
    quoteClicks: row.quote_clicks,
    contactClicks: row.contact_clicks,
  };
}

/**
 * The products the user viewed, latest view first (a buyer's recommendations, decision 066): views sent
 * while signed in and those of their browser sessions from before they signed in.
 */
export async function viewedProductIds(db: Tx, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ productId: trackingEvents.productId, last: sql`max(${trackingEvents.at})` })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.kind, 'view'),
        sql`${trackingEvents.productId} is not null`,
        or(
          eq(trackingEvents.userId, userId),
          inArray(
            trackingEvents.sessionId,
            db
              .select({ sessionId: trackingSessions.sessionId })
              .from(trackingSessions)
              .where(eq(trackingSessions.userId, userId)),
          ),
        ),
      ),
    )
    .groupBy(trackingEvents.productId)
    .orderBy(sql`max(${trackingEvents.at}) desc`, trackingEvents.productId)
    .limit(limit);
  return rows.map((row) => Number(row.productId));
}
