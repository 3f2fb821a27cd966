import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  exchangeRateSchema,
  filtersResponseSchema,
  MARKET_MESSAGES,
  memberTypeBodySchema,
  PRODUCT_DETAIL_PREFIX,
  pageActivityBodySchema,
  pageActivitySchema,
  productKeyParamsSchema,
  productPageQuerySchema,
  productPageSchema,
  productSearchBodySchema,
  productSearchResultSchema,
  sellerMarketProfileSchema,
  sellerProductsPageSchema,
  sellerProductsQuerySchema,
  sellerProfileBodySchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  updateRatesBodySchema,
  wishlistBodySchema,
  wishlistIdsSchema,
  wishlistPageSchema,
  wishlistQuerySchema,
  wishlistStateSchema,
} from '@tradeloop/contracts/market';
import { caller } from '../../platform/access.ts';
import { ok, serializeAsBuilt } from '../../platform/http.ts';
import { addHeadRenderer } from '../../platform/web.ts';
import { pollPageActivity } from './activity.ts';
import { PRUNE_EVERY_MS, pruneChangeLog } from '../../db/change-follower.ts';
import { createCounters, FLUSH_EVERY_MS } from './counters.ts';
import { filterDefinitions } from './filters.ts';
import { operatorJobRoutes } from './jobs-routes.ts';
import { productPage } from './product-page.ts';
import { forgetRates, listRates, loadStartingRates, requireOperator, updateRates } from './rates.ts';
import { searchProducts } from './search.ts';
import { LISTING_CHANGE_LOG, listingIndex } from './search-index-store.ts';
import { sellerMarketProfile, sellerProducts, setAnnualRevenue, setMemberType } from './sellers.ts';
import { productHeadRenderer, robotsTxt, sitemap } from './seo.ts';
import { suggest } from './suggestions.ts';
import { addToWishlist, listWishlist, removeFromWishlist, wishlistIds } from './wishlist.ts';
import { ensureDemoImages } from './demo-images.ts';

const publicAccess = { access: 'public' as const };
const user = { access: 'user' as const };
const tags = ['market'];

/** The public marketplace (issue 7): search, product pages, wishlist, exchange rates, sitemap. */
export async function marketRoutes(fastify: FastifyInstance) {
  await loadStartingRates(fastify.db);
  const counters = createCounters(fastify.db);
  fastify.jobs.local('market.counters', FLUSH_EVERY_MS, counters.flush);
  fastify.jobs.every('market.prune-listing-changes', PRUNE_EVERY_MS, (db) => pruneChangeLog(db, LISTING_CHANGE_LOG));
  // Demo pictures are drawn in the background: a slow machine must not hold the start past Fastify's
  // timeout. Closing waits for them, so no file is written into a removed folder.
  let drawing: Promise<void> = Promise.resolve();
  fastify.addHook('onReady', async () => {
    drawing = ensureDemoImages(fastify.db, fastify.storage, fastify.log).catch((error: unknown) =>
      fastify.log.warn({ err: error }, 'demo pictures could not be drawn'),
    );
  });
  fastify.addHook('onClose', () => drawing);
  // The search index loads as the server starts, so the first buyer does not wait for it.
  let indexing: Promise<unknown> = Promise.resolve();
  fastify.addHook('onReady', async () => {
    indexing = listingIndex(fastify.db)
      .current()
      .catch((error: unknown) => fastify.log.warn({ err: error }, 'search index could not be loaded'));
  });
  fastify.addHook('onClose', () => indexing);
  addHeadRenderer(fastify, PRODUCT_DETAIL_PREFIX, productHeadRenderer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/front/product/list',
    {
      config: publicAccess,
      serializerCompiler: serializeAsBuilt,
      schema: {
        tags,
        summary: 'Search and browse public products: keyword, the twelve filters with counts, sort, pages',
        description:
          'The keyword is matched with full-text search; misspelt words are searched with their nearest known words. ' +
          'Values of one filter are alternatives, filters combine. Each facet counts the products its options would show ' +
          'with the other filters applied. Prices are converted into `currency` at the stored exchange rates.',
        body: productSearchBodySchema,
        response: { 200: envelope(productSearchResultSchema) },
      },
    },
    async (request) => ok(await searchProducts(app.db, request.body, counters)),
  );

  app.get(
    '/api/v1/front/filters',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'The product list filters: all twelve, in order, visible by default; price slider 500 to 50000',
        response: { 200: envelope(filtersResponseSchema) },
      },
    },
    async () => ok(await filterDefinitions(app.db)),
  );

  app.get(
    '/api/v1/front/search/suggestions',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Autocomplete: popular searches, products and categories for what was typed',
        querystring: suggestionsQuerySchema,
        response: { 200: envelope(suggestionsSchema) },
      },
    },
    async (request) => ok(await suggest(app.db, request.query.q)),
  );

  app.get(
    '/api/v1/front/product/detail/:key',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'A public product page by id, slug or unique number (the last segment of /productdetail/… URLs)',
        params: productKeyParamsSchema,
        querystring: productPageQuerySchema,
        response: { 200: envelope(productPageSchema) },
      },
    },
    async (request) => {
      const page = await productPage(app.db, app.storage, request.params.key, {
        currency: request.query.currency,
        userId: request.user?.id ?? null,
      });
      counters.countView(page.product.id, !!request.query.search_keyword);
      return ok(page);
    },
  );

  app.get(
    '/api/v1/product/manufacture/seller_products',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Sellers with their products, by repeated business_type, country_name and category_name',
        querystring: sellerProductsQuerySchema,
        response: { 200: envelope(sellerProductsPageSchema) },
      },
    },
    async (request) => ok(await sellerProducts(app.db, request.query)),
  );

  app.post(
    '/api/v1/front/page_activity',
    {
      config: publicAccess,
      schema: {
        tags,
        summary:
          'Page activity of /productlist, polled every 30 seconds: marks the visitor present, answers live figures',
        body: pageActivityBodySchema,
        response: { 200: envelope(pageActivitySchema) },
      },
    },
    async (request) => {
      const header = request.headers['x-session-hash'];
      const fromHeader = typeof header === 'string' && /^[\w-]{8,100}$/.test(header) ? header : null;
      const sessionId = request.body.session_id ?? fromHeader;
      return ok(
        await pollPageActivity(app.db, { sessionId, userId: request.user?.id ?? null, page: request.body.page }),
      );
    },
  );

  await fastify.register(wishlistRoutes);
  await fastify.register(operatorRoutes);
  await fastify.register(operatorJobRoutes);
  await fastify.register(sellerProfileRoutes);
  await fastify.register(seoRoutes);
}

async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const state = { 200: envelope(wishlistStateSchema) };

  app.get(
    '/api/v1/front/wishlist',
    {
      config: user,
      schema: {
        tags,
        summary: "The caller's wishlist, newest first",
        querystring: wishlistQuerySchema,
        response: { 200: envelope(wishlistPageSchema) },
      },
    },
    async (request) => ok(await listWishlist(app.db, caller(request).id, request.query)),
  );

  app.get(
    '/api/v1/front/wishlist/ids',
    {
      config: user,
      schema: {
        tags,
        summary: 'Ids of the products in the caller’s wishlist',
        response: { 200: envelope(wishlistIdsSchema) },
      },
    },
    async (request) => ok({ ids: await wishlistIds(app.db, caller(request).id) }),
  );

  app.post(
    '/api/v1/front/wishlist/add',
    {
      config: user,
      schema: { tags, summary: 'Add a public product to the wishlist', body: wishlistBodySchema, response: state },
    },
    async (request) => {
      const me = caller(request);
      await app.db.transaction(async (tx) => {
        const listing = await addToWishlist(tx, me.id, request.body.product_id);
        if (listing?.sellerUserId && listing.sellerUserId !== me.id) {
          await app.events.emit(tx, 'product.wishlisted', {
            productId: listing.productId,
            productName: listing.name,
            sellerUserId: listing.sellerUserId,
            userId: me.id,
          });
        }
      });
      return ok({ product_id: request.body.product_id, wishlisted: true }, MARKET_MESSAGES.wishlistAdded);
    },
  );

  app.post(
    '/api/v1/front/wishlist/remove',
    {
      config: user,
      schema: { tags, summary: 'Remove a product from the wishlist', body: wishlistBodySchema, response: state },
    },
    async (request) => {
      await app.db.transaction((tx) => removeFromWishlist(tx, caller(request).id, request.body.product_id));
      return ok({ product_id: request.body.product_id, wishlisted: false }, MARKET_MESSAGES.wishlistRemoved);
    },
  );
}

async function operatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rates = { 200: envelope(z.array(exchangeRateSchema)) };

  app.get(
    '/api/v1/front/exchange_rates',
    {
      config: publicAccess,
      schema: { tags, summary: 'Exchange rates: units of each currency for one US dollar', response: rates },
    },
    async () => ok(await listRates(app.db)),
  );

  app.post(
    '/api/v1/operator/exchange_rates',
    {
      config: user,
      schema: {
        tags: ['market: operator'],
        summary: 'Update exchange rates (platform operator only; docs/decisions/014)',
        description:
          'Body: `{"rates": [{"code": "EUR", "rate": 0.92}, {"currency_id": 26, "rate": 83.4}]}`: units of the ' +
          'currency for one US dollar. Listings priced in those currencies are re-priced in the same transaction. ' +
          'Callers who are not operators get 403.',
        body: updateRatesBodySchema,
        response: rates,
      },
    },
    async (request) => {
      await app.db.transaction((tx) => updateRates(tx, caller(request).id, request.body));
      forgetRates(app.db);
      return ok(await listRates(app.db), MARKET_MESSAGES.ratesUpdated);
    },
  );

  app.post(
    '/api/v1/operator/sellers/member_type',
    {
      config: user,
      schema: {
        tags: ['market: operator'],
        summary: 'Verify a seller (member type), platform operator only',
        body: memberTypeBodySchema,
        response: { 200: envelope(sellerMarketProfileSchema) },
      },
    },
    async (request) => {
      const profile = await app.db.transaction(async (tx) => {
        await requireOperator(tx, caller(request).id);
        return setMemberType(tx, request.body.company_id, request.body.member_type);
      });
      return ok(profile, MARKET_MESSAGES.memberTypeUpdated);
    },
  );
}

async function sellerProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profile = { 200: envelope(sellerMarketProfileSchema) };

  app.get(
    '/api/v1/market/seller_profile',
    {
      config: { access: 'company' },
      schema: { tags, summary: "The company's marketplace facts (annual revenue, member type)", response: profile },
    },
    async (request) => ok(await sellerMarketProfile(app.db, caller(request).companyId!)),
  );

  app.post(
    '/api/v1/market/seller_profile',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Set the company's annual revenue band (a product list filter)",
        body: sellerProfileBodySchema,
        response: profile,
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) =>
        setAnnualRevenue(tx, caller(request).companyId!, request.body.annual_revenue),
      );
      return ok(result, MARKET_MESSAGES.sellerProfileUpdated);
    },
  );
}

async function seoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sitemap.xml',
    { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(1000).optional() }) } },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await sitemap(app.db, app.config.publicUrl, request.query.page ?? null)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.publicUrl)),
  );
}
