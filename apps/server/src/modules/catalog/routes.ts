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
import { routes, withMessage } from '../../platform/routes.ts';
import type { Tx } from '../../db/client.ts';

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

/** A product's combinations or calculator changed: the pages that show it go stale (decision 050). */
function productChanged(app: FastifyInstance, tx: Tx, companyId: number, productId: number) {
  return app.events.emit(tx, 'product.changed', { productIds: [productId], companyId, listing: true });
}

async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['catalog'];
  /** An active product may be news to the company's followers (decision 043; told once per product). */
  const announceIfActive = async (tx: Tx, companyId: number, product: { id: number; status: string }) => {
    if (product.status === 'active')
      await app.events.emit(tx, 'product.published', { productId: product.id, companyId });
  };
  /** Public pages that show the product go stale with the change (decision 050). */
  const changed = (tx: Tx, companyId: number, productId: number) =>
    app.events.emit(tx, 'product.changed', { productIds: [productId], companyId, listing: true });

  route.get(
    '/api/v1/product/list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: "The seller's products (/products/List): search, status, sort and pages",
      querystring: productListQuerySchema,
      data: productListPageSchema,
    },
    async ({ request, member }) => listProducts(app.db, member.companyId, request.query),
  );

  route.post(
    '/api/v1/product/create',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Create a product from the product form',
      body: productFormSchema,
      data: productDetailSchema,
      status: 201,
    },
    async ({ request, member: owner }) => {
      const caches = await catalogCaches(app.db);
      const product = await app.db.transaction(async (tx) => {
        const created = await createProduct(tx, owner, request.body, caches);
        await announceIfActive(tx, owner.companyId, created);
        await changed(tx, owner.companyId, created.id);
        return created;
      });
      return withMessage(product, CATALOG_MESSAGES.created);
    },
  );

  route.post(
    '/api/v1/product/update/:id',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Save the product form over a product',
      params: productIdParamsSchema,
      body: productFormSchema,
      data: productDetailSchema,
    },
    async ({ request, member: owner }) => {
      const caches = await catalogCaches(app.db);
      const { product, removedFiles } = await app.db.transaction(async (tx) => {
        const updated = await updateProduct(tx, owner, request.params.id, request.body, caches);
        await changed(tx, owner.companyId, request.params.id);
        return updated;
      });
      await Promise.all(removedFiles.map((key) => app.storage.remove(key)));
      return withMessage(product, CATALOG_MESSAGES.updated);
    },
  );

  route.post(
    '/api/v1/product/view/single/list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'The edit state of one product',
      body: productIdBodySchema,
      data: productDetailSchema,
    },
    async ({ request, member }) =>
      productDetail(app.db, member.companyId, request.body.id, await catalogCaches(app.db)),
  );

  route.post(
    '/api/v1/product/duplicate',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Copy a product, inactive until published',
      body: productIdBodySchema,
      data: productDetailSchema,
      status: 201,
    },
    async ({ request, member: owner }) => {
      const copiedFiles: string[] = [];
      try {
        const copy = await app.db.transaction((tx) =>
          duplicateProduct(tx, app.storage, owner, request.body.id, copiedFiles),
        );
        return withMessage(copy, CATALOG_MESSAGES.duplicated);
      } catch (error) {
        await Promise.all(copiedFiles.map((key) => app.storage.remove(key)));
        throw error;
      }
    },
  );

  route.post(
    '/api/v1/product/delete',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Delete a product (soft: product/restore brings it back)',
      body: productIdBodySchema,
      data: z.object({ id: z.number().int() }),
      transaction: true,
    },
    async ({ request, member, tx }) => {
      await deleteProduct(tx, member.companyId, request.body.id);
      await changed(tx, member.companyId, request.body.id);
      return withMessage({ id: request.body.id }, CATALOG_MESSAGES.deleted);
    },
  );

  route.post(
    '/api/v1/product/restore',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Undo the deletion of a product',
      body: productIdBodySchema,
      data: productDetailSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const restored = await restoreProduct(tx, member.companyId, request.body.id);
      await changed(tx, member.companyId, request.body.id);
      return withMessage(restored, CATALOG_MESSAGES.restored);
    },
  );

  route.post(
    '/api/v1/product/status',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Publish (active) or hide (inactive) a product',
      body: productStatusBodySchema,
      data: productDetailSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { id, status } = request.body;
      const product = await setProductStatus(tx, member.companyId, id, status);
      await announceIfActive(tx, member.companyId, product);
      await changed(tx, member.companyId, id);
      return withMessage(product, CATALOG_MESSAGES.statusUpdated);
    },
  );
}

async function matrixRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['catalog: matrix'];

  route.post(
    '/api/v1/product/matrix/list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: "A product's combinations, 200 a page by default, optionally searched",
      body: matrixListBodySchema,
      data: matrixPageSchema,
    },
    async ({ request, member }) => listMatrix(app.db, member.companyId, request.body),
  );

  route.post(
    '/api/v1/product/matrix/update',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: "Change a combination's price, images, status, or make it the default",
      body: matrixUpdateBodySchema,
      data: matrixRowSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const row = await updateMatrixRow(tx, member.companyId, request.body);
      await productChanged(app, tx, member.companyId, request.body.product_id);
      return withMessage(row, CATALOG_MESSAGES.matrixUpdated);
    },
  );

  route.post(
    '/api/v1/product/matrix/delete',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Delete combinations; another becomes the default if the default goes',
      body: matrixDeleteBodySchema,
      data: z.object({ deleted: z.array(z.number().int()) }),
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const deleted = await deleteMatrixRows(tx, member.companyId, request.body);
      await productChanged(app, tx, member.companyId, request.body.product_id);
      return withMessage(deleted, CATALOG_MESSAGES.matrixDeleted);
    },
  );
}

async function calculatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['catalog: calculator'];

  route.get(
    '/api/v1/product/calculator',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: "A product's calculator: mode, attribute table, equations and variables",
      querystring: calculatorQuerySchema,
      data: calculatorSchema,
    },
    async ({ request, member }) => getCalculator(app.db, member.companyId, request.query.product_id),
  );

  route.post(
    '/api/v1/product/calculator/table/update',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: 'Save the numbers the attribute options stand for',
      body: calculatorTableBodySchema,
      data: calculatorSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, values } = request.body;
      const result = await saveCalculatorTable(tx, member.companyId, product_id, values);
      await productChanged(app, tx, member.companyId, product_id);
      return withMessage(result, CALCULATOR_MESSAGES.tableSaved);
    },
  );

  route.post(
    '/api/v1/product/calculator_multiple_save',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags,
      summary: "Save the calculator's mode, equations and (optionally) attribute table",
      body: calculatorSaveBodySchema,
      data: calculatorSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { product_id, ...input } = request.body;
      const result = await saveCalculator(tx, member.companyId, product_id, input);
      await productChanged(app, tx, member.companyId, product_id);
      return withMessage(result, CALCULATOR_MESSAGES.saved);
    },
  );

  route.post(
    '/api/v1/product/calculator_multiple_check',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'Try a calculator (saved or not) on one combination and quantity',
      body: calculatorCheckBodySchema,
      data: calculatorResultSchema,
    },
    async ({ request, member }) => tryCalculator(app.db, member.companyId, request.body),
  );

  route.post(
    '/api/v1/product/equation_final/list',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags,
      summary: 'The equation and price of every combination at one quantity',
      body: equationFinalBodySchema,
      data: z.array(equationFinalRowSchema),
    },
    async ({ request, member }) => {
      const { product_id, quantity } = request.body;
      return finalEquations(app.db, member.companyId, product_id, quantity);
    },
  );
}
