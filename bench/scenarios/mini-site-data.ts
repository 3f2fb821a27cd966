import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { FastifyInstance } from 'fastify';
import { findPeople } from '../../apps/server/src/modules/accounts/people.ts';
import { createAccount } from '../../apps/server/src/modules/accounts/service.ts';
import { sampleCsv } from '../../apps/server/src/modules/catalog/sample-csv.ts';
import { createSession } from '../../apps/server/src/platform/sessions.ts';
import { quoteForm } from './crm-work.ts';

/**
 * The mini-site bench's data set (issue 18, acceptance 4), built inside the server's process (PGlite
 * lives there) through the product's own routes over HTTP: the demo seller, Shree Ganesh Engineering
 * Works, imports products with the catalogue's CSV import until it has PRODUCTS public ones; generated
 * buyers each send it a quote request (POST front/getQuery/submit) and review that enquiry
 * (POST front/reviews/create) until it has REVIEWS visible reviews. Only the buyers' accounts and
 * sessions are made with the accounts service (no password hashing for 500 people).
 */
export const MINI_SITE_SLUG = 'shree-ganesh-engineering-works';
export const PRODUCTS = 2000;
export const REVIEWS = 500;
/** Requests in flight at once while building (the server answers them one transaction at a time anyway). */
const PARALLEL = 8;
const RATINGS = [5, 4, 5, 3, 5, 4, 4, 2, 5, 1];
const TEXTS = [
  'Clear answers and a quotation within a day. Packing and documents were complete.',
  'Good prices and complete test certificates; the first offer took two days.',
  'Helpful sales team, the technical questions about the seals were answered precisely.',
  'Dispatch was a week later than promised, but the goods matched the quotation.',
  'Fair prices for export quality. We will order again for the next project.',
];

type Site = { products: number; rating: { average: number | null; count: number } };

async function json(response: Response, what: string) {
  const body = (await response.json()) as { data?: unknown; message?: string; errors?: unknown };
  if (!response.ok) throw new Error(`${what}: ${response.status} ${body.message ?? ''} ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function inParallel<T>(items: T[], work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

export async function seedMiniSite(app: FastifyInstance, base: string) {
  const started = Date.now();
  const site = async () =>
    (await json(await fetch(`${base}/api/v1/front/mini-site/${MINI_SITE_SLUG}`), 'mini-site')) as Site;
  const [seller] = await findPeople(app.db, { emails: [DEMO_ACCOUNTS.seller] });
  if (!seller?.companyId) throw new Error('the demo seller is missing: run with demo data');
  const sellerToken = (await createSession(app.db, seller.id, {})).token;
  const before = await site();

  // Products: the catalogue's CSV import, as a seller uploads a file (one request, one transaction).
  const brands = (await json(await fetch(`${base}/api/v1/brands/list?search=kirloskar`), 'brands')) as {
    data: { name: string }[];
  };
  const missing = PRODUCTS - before.products;
  if (missing > 0) {
    const { csv } = sampleCsv(missing, { brand: brands.data[0]?.name ?? 'Kirloskar' });
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const imported = (await json(
      await fetch(`${base}/api/v1/product/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sellerToken}` },
        body: form,
      }),
      'product import',
    )) as { created: number };
    if (imported.created !== missing) throw new Error(`the import created ${imported.created} of ${missing} products`);
  }
  const afterImport = await site();
  const shop = (await json(
    await fetch(`${base}/api/v1/front/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'Centrifugal Pump', seller_id: seller.id, page: 1, per_page: 50 }),
    }),
    'product list',
  )) as { data: { id: number; company_details: { id: number } }[] };
  const pumps = shop.data.filter((product) => product.company_details.id === seller.companyId).map((p) => p.id);
  if (pumps.length === 0) throw new Error('the imported pumps are not in the marketplace listing');

  // Reviews: a generated buyer's quote request, then the buyer's review of that enquiry.
  const reviewsMissing = REVIEWS - before.rating.count;
  const buyers = await app.db.transaction(async (tx) => {
    const made: { id: number; token: string }[] = [];
    for (let index = 0; index < reviewsMissing; index += 1) {
      const created = await createAccount(tx, {
        fullName: `Mini-site Bench Buyer ${index + 1}`,
        emailId: `mini-site.bench.${process.pid}.${index + 1}@example.test`,
        passwordHash: null,
        userType: 'others',
      });
      made.push({ id: created.userId, token: (await createSession(tx, created.userId, {})).token });
    }
    return made;
  });
  const enquiries: number[] = [];
  await inParallel(buyers, async (buyer, index) => {
    const quote = quoteForm({
      unique_session_id: `mini-site-bench-${buyer.id}`,
      seller_user_id: String(seller.id),
      enquiry_user_id: String(buyer.id),
      product_id: String(pumps[index % pumps.length]),
      quantity: String(5 + (index % 20)),
      price_term: 'FOB',
      greeting_message: 'Please quote your best price with delivery to Nhava Sheva.',
    });
    const submitted = (await json(
      await fetch(`${base}/api/v1/front/getQuery/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': quote.type },
        body: quote.body,
      }),
      'quote request',
    )) as { enquiry_ids: number[] };
    enquiries[index] = submitted.enquiry_ids[0];
  });
  // One review at a time: created concurrently on PostgreSQL, the seller's figures in
  // company_rating_stats can miss one (each transaction counts the reviews without the other's).
  for (const [index, buyer] of buyers.entries()) {
    await json(
      await fetch(`${base}/api/v1/front/reviews/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          enquiry_id: enquiries[index],
          rating: RATINGS[index % RATINGS.length],
          text: TEXTS[index % TEXTS.length],
        }),
      }),
      'review',
    );
  }
  // The figures the mini-site shows (company_rating_stats) against the reviews listed (counted in reviews).
  const listed = (await json(
    await fetch(`${base}/api/v1/front/mini-site/list-reviews?type=Review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop_id: seller.companyId, page: 1, per_page: 10 }),
    }),
    'reviews',
  )) as { total: number; summary: { count: number } };
  if (listed.total !== REVIEWS || listed.summary.count !== REVIEWS)
    throw new Error(`${listed.total} visible reviews listed, ${listed.summary.count} counted in the figures`);
  const after = await site();
  if (after.products !== PRODUCTS || after.rating.count !== REVIEWS)
    throw new Error(`the seller has ${after.products} products and ${after.rating.count} reviews`);
  return {
    slug: MINI_SITE_SLUG,
    products: after.products,
    importedProducts: afterImport.products - before.products,
    reviews: after.rating.count,
    generatedReviews: buyers.length,
    average: after.rating.average,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
