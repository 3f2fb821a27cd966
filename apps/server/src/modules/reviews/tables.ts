import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn } from '../accounts/public.ts';
import { users } from '../accounts/tables.ts';
import { chatRooms } from '../chat/tables.ts';
import { enquiries } from '../quotes/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * Reviews of sellers (issue 18; docs/decisions/045): a buyer reviews a seller company once per enquiry,
 * or once per conversation when there was no enquiry; the seller replies once; the platform operator
 * hides abusive ones. Each company's figures are kept beside them, written with every change.
 */

export const reviews = pgTable(
  'reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The enquiry reviewed; null for a conversation's review (or once the enquiry is gone). */
    enquiryId: bigint('enquiry_id', { mode: 'number' }).references(() => enquiries.id, { onDelete: 'set null' }),
    /** The conversation reviewed when there was no enquiry. */
    roomId: bigint('room_id', { mode: 'number' }).references(() => chatRooms.id, { onDelete: 'set null' }),
    /** The enquiry's product, kept with the review (the enquiry may go). */
    productName: text('product_name'),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: bigint('replied_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Set by the platform operator: not listed, not counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The latest report not yet dealt with by the operator (showing the review again clears it). */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_enquiry_unique').on(t.enquiryId),
    uniqueIndex('reviews_room_unique').on(t.roomId),
    index('reviews_company_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('reviews_buyer_idx').on(t.buyerId),
    index('reviews_reported_idx')
      .on(t.reportedAt)
      .where(sql`${t.reportedAt} is not null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** A user's report of a review as abusive: one per user and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_reports_review_reporter_unique').on(t.reviewId, t.reporterId)],
);
