import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exchangeRateSchema,
  filtersResponseSchema,
  MARKET_MESSAGES,
  memberTypeBodySchema,
  operatorSellersPageSchema,
  operatorStatusSchema,
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
import { sellerDirectoryQuerySchema } from '@tradeloop/contracts/directory';
import { serializeAsBuilt } from '../../platform/http.ts';
import { addHeadRenderer } from '../../platform/web.ts';
import { onPageEffect, pageEffect } from '../../platform/page-effects.ts';
import {
  CATEGORY_PAGE_PREFIX,
  categoryPageSchema,
  categorySlugParamsSchema,
} from '@tradeloop/contracts/market-category';
import { categoryHeadRenderer, categoryPage } from './category-page.ts';
import { drawDemoPicturesWhenReady } from '../../platform/demo-pictures.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { pollPageActivity, type QuotesToday } from './activity.ts';
import { createCounters, FLUSH_EVERY_MS } from './counters.ts';
import { filterDefinitions } from './filters.ts';
import { listSellers } from '../accounts/public.ts';
import { operatorJobRoutes } from './jobs-routes.ts';
import { productPageOfPage } from './product-page.ts';
import { forgetRates, isOperator, listRates, loadStartingRates, requireOperator, updateRates } from './rates.ts';
import { searchProducts } from './search.ts';
import { memberTypesOf, sellerMarketProfile, sellerProducts, setAnnualRevenue, setMemberType } from './sellers.ts';
import { productHeadRenderer } from './seo.ts';
import { suggest } from './suggestions.ts';
import { addToWishlist, listWishlist, removeFromWishlist, wishlistIds } from './wishlist.ts';
import { ensureDemoImages } from './demo-images.ts';

const tags = ['market'];

/** The public marketplace (issue 7): search, product pages, wishlist, exchange rates. */
export async function marketRoutes(
  fastify: FastifyInstance,
  options: { demoPictures: boolean; quotesToday: QuotesToday },
) {
  await loadStartingRates(fastify.db);
  const counters = createCounters(fastify.db);
  // Views and searches of pages served from the cache are counted too (decision 050).
  onPageEffect(fastify, 'market.view', ([productId, fromSearch]) =>
    counters.countView(Number(productId), !!fromSearch),
  );
  onPageEffect(fastify, 'market.search', ([term]) => counters.countSearch(String(term)));
  fastify.jobs.local('market.counters', FLUSH_EVERY_MS, counters.flush);
  drawDemoPicturesWhenReady(fastify, options.demoPictures, 'demo pictures', (closing) =>
    ensureDemoImages(fastify.db, fastify.storage, fastify.log, closing),
  );
  addHeadRenderer(fastify, PRODUCT_DETAIL_PREFIX, productHeadRenderer(fastify));
  addHeadRenderer(fastify, CATEGORY_PAGE_PREFIX, categoryHeadRenderer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.post(
    '/api/v1/front/product/list',
    {
      access: 'public',
      tags,
      summary: 'Search and browse public products: keyword, the twelve filters with counts, sort, pages',
      description:
        'The keyword is matched with full-text search; misspelt words are searched with their nearest known words. ' +
        'Values of one filter are alternatives, filters combine. Each facet counts the products its options would show ' +
        'with the other filters applied. Prices are converted into `currency` at the stored exchange rates.',
      body: productSearchBodySchema,
      data: productSearchResultSchema,
      serializerCompiler: serializeAsBuilt,
    },
    async ({ request }) => app.publicReads.run(request.user, (db) => searchProducts(db, request.body, counters)),
  );

  route.get(
    '/api/v1/front/category/:slug',
    {
      access: 'public',
      tags,
      summary: 'A category page: the category, its breadcrumbs and its sub-categories with product counts',
      description:
        'Its products and suppliers come from `front/product/list` with `categories: [id]` (the list’s filters apply).',
      params: categorySlugParamsSchema,
      data: categoryPageSchema,
    },
    async ({ request }) => categoryPage(app.db, request.params.slug),
  );

  route.get(
    '/api/v1/front/filters',
    {
      access: 'public',
      tags,
      summary: 'The product list filters: all twelve, in order, visible by default; price slider 500 to 50000',
      data: filtersResponseSchema,
    },
    async () => filterDefinitions(app.db),
  );

  route.get(
    '/api/v1/front/search/suggestions',
    {
      access: 'public',
      tags,
      summary: 'Autocomplete: popular searches, products and categories for what was typed',
      querystring: suggestionsQuerySchema,
      data: suggestionsSchema,
    },
    async ({ request }) => app.publicReads.run(request.user, (db) => suggest(db, request.query.q)),
  );

  route.get(
    '/api/v1/front/product/detail/:key',
    {
      access: 'public',
      tags,
      summary: 'A public product page by id, slug or unique number (the last segment of /productdetail/… URLs)',
      params: productKeyParamsSchema,
      querystring: productPageQuerySchema,
      data: productPageSchema,
    },
    async ({ request }) => {
      const page = await productPageOfPage(app.db, app.storage, request.params.key, {
        currency: request.query.currency,
        userId: request.user?.id ?? null,
      });
      counters.countView(page.product.id, !!request.query.search_keyword);
      pageEffect('market.view', [page.product.id, !!request.query.search_keyword]);
      return page;
    },
  );

  route.get(
    '/api/v1/product/manufacture/seller_products',
    {
      access: 'public',
      tags,
      summary: 'Sellers with their products, by repeated business_type, country_name and category_name',
      querystring: sellerProductsQuerySchema,
      data: sellerProductsPageSchema,
    },
    async ({ request }) => sellerProducts(app.db, request.query),
  );

  route.post(
    '/api/v1/front/page_activity',
    {
      access: 'public',
      tags,
      summary:
        'Page activity of /productlist, polled every 30 seconds: marks the visitor present, answers live figures',
      body: pageActivityBodySchema,
      data: pageActivitySchema,
    },
    async ({ request }) => {
      const header = request.headers['x-session-hash'];
      const fromHeader = typeof header === 'string' && /^[\w-]{8,100}$/.test(header) ? header : null;
      const sessionId = request.body.session_id ?? fromHeader;
      const visit = { sessionId, userId: request.user?.id ?? null, page: request.body.page };
      return pollPageActivity(app.db, visit, options.quotesToday);
    },
  );

  await fastify.register(wishlistRoutes);
  await fastify.register(operatorRoutes);
  await fastify.register(operatorJobRoutes);
  await fastify.register(sellerProfileRoutes);
}

async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.get(
    '/api/v1/front/wishlist',
    {
      access: 'user',
      tags,
      summary: "The caller's wishlist, newest first",
      querystring: wishlistQuerySchema,
      data: wishlistPageSchema,
    },
    async ({ request, user }) => listWishlist(app.db, user.id, request.query),
  );

  route.get(
    '/api/v1/front/wishlist/ids',
    { access: 'user', tags, summary: 'Ids of the products in the caller’s wishlist', data: wishlistIdsSchema },
    async ({ user }) => ({ ids: await wishlistIds(app.db, user.id) }),
  );

  route.post(
    '/api/v1/front/wishlist/add',
    {
      access: 'user',
      tags,
      summary: 'Add a public product to the wishlist',
      body: wishlistBodySchema,
      data: wishlistStateSchema,
      transaction: true,
    },
    async ({ request, user: me, tx }) => {
      const listing = await addToWishlist(tx, me.id, request.body.product_id);
      if (listing?.sellerUserId && listing.sellerUserId !== me.id) {
        await app.events.emit(tx, 'product.wishlisted', {
          productId: listing.productId,
          productName: listing.name,
          sellerUserId: listing.sellerUserId,
          userId: me.id,
        });
      }
      return withMessage({ product_id: request.body.product_id, wishlisted: true }, MARKET_MESSAGES.wishlistAdded);
    },
  );

  route.post(
    '/api/v1/front/wishlist/remove',
    {
      access: 'user',
      tags,
      summary: 'Remove a product from the wishlist',
      body: wishlistBodySchema,
      data: wishlistStateSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await removeFromWishlist(tx, user.id, request.body.product_id);
      return withMessage({ product_id: request.body.product_id, wishlisted: false }, MARKET_MESSAGES.wishlistRemoved);
    },
  );
}

async function operatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.get(
    '/api/v1/front/exchange_rates',
    {
      access: 'public',
      tags,
      summary: 'Exchange rates: units of each currency for one US dollar',
      data: z.array(exchangeRateSchema),
    },
    async () => listRates(app.db),
  );

  route.get(
    '/api/v1/operator/me',
    {
      access: 'user',
      tags: ['market: operator'],
      summary: 'Whether the signed-in user is a platform operator (the account menu offers their pages)',
      data: operatorStatusSchema,
    },
    async ({ user }) => ({ operator: await isOperator(app.db, user.id) }),
  );

  route.post(
    '/api/v1/operator/exchange_rates',
    {
      access: 'user',
      tags: ['market: operator'],
      summary: 'Update exchange rates (platform operator only; docs/decisions/014)',
      description:
        'Body: `{"rates": [{"code": "EUR", "rate": 0.92}, {"currency_id": 26, "rate": 83.4}]}`: units of the ' +
        'currency for one US dollar. Listings priced in those currencies are re-priced in the same transaction. ' +
        'Callers who are not operators get 403.',
      body: updateRatesBodySchema,
      data: z.array(exchangeRateSchema),
    },
    async ({ request, user }) => {
      await app.db.transaction(async (tx) => {
        await updateRates(tx, user.id, request.body);
        // Every converted price on a public page goes stale (decision 050).
        await app.events.emit(tx, 'rates.changed', { by: user.id });
      });
      forgetRates(app.db);
      return withMessage(await listRates(app.db), MARKET_MESSAGES.ratesUpdated);
    },
  );

  route.get(
    '/api/v1/operator/sellers',
    {
      access: 'user',
      tags: ['market: operator'],
      summary: 'Sellers with their member type, to verify (platform operator only)',
      description: 'The supplier directory’s page and filters (`GET front/sellers`), each seller with its member type.',
      querystring: sellerDirectoryQuerySchema,
      data: operatorSellersPageSchema,
    },
    async ({ request, user }) => {
      await requireOperator(app.db, user.id);
      const sellers = await listSellers(app.db, request.query);
      const types = await memberTypesOf(
        app.db,
        sellers.data.map((seller) => seller.company_id),
      );
      return {
        ...sellers,
        data: sellers.data.map((seller) => ({ ...seller, member_type: types.get(seller.company_id)! })),
      };
    },
  );

  route.post(
    '/api/v1/operator/sellers/member_type',
    {
      access: 'user',
      tags: ['market: operator'],
      summary: 'Verify a seller (member type), platform operator only',
      body: memberTypeBodySchema,
      data: sellerMarketProfileSchema,
    },
    async ({ request, user }) => {
      const profile = await app.db.transaction(async (tx) => {
        await requireOperator(tx, user.id);
        const changed = await setMemberType(tx, request.body.company_id, request.body.member_type);
        await app.events.emit(tx, 'company.changed', { companyId: request.body.company_id });
        return changed;
      });
      return withMessage(profile, MARKET_MESSAGES.memberTypeUpdated);
    },
  );
}

async function sellerProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.get(
    '/api/v1/market/seller_profile',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: "The company's marketplace facts (annual revenue, member type)",
      data: sellerMarketProfileSchema,
    },
    async ({ user }) => sellerMarketProfile(app.db, user.companyId!),
  );

  route.post(
    '/api/v1/market/seller_profile',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: "Set the company's annual revenue band (a product list filter)",
      body: sellerProfileBodySchema,
      data: sellerMarketProfileSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const profile = await setAnnualRevenue(tx, user.companyId!, request.body.annual_revenue);
      await app.events.emit(tx, 'company.changed', { companyId: user.companyId! });
      return withMessage(profile, MARKET_MESSAGES.sellerProfileUpdated);
    },
  );
}
