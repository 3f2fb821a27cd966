import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SPEC_MESSAGES,
  constantsListBodySchema,
  createSpecificationBodySchema,
  deleteSpecificationsBodySchema,
  groupRenameBodySchema,
  levelGroupCreateBodySchema,
  levelsCreateBodySchema,
  levelsCreateV2BodySchema,
  levelsPendingBodySchema,
  levelsPendingSchema,
  levelsRemoveBodySchema,
  productIdQuerySchema,
  specificationDeleteBodySchema,
  specificationSchema,
  specificationsListSchema,
  specTemplateSchema,
  suggestedByCategoryBodySchema,
  termsCheckedBodySchema,
} from '@tradeloop/contracts/catalog-specs';
import { routes, withMessage } from '../../platform/routes.ts';
import { ownedProduct } from './product-access.ts';
import {
  addGroup,
  addLevels,
  checkTerms,
  createCustomSpecification,
  deleteSpecification,
  deleteSpecifications,
  listSpecifications,
  pendingLevels,
  productCategoryIds,
  renameGroup,
  replaceLevels,
} from './specs-service.ts';
import { listConstants, suggestedTemplates } from './taxonomy-service.ts';

/** Specifications in groups and levels (spec section 7, "Product editing"); see docs/decisions/006. */
export async function specsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['catalog: specifications'];

  route.get(
    '/api/v1/product/specifications_list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: "A product's specification sheet: groups with their rows",
      querystring: productIdQuerySchema,
      data: specificationsListSchema,
    },
    async ({ request, member }) => listSpecifications(app.db, member.companyId, request.query.product_id),
  );

  route.post(
    '/api/v1/product/create/specifications',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Add a custom specification (unique name) to a group, General by default',
      body: createSpecificationBodySchema,
      data: specificationSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await createCustomSpecification(tx, member.companyId, request.body), SPEC_MESSAGES.saved),
  );

  route.post(
    '/api/v1/product/specification/delete',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Delete one specification',
      body: specificationDeleteBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, id } = request.body;
      const result = await deleteSpecification(tx, member.companyId, product_id, id);
      return withMessage(result, SPEC_MESSAGES.deleted);
    },
  );

  route.post(
    '/api/v1/product/delete/specifications',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Delete several specifications, or a whole group',
      body: deleteSpecificationsBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await deleteSpecifications(tx, member.companyId, request.body), SPEC_MESSAGES.deleted),
  );

  route.post(
    '/api/v1/product/specifications/terms/checked',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'The suggested specifications the seller ticked become the product’s passive rows',
      body: termsCheckedBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await checkTerms(tx, member.companyId, request.body), SPEC_MESSAGES.saved),
  );

  route.post(
    '/api/v1/product/constants_list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'Suggested specification names, searchable, optionally for one category',
      body: constantsListBodySchema,
      data: z.array(specTemplateSchema),
    },
    async ({ request }) => listConstants(app.db, request.body),
  );

  route.post(
    '/api/v1/product/suggested/by_category',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'Specifications suggested for categories (or for a product’s categories)',
      body: suggestedByCategoryBodySchema,
      data: z.array(specTemplateSchema),
    },
    async ({ request, member }) => {
      let categoryIds = request.body.category_ids;
      if (request.body.product_id) {
        await ownedProduct(app.db, member.companyId, request.body.product_id);
        categoryIds = [...categoryIds, ...(await productCategoryIds(app.db, request.body.product_id))];
      }
      return suggestedTemplates(app.db, categoryIds);
    },
  );

  route.post(
    '/api/v1/product/levels/pending',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'Suggested specifications not yet on the product (pending) and its rows (selected)',
      body: levelsPendingBodySchema,
      data: levelsPendingSchema,
    },
    async ({ request, member }) => pendingLevels(app.db, member.companyId, request.body.product_id),
  );

  route.post(
    '/api/v1/product/levels/create',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Add specification rows to a group',
      body: levelsCreateBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await addLevels(tx, member.companyId, request.body), SPEC_MESSAGES.saved),
  );

  route.post(
    '/api/v1/product/levels/createv2',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Replace the whole specification sheet',
      body: levelsCreateV2BodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, groups } = request.body;
      const result = await replaceLevels(tx, member.companyId, product_id, groups);
      return withMessage(result, SPEC_MESSAGES.saved);
    },
  );

  route.post(
    '/api/v1/product/levels/remove',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Remove a row; a suggested one returns to the pending list',
      body: levelsRemoveBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, id } = request.body;
      const result = await deleteSpecification(tx, member.companyId, product_id, id);
      return withMessage(result, SPEC_MESSAGES.deleted);
    },
  );

  route.post(
    '/api/v1/product/group/rename',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Rename a specification group',
      body: groupRenameBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, group_id, name } = request.body;
      const result = await renameGroup(tx, member.companyId, product_id, group_id, name);
      return withMessage(result, SPEC_MESSAGES.groupRenamed);
    },
  );

  route.post(
    '/api/v1/product/level/group/create',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Add a specification group',
      body: levelGroupCreateBodySchema,
      data: specificationsListSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, name } = request.body;
      const result = await addGroup(tx, member.companyId, product_id, name);
      return withMessage(result, SPEC_MESSAGES.groupCreated);
    },
  );
}
