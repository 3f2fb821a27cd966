import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SitePageSlug } from '@tradeloop/contracts/site-pages';
import { users } from '../accounts/tables.ts';

/** The site's own pages as the platform operator wrote them (decision 051); absent: the installed text. */
export const sitePages = pgTable('site_pages', {
  slug: text('slug').$type<SitePageSlug>().primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** Sanitized by the blog's rules before it is stored. */
  contentHtml: text('content_html').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
