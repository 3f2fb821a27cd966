import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@tradeloop/contracts/notifications';
import { users } from '../accounts/tables.ts';

/** In-app notifications, one row per recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** What the notification is about, for later grouping ({enquiryId}, {productId}). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.type, t.createdAt.desc())],
);
