import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

/** What a tracking row records: a page view, its time on page, a click, a scroll threshold, a session start. */
export type TrackingKind = 'view' | 'time' | 'click' | 'scroll' | 'start';

/**
 * Every tracked event, appended in batches and never updated (docs/decisions/031). A view's time on page
 * is a later `time` row for the same `page_id`; clicks and scrolls carry the company and product of their
 * page, resolved when the batch is written, so the CRM reads one table by company. No foreign keys: the
 * hot path inserts only, and a deleted company's or user's rows are pruned with the rest after 13 months.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<TrackingKind>().notNull(),
    sessionId: text('session_id').notNull(),
    /** The page view's tracking id (views, times, clicks and scrolls of that page). */
    pageId: text('page_id'),
    /** The signed-in visitor when the event was sent; anonymous events are joined through the session. */
    userId: bigint('user_id', { mode: 'number' }),
    /** The seller company whose page it was (a product's company), null for pages of nobody's. */
    companyId: bigint('company_id', { mode: 'number' }),
    productId: bigint('product_id', { mode: 'number' }),
    /** Page name of a view; tracked click name of a click. */
    name: text('name'),
    url: text('url'),
    /** Scroll threshold of a scroll; milliseconds of a time row. */
    value: integer('value'),
    /** The rest: page type, slug, categories, truncated address, user agent, page height. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    // The CRM's reads by company and period take every column they need from this index (index-only
    // scans: an append-only table's visibility map stays set), never the heap of other companies' rows.
    index('tracking_events_company_at_idx').on(
      t.companyId,
      t.at,
      t.kind,
      t.pageId,
      t.productId,
      t.value,
      t.userId,
      t.sessionId,
      t.name,
    ),
    index('tracking_events_session_idx').on(t.sessionId, t.at),
    index('tracking_events_user_idx')
      .on(t.userId, t.at)
      .where(sql`${t.userId} is not null`),
    index('tracking_events_view_page_idx')
      .on(t.pageId)
      .where(sql`${t.kind} = 'view'`),
  ],
);

/** Which signed-in user a browser session belongs to: anonymous events of the session are theirs too. */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    sessionId: text('session_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('tracking_sessions_user_idx').on(t.userId)],
);

// ── Daily roll-ups (docs/decisions/036): written with each batch, in its transaction; the report reads them ──

/**
 * One row per page view on a company's page: what the roll-ups need to apply a later time, scroll or
 * click of that page exactly once (its greatest time and scroll so far, whether it asked for a quote).
 * Every figure of a page counts on the day of its view.
 */
export const trackingPages = pgTable('tracking_pages', {
  pageId: text('page_id').primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  /** 0 for a page of no product (roll-up keys are never null). */
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  pageName: text('page_name').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  sessionId: text('session_id').notNull(),
  timeMs: integer('time_ms'),
  scroll: integer('scroll'),
  quote: boolean('quote').notNull().default(false),
  clicks: integer('clicks').notNull().default(0),
});

/** Per company, day, product and page name: views, time on page and deepest scroll (sums and counts), quote pages. */
export const trackingDaily = pgTable(
  'tracking_daily',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    pageName: text('page_name').notNull(),
    views: integer('views').notNull().default(0),
    /** Sum of each view's greatest time on page (ms), over the `timePages` views that reported one. */
    timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
    timePages: integer('time_pages').notNull().default(0),
    scrollSum: bigint('scroll_sum', { mode: 'number' }).notNull().default(0),
    scrollPages: integer('scroll_pages').notNull().default(0),
    /** Views whose page had a getQuoteButton click (the funnel's second step). */
    quotePages: integer('quote_pages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.productId, t.pageName] })],
);

/**
 * Unique visitors (decision 036). `dimension` is `all` (visitors of the company's pages), `session`
 * (their sessions), `product` (key: the product id) or `page` (key: the page name); the visitor is the
 * user id when signed in, else the session id (the session id itself for `session`). One row per day
 * a visitor came: the state that keeps `trackingVisitCounts` exact.
 */
export const trackingVisits = pgTable(
  'tracking_visits',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dimension, t.key, t.visitor, t.day] })],
);

/**
 * How many visitors came on `day` whose visit before it was on `prevDay` ('-infinity' for none). The
 * unique visitors of any period [from, to] are the rows of its days with `prevDay` before `from`: each
 * visitor counted once, on their first day in the period, from a few rows per day, not one per visitor.
 */
export const trackingVisitCounts = pgTable(
  'tracking_visit_counts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dimension, t.key, t.day, t.prevDay] })],
);

/** Signed-in buyers' views, clicks and time on the pages they viewed, per company and day. */
export const trackingDailyBuyers = pgTable(
  'tracking_daily_buyers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.userId] }),
    // The seller's statistics read the days of the leads' users (decision 042).
    index('tracking_daily_buyers_user_idx').on(t.companyId, t.userId, t.day, t.views, t.timeMs),
  ],
);
