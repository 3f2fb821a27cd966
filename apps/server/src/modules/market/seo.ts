import { asc, count, desc, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_DETAIL_PREFIX, productKeyOf, type ProductPage } from '@tradeloop/contracts/market';
import { BLOG_LIST_PATH, blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { SITE_PAGE_SLUGS, sitePagePath } from '@tradeloop/contracts/site-pages';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, type PageHead } from '../../platform/web.ts';
import { publishedPostCount, publishedPostPaths } from '../blogs/public.ts';
import { categoryPagePaths } from './category-page.ts';
import { productUrlOf } from './listing.ts';
import { storefrontCount, storefrontSlugs } from './sellers.ts';
import { productPage } from './product-page.ts';
import { marketListings } from './tables.ts';

/**
 * Product pages for search engines and link previews (docs/decisions/012): the HTML of
 * /productdetail/… carries the product's title, description, Open Graph tags, a canonical link and
 * schema.org Product JSON-LD, and /sitemap.xml lists every public product.
 */

/** ISO 4217 codes for the currencies whose stored code is not one (spec section 3: "Rupee"). */
const ISO_CODES: Record<string, string> = { Rupee: 'INR' };

/** JSON inside <script>: nothing in it may close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function plainText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function productJsonLd(page: ProductPage, absolute: (path: string) => string) {
  const { product, seller } = page;
  const currency = product.original_currency;
  const tiers = product.tiers;
  const low = product.unit_price;
  const high = product.unit_price_max ?? low;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: [product.pre_title_name, product.name].filter(Boolean).join(' '),
    description: plainText(product.description, 5000),
    sku: product.unique_number,
    ...(product.model_number ? { mpn: product.model_number } : {}),
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.categories.map((category) => category.name).join(' > ') || undefined,
    image: product.photos.map((photo) => absolute(photo.full)),
    url: absolute(product.product_url),
    ...(low !== null && currency
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: ISO_CODES[product.currency.code] ?? product.currency.code,
            lowPrice: low,
            highPrice: high,
            offerCount: Math.max(1, tiers.length),
            availability:
              product.availability === 'in_stock' ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
            itemCondition:
              product.condition === 'Used'
                ? 'https://schema.org/UsedCondition'
                : product.condition === 'Refurbished'
                  ? 'https://schema.org/RefurbishedCondition'
                  : 'https://schema.org/NewCondition',
            seller: { '@type': 'Organization', name: seller.name },
          },
        }
      : {}),
  };
}

function productHead(page: ProductPage, publicUrl: string): PageHead {
  const { product, seller } = page;
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${publicUrl}${path}`);
  const name = [product.pre_title_name, product.name].filter(Boolean).join(' ');
  const title = `${name} | ${seller.name} | TradeLoop`;
  const description = plainText(
    `${name} from ${seller.name}${seller.country_name ? `, ${seller.country_name}` : ''}. ${product.description}`,
    300,
  );
  const image = product.photos[0] ? absolute(product.photos[0].card) : null;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(absolute(product.product_url))}" />`,
    meta('og:type', 'product'),
    meta('og:site_name', 'TradeLoop'),
    meta('og:title', name),
    meta('og:description', description),
    meta('og:url', absolute(product.product_url)),
    ...(image ? [meta('og:image', image)] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${scriptJson(productJsonLd(page, absolute))}</script>`,
  ];
  return { title, description, head: tags.map((tag) => `  ${tag}`).join('\n') };
}

const NOT_FOUND_HEAD: PageHead = {
  status: 404,
  title: 'Product not found | TradeLoop',
  description: 'This product is no longer listed on TradeLoop.',
  head: '  <meta name="robots" content="noindex" />',
};

/** The head of a /productdetail/… page; 404 for a product that is not public. */
export function productHeadRenderer(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<PageHead | null> => {
    const path = request.url.split('?')[0].slice(PRODUCT_DETAIL_PREFIX.length);
    const key = productKeyOf(path);
    if (!key) return NOT_FOUND_HEAD;
    try {
      const page = await productPage(app.db, app.storage, key, { currency: 1, userId: null });
      return productHead(page, app.config.publicUrl);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return NOT_FOUND_HEAD;
      throw error;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Sitemaps (at most 50,000 addresses each, by the protocol)

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
      count: async () => (await db.select({ total: count() }).from(marketListings))[0].total,
      entries: (offset, limit) => productEntries(db, publicUrl, offset, limit),
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

/** Products in id order from the `offset`-th on: the first found by its place, the rest by id from there. */
async function productEntries(db: Db, publicUrl: string, offset: number, limit: number) {
  const [first] = await db
    .select({ id: marketListings.productId })
    .from(marketListings)
    .orderBy(asc(marketListings.productId))
    .offset(offset)
    .limit(1);
  if (!first) return [];
  const rows = await db
    .select({
      productId: marketListings.productId,
      slug: marketListings.slug,
      categoryName: marketListings.categoryName,
      brandName: marketListings.brandName,
      companySlug: marketListings.companySlug,
      updatedAt: marketListings.updatedAt,
    })
    .from(marketListings)
    .where(gte(marketListings.productId, first.id))
    .orderBy(asc(marketListings.productId))
    .limit(limit);
  return rows.map((row) => ({ loc: `${publicUrl}${productUrlOf(row)}`, lastmod: row.updatedAt.toISOString() }));
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

/** Newest first, for tests and the bench: the latest public product's canonical path. */
export async function latestProductPath(db: Db): Promise<string | null> {
  const [row] = await db
    .select({
      slug: marketListings.slug,
      categoryName: marketListings.categoryName,
      brandName: marketListings.brandName,
      companySlug: marketListings.companySlug,
    })
    .from(marketListings)
    .orderBy(desc(marketListings.createdAt))
    .limit(1);
  return row ? productUrlOf(row) : null;
}
