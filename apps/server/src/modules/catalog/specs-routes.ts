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
import { envelope } from '@tradeloop/contracts/common';
import { ok } from '../../platform/http.ts';
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
import { companyMember } from '../../platform/access.ts';

/** Specifications in groups and levels (spec section 7, "Product editing"); see docs/decisions/006. */
export async function specsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog: specifications'];
  const company = { access: 'company' as const };
  const sheet = { 200: envelope(specificationsListSchema) };

  app.get(
    '/api/v1/product/specifications_list',
    {
      config: company,
      schema: {
        tags,
        summary: "A product's specification sheet: groups with their rows",
        querystring: productIdQuerySchema,
        response: sheet,
      },
    },
    async (request) => ok(await listSpecifications(app.db, companyMember(request).companyId, request.query.product_id)),
  );

  app.post(
    '/api/v1/product/create/specifications',
    {
      config: company,
      schema: {
        tags,
        summary: 'Add a custom specification (unique name) to a group, General by default',
        body: createSpecificationBodySchema,
        response: { 200: envelope(specificationSchema) },
      },
    },
    async (request) => {
      const row = await app.db.transaction((tx) =>
        createCustomSpecification(tx, companyMember(request).companyId, request.body),
      );
      return ok(row, SPEC_MESSAGES.saved);
    },
  );

  app.post(
    '/api/v1/product/specification/delete',
    {
      config: company,
      schema: { tags, summary: 'Delete one specification', body: specificationDeleteBodySchema, response: sheet },
    },
    async (request) => {
      const { product_id, id } = request.body;
      const result = await app.db.transaction((tx) =>
        deleteSpecification(tx, companyMember(request).companyId, product_id, id),
      );
      return ok(result, SPEC_MESSAGES.deleted);
    },
  );

  app.post(
    '/api/v1/product/delete/specifications',
    {
      config: company,
      schema: {
        tags,
        summary: 'Delete several specifications, or a whole group',
        body: deleteSpecificationsBodySchema,
        response: sheet,
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) =>
        deleteSpecifications(tx, companyMember(request).companyId, request.body),
      );
      return ok(result, SPEC_MESSAGES.deleted);
    },
  );

  app.post(
    '/api/v1/product/specifications/terms/checked',
    {
      config: company,
      schema: {
        tags,
        summary: 'The suggested specifications the seller ticked become the product’s passive rows',
        body: termsCheckedBodySchema,
        response: sheet,
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) => checkTerms(tx, companyMember(request).companyId, request.body));
      return ok(result, SPEC_MESSAGES.saved);
    },
  );

  app.post(
    '/api/v1/product/constants_list',
    {
      config: company,
      schema: {
        tags,
        summary: 'Suggested specification names, searchable, optionally for one category',
        body: constantsListBodySchema,
        response: { 200: envelope(z.array(specTemplateSchema)) },
      },
    },
    async (request) => ok(await listConstants(app.db, request.body)),
  );

  app.post(
    '/api/v1/product/suggested/by_category',
    {
      config: company,
      schema: {
        tags,
        summary: 'Specifications suggested for categories (or for a product’s categories)',
        body: suggestedByCategoryBodySchema,
        response: { 200: envelope(z.array(specTemplateSchema)) },
      },
    },
    async (request) => {
      let categoryIds = request.body.category_ids;
      if (request.body.product_id) {
        await ownedProduct(app.db, companyMember(request).companyId, request.body.product_id);
        categoryIds = [...categoryIds, ...(await productCategoryIds(app.db, request.body.product_id))];
      }
      return ok(await suggestedTemplates(app.db, categoryIds));
    },
  );

  app.post(
    '/api/v1/product/levels/pending',
    {
      config: company,
      schema: {
        tags,
        summary: 'Suggested specifications not yet on the product (pending) and its rows (selected)',
        body: levelsPendingBodySchema,
        response: { 200: envelope(levelsPendingSchema) },
      },
    },
    async (request) => ok(await pendingLevels(app.db, companyMember(request).companyId, request.body.product_id)),
  );

  app.post(
    '/api/v1/product/levels/create',
    {
      config: company,
      schema: { tags, summary: 'Add specification rows to a group', body: levelsCreateBodySchema, response: sheet },
    },
    async (request) => {
      const result = await app.db.transaction((tx) => addLevels(tx, companyMember(request).companyId, request.body));
      return ok(result, SPEC_MESSAGES.saved);
    },
  );

  app.post(
    '/api/v1/product/levels/createv2',
    {
      config: company,
      schema: {
        tags,
        summary: 'Replace the whole specification sheet',
        body: levelsCreateV2BodySchema,
        response: sheet,
      },
    },
    async (request) => {
      const { product_id, groups } = request.body;
      const result = await app.db.transaction((tx) =>
        replaceLevels(tx, companyMember(request).companyId, product_id, groups),
      );
      return ok(result, SPEC_MESSAGES.saved);
    },
  );

  app.post(
    '/api/v1/product/levels/remove',
    {
      config: company,
      schema: {
        tags,
        summary: 'Remove a row; a suggested one returns to the pending list',
        body: levelsRemoveBodySchema,
        response: sheet,
      },
    },
    async (request) => {
      const { product_id, id } = request.body;
      const result = await app.db.transaction((tx) =>
        deleteSpecification(tx, companyMember(request).companyId, product_id, id),
      );
      return ok(result, SPEC_MESSAGES.deleted);
    },
  );

  app.post(
    '/api/v1/product/group/rename',
    {
      config: company,
      schema: { tags, summary: 'Rename a specification group', body: groupRenameBodySchema, response: sheet },
    },
    async (request) => {
      const { product_id, group_id, name } = request.body;
      const result = await app.db.transaction((tx) =>
        renameGroup(tx, companyMember(request).companyId, product_id, group_id, name),
      );
      return ok(result, SPEC_MESSAGES.groupRenamed);
    },
  );

  app.post(
    '/api/v1/product/level/group/create',
    {
      config: company,
      schema: { tags, summary: 'Add a specification group', body: levelGroupCreateBodySchema, response: sheet },
    },
    async (request) => {
      const { product_id, name } = request.body;
      const result = await app.db.transaction((tx) => addGroup(tx, companyMember(request).companyId, product_id, name));
      return ok(result, SPEC_MESSAGES.groupCreated);
    },
  );
}
