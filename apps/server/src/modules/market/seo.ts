import { asc, count, desc, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_DETAIL_PREFIX, productKeyOf, type ProductPage } from '@tradeloop/contracts/market';
import { BLOG_LIST_PATH, blogPostPath } from '@tradeloop/contracts/blogs-constants';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, type PageHead } from '../../platform/web.ts';
import { categoryTree } from '../catalog/taxonomy-service.ts';
import { publishedPostPaths } from '../blogs/service.ts';
import { productUrlOf } from './listing.ts';
import { storefrontSlugs } from './sellers.ts';
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

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map(
    (entry) => `  <url><loc>${xml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

async function productEntries(db: Db, publicUrl: string, afterId: number, limit: number) {
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
    .where(gt(marketListings.productId, afterId))
    .orderBy(asc(marketListings.productId))
    .limit(limit);
  return rows.map((row) => ({ loc: `${publicUrl}${productUrlOf(row)}`, lastmod: row.updatedAt.toISOString() }));
}

/**
 * /sitemap.xml: the home page, the product list, its top categories and every public product; with
 * more products than one file holds, an index of /sitemap.xml?page=N files instead.
 */
export async function sitemap(db: Db, publicUrl: string, page: number | null): Promise<string> {
  const [{ total }] = await db.select({ total: count() }).from(marketListings);
  if (page === null && total > SITEMAP_LIMIT - 100) {
    const files = Math.ceil(total / SITEMAP_LIMIT);
    const maps = Array.from(
      { length: files },
      (_, index) => `  <sitemap><loc>${xml(`${publicUrl}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
  }
  if (page !== null) {
    const [boundary] = await db
      .select({ id: marketListings.productId })
      .from(marketListings)
      .orderBy(asc(marketListings.productId))
      .offset((page - 1) * SITEMAP_LIMIT)
      .limit(1);
    return urlset(boundary ? await productEntries(db, publicUrl, boundary.id - 1, SITEMAP_LIMIT) : []);
  }
  const tree = await categoryTree(db);
  const pages = [
    { loc: `${publicUrl}/` },
    { loc: `${publicUrl}/productlist` },
    ...(tree.children.get(null) ?? []).map((category) => ({
      loc: `${publicUrl}/productlist?categories=${category.id}`,
    })),
  ];
  // Each seller with public products has a mini-site (decision 044): its home and about-us pages.
  const stores = (await storefrontSlugs(db, 5_000)).flatMap((slug) => [
    { loc: `${publicUrl}/mini-site/${encodeURIComponent(slug)}` },
    { loc: `${publicUrl}/mini-site/${encodeURIComponent(slug)}/about-us` },
  ]);
  // The blog and its published posts (decision 046), within the same file's limit.
  const posts = await publishedPostPaths(db, 5_000);
  const blog = [
    { loc: `${publicUrl}${BLOG_LIST_PATH}` },
    ...posts.map((post) => ({ loc: `${publicUrl}${blogPostPath(post.slug)}`, lastmod: post.updatedAt.toISOString() })),
  ];
  const room = SITEMAP_LIMIT - pages.length - stores.length - blog.length;
  return urlset([...pages, ...stores, ...blog, ...(await productEntries(db, publicUrl, 0, room))]);
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
