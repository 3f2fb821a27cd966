import { asc, count, desc, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import { PRODUCT_DETAIL_PREFIX, productKeyOf, type ProductPage } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, plainText, scriptJson, type PageHead } from '../../platform/web.ts';
import { productUrlOf } from './listing.ts';
import { productPageOfPage } from './product-page.ts';
import { marketListings } from './tables.ts';

/**
 * Product pages for search engines and link previews (docs/decisions/012): the HTML of
 * /productdetail/… carries the product's title, description, Open Graph tags, a canonical link and
 * schema.org Product JSON-LD; the sitemap (site-pages) lists every public product by its path here.
 */

/** ISO 4217 codes for the currencies whose stored code is not one (spec section 3: "Rupee"). */
const ISO_CODES: Record<string, string> = { Rupee: 'INR' };

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
      const options = { currency: DEFAULT_CURRENCY_ID, userId: null };
      const page = await productPageOfPage(app.db, app.storage, key, options, request);
      return productHead(page, app.config.publicUrl);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return NOT_FOUND_HEAD;
      throw error;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Sitemap entries

/**
 * Public products' paths for the sitemap (site-pages composes it), in id order from the `offset`-th on:
 * the first found by its place, the rest by id from there.
 */
export async function productSitemapPaths(db: Db, offset: number, limit: number) {
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
  return rows.map((row) => ({ path: productUrlOf(row), updatedAt: row.updatedAt }));
}

/** How many products are public. */
export async function listedProductCount(db: Db): Promise<number> {
  return (await db.select({ total: count() }).from(marketListings))[0].total;
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
