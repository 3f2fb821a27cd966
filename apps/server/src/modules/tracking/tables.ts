import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
