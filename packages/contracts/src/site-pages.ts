import { z } from 'zod';

/**
 * Site pages (issue 45, decision 051): /page/{slug}, written by the platform operator in the blog's
 * editor and sanitized by the blog's rules; linked from the footer and listed in the sitemap.
 */
export * from './site-pages-constants.ts';
import { SITE_PAGE_LIMITS, SITE_PAGE_MESSAGES, SITE_PAGE_SLUGS } from './site-pages-constants.ts';

/** Any slug may be asked for; one that is not a site page answers 404. */
export const sitePageSlugParamsSchema = z.object({ slug: z.string().max(60) });

export const sitePageSchema = z.object({
  slug: z.enum(SITE_PAGE_SLUGS),
  title: z.string(),
  description: z.string(),
  /** Sanitized by the blog's rules (decision 046). */
  content_html: z.string(),
  /** Null until the operator first saves it (the installed text is shown until then). */
  updated_at: z.string().nullable(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

/** PUT /api/v1/operator/site_pages/{slug}. */
export const sitePageBodySchema = z.object({
  title: z
    .string({ error: SITE_PAGE_MESSAGES.titleRequired })
    .trim()
    .min(1, SITE_PAGE_MESSAGES.titleRequired)
    .max(SITE_PAGE_LIMITS.titleMax, SITE_PAGE_MESSAGES.titleTooLong),
  description: z
    .string({ error: SITE_PAGE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, SITE_PAGE_MESSAGES.descriptionRequired)
    .max(SITE_PAGE_LIMITS.descriptionMax, SITE_PAGE_MESSAGES.descriptionTooLong),
  content: z
    .string({ error: SITE_PAGE_MESSAGES.contentRequired })
    .min(1, SITE_PAGE_MESSAGES.contentRequired)
    .max(SITE_PAGE_LIMITS.contentMax, SITE_PAGE_MESSAGES.contentTooLong),
});
export type SitePageBody = z.input<typeof sitePageBodySchema>;
