import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_LIST_PATH, blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { SITE_PAGE_SLUGS, sitePagePath } from '@tradeloop/contracts/site-pages';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../platform/web.ts';
import { publishedPostCount, publishedPostPaths } from '../blogs/public.ts';
import {
  categoryPagePaths,
  listedProductCount,
  productSitemapPaths,
  storefrontCount,
  storefrontSlugs,
} from '../market/public.ts';

/*
 * The site's map for search engines (decisions 012 and 051), at most 50,000 addresses a file by the
 * protocol. It lists pages of the marketplace, the blog and the site, so it is composed here, above
 * the modules whose pages it names.
 */

export const SITEMAP_LIMIT = 50_000;

const xml = (text: string) => escapeHtml(text);

type SitemapEntry = { loc: string; lastmod?: string };

function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `  <url><loc>${xml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const SITEMAP_SECTIONS = ['site', 'stores', 'posts', 'products'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** A part of the sitemap: how many items it has, each giving `perItem` addresses, and a page of them. */
type Section = {
  perItem: number;
  count(): Promise<number>;
  entries(offset: number, limit: number): Promise<SitemapEntry[]>;
};

function sections(db: Db, publicUrl: string): Record<SitemapSection, Section> {
  // Counted and listed from one read of the category tree.
  let site: Promise<SitemapEntry[]> | undefined;
  const pages = () => (site ??= sitePages(db, publicUrl));
  return {
    // The home page, the product list, its top categories and the blog's list.
    site: {
      perItem: 1,
      count: async () => (await pages()).length,
      entries: async (offset, limit) => (await pages()).slice(offset, offset + limit),
    },
    // Each seller with public products has a mini-site (decision 044): its home and about-us pages.
    stores: {
      perItem: 2,
      count: () => storefrontCount(db),
      entries: async (offset, limit) =>
        (await storefrontSlugs(db, { offset, limit })).flatMap((slug) => [
          { loc: `${publicUrl}/mini-site/${encodeURIComponent(slug)}` },
          { loc: `${publicUrl}/mini-site/${encodeURIComponent(slug)}/about-us` },
        ]),
    },
    // Published posts (decision 046).
    posts: {
      perItem: 1,
      count: () => publishedPostCount(db),
      entries: async (offset, limit) =>
        (await publishedPostPaths(db, { offset, limit })).map((post) => ({
          loc: `${publicUrl}${blogPostPath(post.slug)}`,
          lastmod: post.updatedAt.toISOString(),
        })),
    },
    products: {
      perItem: 1,
      count: () => listedProductCount(db),
      entries: async (offset, limit) =>
        (await productSitemapPaths(db, offset, limit)).map((product) => ({
          loc: `${publicUrl}${product.path}`,
          lastmod: product.updatedAt.toISOString(),
        })),
    },
  };
}

async function sitePages(db: Db, publicUrl: string): Promise<SitemapEntry[]> {
  return [
    { loc: `${publicUrl}/` },
    { loc: `${publicUrl}/productlist` },
    // Every category's page (decision 051), top categories first.
    ...(await categoryPagePaths(db)).map((path) => ({ loc: `${publicUrl}${path}` })),
    { loc: `${publicUrl}${BLOG_LIST_PATH}` },
    // The site's own pages (decision 051).
    ...SITE_PAGE_SLUGS.map((slug) => ({ loc: `${publicUrl}${sitePagePath(slug)}` })),
  ];
}

/**
 * /sitemap.xml: the site's pages, the sellers' mini-sites, the blog's posts and every public product, in one
 * file while they fit in it; past that, an index of files per section (`?section=products&page=3`), each
 * within the protocol's limit. `?page=N` alone is a page of products, as the index once listed them.
 */
export async function sitemap(
  db: Db,
  publicUrl: string,
  wanted: { section?: SitemapSection; page?: number },
  limit = SITEMAP_LIMIT,
): Promise<string> {
  const parts = sections(db, publicUrl);
  if (wanted.section || wanted.page) {
    const part = parts[wanted.section ?? 'products'];
    const items = Math.floor(limit / part.perItem);
    return urlset(await part.entries(((wanted.page ?? 1) - 1) * items, items));
  }
  const counts = await Promise.all(
    SITEMAP_SECTIONS.map(async (name) => (await parts[name].count()) * parts[name].perItem),
  );
  if (counts.reduce((sum, addresses) => sum + addresses, 0) <= limit) {
    const all = await Promise.all(SITEMAP_SECTIONS.map((name) => parts[name].entries(0, limit)));
    return urlset(all.flat());
  }
  const files = SITEMAP_SECTIONS.flatMap((name, index) =>
    Array.from(
      { length: Math.ceil(counts[index] / limit) },
      (_, page) => `${publicUrl}/sitemap.xml?section=${name}&page=${page + 1}`,
    ),
  );
  const maps = files.map((loc) => `  <sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /crm/\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** /sitemap.xml and /robots.txt, for search engines. */
export async function sitemapRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sitemap.xml',
    {
      schema: {
        hide: true,
        querystring: z.object({
          section: z.enum(SITEMAP_SECTIONS).optional(),
          page: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await sitemap(app.db, app.config.publicUrl, request.query)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.publicUrl)),
  );
}
