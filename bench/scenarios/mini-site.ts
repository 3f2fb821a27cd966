import { startChild, stopChild } from '../child-process.ts';
import { benchDatabaseUrl, measureFirstByte, type Figures } from '../lib.ts';
import { MINI_SITE_SLUG, PRODUCTS, REVIEWS } from './mini-site-data.ts';

/**
 * A seller's mini-site (issue 18, acceptance 4; decision 044): 32 clients load the server-rendered
 * home of a seller with 2,000 public products and 500 visible reviews (GET /mini-site/{slug}), and
 * the JSON it is rendered from (GET front/mini-site/{slug}) and the supplier directory's first page (GET
 * front/sellers, 12 cards with logo, rating and verification), beside the page of one of that seller's
 * products (GET /productdetail/…) in the same run, each timed to the first byte and to the last with
 * brotli accepted. The server runs in its own process on the demo marketplace, where it builds the
 * data set through its own routes before it reports ready (scenarios/mini-site-data.ts); the web app
 * must be built (`npm run build`). On PostgreSQL it gets a database of its own, dropped at the end.
 */
const CLIENTS = 32;
const WARMUP_SECONDS = 3;
const SERVER = new URL('../app-server.ts', import.meta.url);
const HEADERS = { 'accept-encoding': 'br, gzip' };

type Site = { products: number; rating: { count: number }; featured_products: { product_url: string }[] };

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): { '@type'?: string; aggregateRating?: Record<string, unknown> }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]),
  );
}

export async function miniSiteScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] },
): Promise<Figures[]> {
  const target = await benchDatabaseUrl(options.databaseUrl, 'mini_site_bench');
  try {
    const server = await startChild(SERVER, {
      DATABASE_URL: target.url ?? '',
      BENCH_DEMO_DATA: 'true',
      BENCH_SEED: 'mini-site',
    });
    try {
      const base = /ready (\S+)/.exec(server.announced)![1];
      const seeded = JSON.parse(/seeded (\{.*\})/.exec(server.announced)![1]) as {
        importedProducts: number;
        generatedReviews: number;
        average: number;
        seconds: number;
      };
      const site = ((await (await fetch(`${base}/api/v1/front/mini-site/${MINI_SITE_SLUG}`)).json()) as { data: Site })
        .data;
      if (site.products !== PRODUCTS || site.rating.count !== REVIEWS)
        throw new Error(`the seller has ${site.products} products and ${site.rating.count} reviews`);
      const html = await (await fetch(`${base}/mini-site/${MINI_SITE_SLUG}`)).text();
      const organization = jsonLd(html).find((block) => block['@type'] === 'Organization');
      const rating = organization?.aggregateRating;
      const counted = rating?.reviewCount ?? rating?.ratingCount;
      if (!organization || rating?.['@type'] !== 'AggregateRating' || counted !== REVIEWS)
        throw new Error(
          'the mini-site is not server-rendered with its Organization and AggregateRating (is the web app built?)',
        );
      const product = site.featured_products[0].product_url;
      const productHtml = await (await fetch(`${base}${product}`)).text();
      if (!productHtml.includes('"@type":"Product"')) throw new Error('the product page is not server-rendered');
      notes.lines.push(
        `Data set: the demo seller ${MINI_SITE_SLUG} with ${site.products.toLocaleString('en-US')} public products ` +
          `(${seeded.importedProducts.toLocaleString('en-US')} from one CSV import) and ${site.rating.count} visible reviews ` +
          `(${seeded.generatedReviews} from generated buyers' quote requests, average ${seeded.average}), ` +
          `built through the routes in ${seeded.seconds} s (not part of the figures). ` +
          `The page's JSON-LD Organization carries AggregateRating ${rating!.ratingValue} of ${counted} (${rating!.reviewCount === undefined ? 'ratingCount' : 'reviewCount'}).`,
      );
      const load = { connections: CLIENTS, seconds: options.seconds, warmupSeconds: WARMUP_SECONDS, headers: HEADERS };
      return [
        ...(await measureFirstByte('GET a product page of the seller (HTML, baseline)', {
          ...load,
          url: `${base}${product}`,
        })),
        ...(await measureFirstByte(`GET /mini-site/${MINI_SITE_SLUG} (HTML)`, {
          ...load,
          url: `${base}/mini-site/${MINI_SITE_SLUG}`,
        })),
        ...(await measureFirstByte(`GET /api/v1/front/mini-site/${MINI_SITE_SLUG} (JSON)`, {
          ...load,
          url: `${base}/api/v1/front/mini-site/${MINI_SITE_SLUG}`,
        })),
        // The directory's first page: 12 supplier cards, each with its logo, rating and verification (issue 42).
        ...(await measureFirstByte('GET /api/v1/front/sellers (JSON, 12 supplier cards)', {
          ...load,
          url: `${base}/api/v1/front/sellers`,
        })),
      ];
    } finally {
      await stopChild(server.child);
    }
  } finally {
    await target.drop();
  }
}
