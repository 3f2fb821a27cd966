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
import { routes, withMessage } from '../../platform/routes.ts';
import {
  allCategories,
  createPassiveAttribute,
  listBrands,
  listCategories,
  listPassiveAttributes,
  menuItems,
  proposeBrand,
} from './taxonomy-service.ts';

/** The tree changes with a release, brands when one is approved: shared caches may keep them a few minutes. */
const SHARED_CACHE = 'public, max-age=300';

export async function taxonomyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['catalog: categories and brands'];

  route.post(
    '/api/v1/categoryList',
    {
      access: 'public',
      tags,
      summary: "A category's children (the top level without parent), optionally with product counts",
      body: categoryListBodySchema,
      data: z.array(categorySchema),
    },
    async ({ request }) => listCategories(app.db, request.body),
  );

  route.get(
    '/api/v1/category/all',
    {
      access: 'public',
      tags,
      summary: 'Every category, flat, in tree order with its path',
      data: z.array(categoryTreeItemSchema),
    },
    async ({ reply }) => {
      reply.header('cache-control', SHARED_CACHE);
      return allCategories(app.db);
    },
  );

  route.get(
    '/api/v1/website_menu/getMenus_items/:id',
    {
      access: 'public',
      tags,
      summary: 'A menu; 3 is the header menu of top categories and their children',
      params: z.object({ id: z.coerce.number().int().positive() }),
      data: z.array(menuItemSchema),
    },
    async ({ request, reply }) => {
      const items = await menuItems(app.db, request.params.id);
      reply.header('cache-control', SHARED_CACHE);
      return items;
    },
  );

  route.get(
    '/api/v1/brands/list',
    {
      access: 'public',
      tags,
      summary: 'Brands, 300 a page; a seller also sees the brands it proposed',
      querystring: brandsQuerySchema,
      data: brandsPageSchema,
    },
    async ({ request, reply }) => {
      const companyId = request.user?.companyId ?? null;
      reply.header('cache-control', companyId === null ? SHARED_CACHE : 'private, no-cache');
      return listBrands(app.db, request.query, companyId);
    },
  );

  route.post(
    '/api/v1/brands/propose',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Propose a brand that is not listed; usable at once by the proposer',
      body: proposeBrandBodySchema,
      data: brandSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await proposeBrand(tx, member.companyId, request.body.name), CATALOG_MESSAGES.brandProposed),
  );

  route.get(
    '/api/v1/attributes/passive/list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: attributes'],
      summary: 'Attribute names: the shared ones and the company’s own',
      data: z.array(passiveAttributeSchema),
    },
    async ({ member }) => listPassiveAttributes(app.db, member.companyId),
  );

  route.post(
    '/api/v1/attributes/passive/create',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: attributes'],
      summary: 'Add an attribute name of the company (spaces become underscores)',
      body: createPassiveAttributeBodySchema,
      data: passiveAttributeSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(
        await createPassiveAttribute(tx, member.companyId, request.body.name),
        CATALOG_MESSAGES.attributeCreated,
      ),
  );
}
