import { eq } from 'drizzle-orm';
import { SITE_PAGE_SLUGS, type SitePage, type SitePageSlug } from '@tradeloop/contracts/site-pages';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { cleanPostHtml } from '../blogs/public.ts';
import { DEFAULT_SITE_PAGES } from './defaults.ts';
import { sitePages } from './tables.ts';

/* Site pages (decision 051): the operator's text, or the installed one until it is written. */

type Row = typeof sitePages.$inferSelect;

function shown(slug: SitePageSlug, row: Row | undefined): SitePage {
  if (row) {
    return {
      slug,
      title: row.title,
      description: row.description,
      content_html: row.contentHtml,
      updated_at: row.updatedAt.toISOString(),
    };
  }
  const fallback = DEFAULT_SITE_PAGES[slug];
  return {
    slug,
    title: fallback.title,
    description: fallback.description,
    content_html: cleanPostHtml(fallback.content),
    updated_at: null,
  };
}

export async function sitePage(db: Db | Tx, slug: SitePageSlug): Promise<SitePage> {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
  return shown(slug, row);
}

export async function allSitePages(db: Db | Tx): Promise<SitePage[]> {
  const rows = new Map((await db.select().from(sitePages)).map((row) => [row.slug, row]));
  return SITE_PAGE_SLUGS.map((slug) => shown(slug, rows.get(slug)));
}

/** Saves the operator's text, sanitized by the blog's rules; a text left empty by them is refused. */
export async function saveSitePage(
  tx: Tx,
  slug: SitePageSlug,
  userId: number,
  body: { title: string; description: string; content: string },
  messages: { contentRequired: string },
): Promise<SitePage> {
  const contentHtml = cleanPostHtml(body.content);
  if (!contentHtml) throw invalid({ content: [messages.contentRequired] });
  const values = {
    title: body.title,
    description: body.description,
    contentHtml,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(sitePages)
    .values({ slug, ...values })
    .onConflictDoUpdate({ target: sitePages.slug, set: values })
    .returning();
  return shown(slug, row);
}
