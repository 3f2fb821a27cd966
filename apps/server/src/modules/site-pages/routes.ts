import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SITE_PAGE_MESSAGES,
  SITE_PAGE_PREFIX,
  isSitePageSlug,
  sitePageBodySchema,
  sitePagePath,
  sitePageSchema,
  sitePageSlugParamsSchema,
  type SitePageSlug,
} from '@tradeloop/contracts/site-pages';
import { notFound } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { addHeadRenderer, escapeHtml, type PageHead } from '../../platform/web.ts';
import { requireOperator } from '../market/public.ts';
import { allSitePages, saveSitePage, sitePage } from './service.ts';
import { sitemapRoutes } from './sitemap.ts';

const tags = ['site pages'];

function known(slug: string): SitePageSlug {
  if (!isSitePageSlug(slug)) throw notFound(SITE_PAGE_MESSAGES.notFound);
  return slug;
}

const NOT_FOUND_HEAD: PageHead = {
  status: 404,
  title: 'Page not found | TradeLoop',
  description: SITE_PAGE_MESSAGES.notFound,
  head: '  <meta name="robots" content="noindex" />',
};

/** The head of a /page/{slug}: its title, description, canonical and Open Graph; 404 for another slug. */
function sitePageHeadRenderer(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<PageHead | null> => {
    const slug = request.url.split('?')[0].slice(SITE_PAGE_PREFIX.length);
    if (!isSitePageSlug(slug)) return NOT_FOUND_HEAD;
    const page = await sitePage(app.db, slug);
    const canonical = `${app.config.publicUrl}${sitePagePath(page.slug)}`;
    const title = `${page.title} | TradeLoop`;
    const meta = (property: string, content: string) =>
      `<meta property="${property}" content="${escapeHtml(content)}" />`;
    const head = [
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      meta('og:type', 'website'),
      meta('og:site_name', 'TradeLoop'),
      meta('og:title', page.title),
      meta('og:description', page.description),
      meta('og:url', canonical),
      '<meta name="twitter:card" content="summary" />',
    ];
    return { title, description: page.description, head: head.map((tag) => `  ${tag}`).join('\n') };
  };
}

/** The site's own pages (decision 051): public to read, the platform operator's to write. */
export async function sitePagesRoutes(app: FastifyInstance) {
  addHeadRenderer(app, SITE_PAGE_PREFIX, sitePageHeadRenderer(app));
  await app.register(sitemapRoutes);
  const route = routes(app);

  route.get(
    '/api/v1/front/page/:slug',
    {
      access: 'public',
      tags,
      summary: 'A site page: about, terms, privacy, help or contact',
      params: sitePageSlugParamsSchema,
      data: sitePageSchema,
    },
    async ({ request }) => sitePage(app.db, known(request.params.slug)),
  );

  route.get(
    '/api/v1/operator/site_pages',
    {
      access: 'user',
      tags,
      summary: 'Every site page, as the operator edits them (platform operator only; others get 403)',
      data: z.array(sitePageSchema),
    },
    async ({ user }) => {
      await requireOperator(app.db, user.id);
      return allSitePages(app.db);
    },
  );

  route.put(
    '/api/v1/operator/site_pages/:slug',
    {
      access: 'user',
      tags,
      summary: 'Write a site page: its HTML is sanitized by the blog’s rules (platform operator only)',
      params: sitePageSlugParamsSchema,
      body: sitePageBodySchema,
      data: sitePageSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await requireOperator(tx, user.id);
      const saved = await saveSitePage(tx, known(request.params.slug), user.id, request.body, SITE_PAGE_MESSAGES);
      await app.events.emit(tx, 'site-page.changed', { slug: saved.slug });
      return withMessage(saved, SITE_PAGE_MESSAGES.saved);
    },
  );
}
