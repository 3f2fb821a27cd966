import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  matrixDeleteBodySchema,
  matrixListBodySchema,
  matrixPageSchema,
  matrixRowSchema,
  matrixUpdateBodySchema,
  productDetailSchema,
  productFormSchema,
  productIdBodySchema,
  productIdParamsSchema,
  productListPageSchema,
  productListQuerySchema,
  productStatusBodySchema,
} from '@tradeloop/contracts/catalog';
import {
  CALCULATOR_MESSAGES,
  calculatorCheckBodySchema,
  calculatorQuerySchema,
  calculatorResultSchema,
  calculatorSaveBodySchema,
  calculatorSchema,
  calculatorTableBodySchema,
  equationFinalBodySchema,
  equationFinalRowSchema,
} from '@tradeloop/contracts/catalog-calculator';
import { envelope } from '@tradeloop/contracts/common';
import { ok } from '../../platform/http.ts';
import {
  finalEquations,
  getCalculator,
  saveCalculator,
  saveCalculatorTable,
  tryCalculator,
} from './calculator-service.ts';
import { filesRoutes } from './files-routes.ts';
import { deleteMatrixRows, listMatrix, updateMatrixRow } from './matrix-service.ts';
import { catalogCaches } from './references.ts';
import { loadCatalogData } from './seed.ts';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  listProducts,
  productDetail,
  restoreProduct,
  setProductStatus,
  updateProduct,
} from './service.ts';
import { specsRoutes } from './specs-routes.ts';
import { taxonomyRoutes } from './taxonomy-routes.ts';
import { companyMember } from '../../platform/access.ts';

/**
 * The seller catalogue (issue 3): products and their matrix and calculator here; categories,
 * brands and attributes, specifications, and files in the plugins registered below.
 */
export async function catalogRoutes(fastify: FastifyInstance) {
  await loadCatalogData(fastify.db);
  await fastify.register(taxonomyRoutes);
  await fastify.register(specsRoutes);
  await fastify.register(filesRoutes);
  await fastify.register(productRoutes);
  await fastify.register(matrixRoutes);
  await fastify.register(calculatorRoutes);
}

const company = { access: 'company' as const };
const detail = { 200: envelope(productDetailSchema) };
const created = { 201: envelope(productDetailSchema) };

async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];

  app.get(
    '/api/v1/product/list',
    {
      config: company,
      schema: {
        tags,
        summary: "The seller's products (/products/List): search, status, sort and pages",
        querystring: productListQuerySchema,
        response: { 200: envelope(productListPageSchema) },
      },
    },
    async (request) => ok(await listProducts(app.db, companyMember(request).companyId, request.query)),
  );

  app.post(
    '/api/v1/product/create',
    {
      config: company,
      schema: { tags, summary: 'Create a product from the product form', body: productFormSchema, response: created },
    },
    async (request, reply) => {
      const owner = companyMember(request);
      const caches = await catalogCaches(app.db);
      const product = await app.db.transaction((tx) => createProduct(tx, owner, request.body, caches));
      return reply.status(201).send(ok(product, CATALOG_MESSAGES.created));
    },
  );

  app.post(
    '/api/v1/product/update/:id',
    {
      config: company,
      schema: {
        tags,
        summary: 'Save the product form over a product',
        params: productIdParamsSchema,
        body: productFormSchema,
        response: detail,
      },
    },
    async (request) => {
      const owner = companyMember(request);
      const caches = await catalogCaches(app.db);
      const { product, removedFiles } = await app.db.transaction((tx) =>
        updateProduct(tx, owner, request.params.id, request.body, caches),
      );
      await Promise.all(removedFiles.map((key) => app.storage.remove(key)));
      return ok(product, CATALOG_MESSAGES.updated);
    },
  );

  app.post(
    '/api/v1/product/view/single/list',
    {
      config: company,
      schema: { tags, summary: 'The edit state of one product', body: productIdBodySchema, response: detail },
    },
    async (request) =>
      ok(await productDetail(app.db, companyMember(request).companyId, request.body.id, await catalogCaches(app.db))),
  );

  app.post(
    '/api/v1/product/duplicate',
    {
      config: company,
      schema: {
        tags,
        summary: 'Copy a product, inactive until published',
        body: productIdBodySchema,
        response: created,
      },
    },
    async (request, reply) => {
      const owner = companyMember(request);
      const copiedFiles: string[] = [];
      try {
        const copy = await app.db.transaction((tx) =>
          duplicateProduct(tx, app.storage, owner, request.body.id, copiedFiles),
        );
        return reply.status(201).send(ok(copy, CATALOG_MESSAGES.duplicated));
      } catch (error) {
        await Promise.all(copiedFiles.map((key) => app.storage.remove(key)));
        throw error;
      }
    },
  );

  app.post(
    '/api/v1/product/delete',
    {
      config: company,
      schema: {
        tags,
        summary: 'Delete a product (soft: product/restore brings it back)',
        body: productIdBodySchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await app.db.transaction((tx) => deleteProduct(tx, companyMember(request).companyId, request.body.id));
      return ok({ id: request.body.id }, CATALOG_MESSAGES.deleted);
    },
  );

  app.post(
    '/api/v1/product/restore',
    {
      config: company,
      schema: { tags, summary: 'Undo the deletion of a product', body: productIdBodySchema, response: detail },
    },
    async (request) => {
      const product = await app.db.transaction((tx) =>
        restoreProduct(tx, companyMember(request).companyId, request.body.id),
      );
      return ok(product, CATALOG_MESSAGES.restored);
    },
  );

  app.post(
    '/api/v1/product/status',
    {
      config: company,
      schema: {
        tags,
        summary: 'Publish (active) or hide (inactive) a product',
        body: productStatusBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const { id, status } = request.body;
      const product = await app.db.transaction((tx) =>
        setProductStatus(tx, companyMember(request).companyId, id, status),
      );
      return ok(product, CATALOG_MESSAGES.statusUpdated);
    },
  );
}

async function matrixRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog: matrix'];

  app.post(
    '/api/v1/product/matrix/list',
    {
      config: company,
      schema: {
        tags,
        summary: "A product's combinations, 200 a page by default, optionally searched",
        body: matrixListBodySchema,
        response: { 200: envelope(matrixPageSchema) },
      },
    },
    async (request) => ok(await listMatrix(app.db, companyMember(request).companyId, request.body)),
  );

  app.post(
    '/api/v1/product/matrix/update',
    {
      config: company,
      schema: {
        tags,
        summary: "Change a combination's price, images, status, or make it the default",
        body: matrixUpdateBodySchema,
        response: { 200: envelope(matrixRowSchema) },
      },
    },
    async (request) => {
      const row = await app.db.transaction((tx) => updateMatrixRow(tx, companyMember(request).companyId, request.body));
      return ok(row, CATALOG_MESSAGES.matrixUpdated);
    },
  );

  app.post(
    '/api/v1/product/matrix/delete',
    {
      config: company,
      schema: {
        tags,
        summary: 'Delete combinations; another becomes the default if the default goes',
        body: matrixDeleteBodySchema,
        response: { 200: envelope(z.object({ deleted: z.array(z.number().int()) })) },
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) =>
        deleteMatrixRows(tx, companyMember(request).companyId, request.body),
      );
      return ok(result, CATALOG_MESSAGES.matrixDeleted);
    },
  );
}

async function calculatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog: calculator'];
  const calculator = { 200: envelope(calculatorSchema) };

  app.get(
    '/api/v1/product/calculator',
    {
      config: company,
      schema: {
        tags,
        summary: "A product's calculator: mode, attribute table, equations and variables",
        querystring: calculatorQuerySchema,
        response: calculator,
      },
    },
    async (request) => ok(await getCalculator(app.db, companyMember(request).companyId, request.query.product_id)),
  );

  app.post(
    '/api/v1/product/calculator/table/update',
    {
      config: company,
      schema: {
        tags,
        summary: 'Save the numbers the attribute options stand for',
        body: calculatorTableBodySchema,
        response: calculator,
      },
    },
    async (request) => {
      const { product_id, values } = request.body;
      const result = await app.db.transaction((tx) =>
        saveCalculatorTable(tx, companyMember(request).companyId, product_id, values),
      );
      return ok(result, CALCULATOR_MESSAGES.tableSaved);
    },
  );

  app.post(
    '/api/v1/product/calculator_multiple_save',
    {
      config: company,
      schema: {
        tags,
        summary: "Save the calculator's mode, equations and (optionally) attribute table",
        body: calculatorSaveBodySchema,
        response: calculator,
      },
    },
    async (request) => {
      const { product_id, ...input } = request.body;
      const result = await app.db.transaction((tx) =>
        saveCalculator(tx, companyMember(request).companyId, product_id, input),
      );
      return ok(result, CALCULATOR_MESSAGES.saved);
    },
  );

  app.post(
    '/api/v1/product/calculator_multiple_check',
    {
      config: company,
      schema: {
        tags,
        summary: 'Try a calculator (saved or not) on one combination and quantity',
        body: calculatorCheckBodySchema,
        response: { 200: envelope(calculatorResultSchema) },
      },
    },
    async (request) => ok(await tryCalculator(app.db, companyMember(request).companyId, request.body)),
  );

  app.post(
    '/api/v1/product/equation_final/list',
    {
      config: company,
      schema: {
        tags,
        summary: 'The equation and price of every combination at one quantity',
        body: equationFinalBodySchema,
        response: { 200: envelope(z.array(equationFinalRowSchema)) },
      },
    },
    async (request) => {
      const { product_id, quantity } = request.body;
      return ok(await finalEquations(app.db, companyMember(request).companyId, product_id, quantity));
    },
  );
}
