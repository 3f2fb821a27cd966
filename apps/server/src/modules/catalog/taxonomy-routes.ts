import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  brandSchema,
  brandsPageSchema,
  brandsQuerySchema,
  categoryListBodySchema,
  categorySchema,
  categoryTreeItemSchema,
  createPassiveAttributeBodySchema,
  menuItemSchema,
  passiveAttributeSchema,
  proposeBrandBodySchema,
} from '@tradeloop/contracts/catalog';
import { envelope } from '@tradeloop/contracts/common';
import { ok } from '../../platform/http.ts';
import {
  allCategories,
  createPassiveAttribute,
  listBrands,
  listCategories,
  listPassiveAttributes,
  menuItems,
  proposeBrand,
} from './taxonomy-service.ts';
import { companyMember } from '../../platform/access.ts';

/** The tree changes with a release, brands when one is approved: shared caches may keep them a few minutes. */
const SHARED_CACHE = 'public, max-age=300';

export async function taxonomyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog: categories and brands'];

  app.post(
    '/api/v1/categoryList',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A category's children (the top level without parent), optionally with product counts",
        body: categoryListBodySchema,
        response: { 200: envelope(z.array(categorySchema)) },
      },
    },
    async (request) => ok(await listCategories(app.db, request.body)),
  );

  app.get(
    '/api/v1/category/all',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every category, flat, in tree order with its path',
        response: { 200: envelope(z.array(categoryTreeItemSchema)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHARED_CACHE);
      return ok(await allCategories(app.db));
    },
  );

  app.get(
    '/api/v1/website_menu/getMenus_items/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A menu; 3 is the header menu of top categories and their children',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.array(menuItemSchema)) },
      },
    },
    async (request, reply) => {
      const items = await menuItems(app.db, request.params.id);
      reply.header('cache-control', SHARED_CACHE);
      return ok(items);
    },
  );

  app.get(
    '/api/v1/brands/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Brands, 300 a page; a seller also sees the brands it proposed',
        querystring: brandsQuerySchema,
        response: { 200: envelope(brandsPageSchema) },
      },
    },
    async (request, reply) => {
      const companyId = request.user?.companyId ?? null;
      reply.header('cache-control', companyId === null ? SHARED_CACHE : 'private, no-cache');
      return ok(await listBrands(app.db, request.query, companyId));
    },
  );

  app.post(
    '/api/v1/brands/propose',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: 'Propose a brand that is not listed; usable at once by the proposer',
        body: proposeBrandBodySchema,
        response: { 200: envelope(brandSchema) },
      },
    },
    async (request) => {
      const brand = await app.db.transaction((tx) =>
        proposeBrand(tx, companyMember(request).companyId, request.body.name),
      );
      return ok(brand, CATALOG_MESSAGES.brandProposed);
    },
  );

  app.get(
    '/api/v1/attributes/passive/list',
    {
      config: { access: 'company' },
      schema: {
        tags: ['catalog: attributes'],
        summary: 'Attribute names: the shared ones and the company’s own',
        response: { 200: envelope(z.array(passiveAttributeSchema)) },
      },
    },
    async (request) => ok(await listPassiveAttributes(app.db, companyMember(request).companyId)),
  );

  app.post(
    '/api/v1/attributes/passive/create',
    {
      config: { access: 'company' },
      schema: {
        tags: ['catalog: attributes'],
        summary: 'Add an attribute name of the company (spaces become underscores)',
        body: createPassiveAttributeBodySchema,
        response: { 200: envelope(passiveAttributeSchema) },
      },
    },
    async (request) => {
      const attribute = await app.db.transaction((tx) =>
        createPassiveAttribute(tx, companyMember(request).companyId, request.body.name),
      );
      return ok(attribute, CATALOG_MESSAGES.attributeCreated);
    },
  );
}
