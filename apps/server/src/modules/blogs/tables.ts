import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BlogCategorySlug, BlogStatus } from '@tradeloop/contracts/blogs';
import { companies, users } from '../accounts/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * Blog posts (docs/decisions/046): a seller's posts, and the marketplace's own (company null,
 * written by the platform operator).
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The writing company; null: the marketplace's own blog. */
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'cascade' }),
    authorUserId: bigint('author_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Made from the title when the post is created; kept when the title changes (links stay valid). */
    slug: text('slug').notNull(),
    category: text('category').$type<BlogCategorySlug>().notNull(),
    /** Sanitized on the server (sanitize-html) before it is stored. */
    contentHtml: text('content_html').notNull(),
    /** The first words of the text, for lists, search and descriptions. */
    excerpt: text('excerpt').notNull(),
    /** Storage folder of the cover's WebP sizes; null: no cover. */
    coverKey: text('cover_key'),
    status: text('status').$type<BlogStatus>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the company's followers were told: each post is announced once, whatever its status does later. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_company_idx').on(t.companyId, t.status, t.publishedAt.desc()),
    index('blog_posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
  ],
);
