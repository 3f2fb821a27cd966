import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_FILE_RULES,
  FILE_MESSAGES,
  IMAGE_RULES,
  IMPORT_RULES,
  catalogDeleteBodySchema,
  catalogRenameBodySchema,
  catalogFileSchema,
  catalogIdParamsSchema,
  catalogListQuerySchema,
  exportQuerySchema,
  imageDeleteBodySchema,
  importIdParamsSchema,
  importReportSchema,
  importSummary,
  importSummarySchema,
  productImageUploadSchema,
} from '@tradeloop/contracts/catalog-files';
import { recordAudit, requestOrigin } from '../accounts/public.ts';
import { invalid } from '../../platform/errors.ts';
import { readUpload } from '../../platform/uploads.ts';
import { deleteCatalog, listCatalogs, renameCatalog, uploadCatalog } from './catalogs-service.ts';
import { exportProducts, importProducts, importReport, importTemplate, listImports } from './csv.ts';
import { deleteImage, uploadImage } from './images.ts';
import { routes, withMessage } from '../../platform/routes.ts';

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);

/** Product images, PDF catalogs and the CSV import and export; multipart is parsed only here. */
export async function filesRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const consumes = ['multipart/form-data'];

  route.post(
    '/api/v1/product/images/upload',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: files'],
      summary: 'Upload a product image (PNG or JPEG by content and name); attach it with the product save',
      description: 'multipart/form-data with one field `file`.',
      consumes,
      data: productImageUploadSchema,
    },
    async ({ request, member }) => {
      const upload = await readUpload(request, IMAGE_RULES.maxBytes, FILE_MESSAGES.imageTooLarge);
      return uploadImage(app.db, app.storage, member.companyId, upload);
    },
  );

  route.post(
    '/api/v1/product/images/delete',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: files'],
      summary: 'Delete an uploaded image, attached or not',
      body: imageDeleteBodySchema,
      data: z.object({ id: z.number().int() }),
    },
    async ({ request, member }) => {
      const { storageKey } = await app.db.transaction(async (tx) => {
        const deleted = await deleteImage(tx, member.companyId, request.body.id);
        // A picture of a product: its page and cards change (decision 050).
        if (deleted.productId !== null)
          await app.events.emit(tx, 'product.changed', {
            productIds: [deleted.productId],
            companyId: member.companyId,
            listing: false,
          });
        return deleted;
      });
      await app.storage.remove(storageKey);
      return withMessage({ id: request.body.id }, FILE_MESSAGES.imageDeleted);
    },
  );

  route.get(
    '/api/v1/product/catalog',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: files'],
      summary: "The company's PDF catalogs; with product_id, that product's and the company-wide ones",
      querystring: catalogListQuerySchema,
      data: z.array(catalogFileSchema),
    },
    async ({ request, member }) => listCatalogs(app.db, app.storage, member.companyId, request.query.product_id),
  );

  route.post(
    '/api/v1/product/catalog',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: files'],
      summary: 'Upload a PDF catalog, of one product or (without product_id) of the company',
      description: 'multipart/form-data: optional `title` and `product_id`, then one `file`.',
      consumes,
      data: catalogFileSchema,
    },
    async ({ request, member }) => {
      const upload = await readUpload(request, CATALOG_FILE_RULES.maxBytes, FILE_MESSAGES.catalogTooLarge);
      const catalog = await uploadCatalog(app.db, app.storage, member.companyId, {
        fileName: upload.fileName,
        data: upload.data,
        title: upload.fields.title,
        productId: optionalId.parse(upload.fields.product_id),
      });
      return withMessage(catalog, FILE_MESSAGES.catalogUploaded);
    },
  );

  route.patch(
    '/api/v1/product/catalog/:id',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: files'],
      summary: 'Rename a catalog',
      params: catalogIdParamsSchema,
      body: catalogRenameBodySchema,
      data: catalogFileSchema,
    },
    async ({ request, member }) =>
      withMessage(
        await renameCatalog(app.db, app.storage, member.companyId, request.params.id, request.body.title),
        FILE_MESSAGES.catalogRenamed,
      ),
  );

  route.post(
    '/api/v1/product/catalog/:id',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: files'],
      summary: 'Delete a catalog (spec: POST with _method DELETE)',
      params: catalogIdParamsSchema,
      body: catalogDeleteBodySchema,
      data: z.object({ id: z.number().int() }),
    },
    async ({ request, member }) => {
      const key = await app.db.transaction((tx) => deleteCatalog(tx, member.companyId, request.params.id));
      await app.storage.remove(key);
      return withMessage({ id: request.params.id }, FILE_MESSAGES.catalogDeleted);
    },
  );

  route.get(
    '/api/v1/product/import/template',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: import and export'],
      summary: 'The CSV template of the product import, with two example rows',
      produces: ['text/csv'],
    },
    async ({ reply }) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${FILE_MESSAGES.templateName}"`)
        .send(await importTemplate(app.db)),
  );

  route.post(
    '/api/v1/product/import',
    {
      access: 'company',
      permission: 'catalogue.manage',
      tags: ['catalog: import and export'],
      summary: 'Import products from CSV; the answer reports every row, created, updated or rejected and why',
      description:
        'multipart/form-data with one field `file` in the template’s format. A row updates the company’s product with the same model number (without one: the same name, among products without a model number); others are created. The report is kept: GET product/imports/{import_id} shows it again, also after a crash cut the import off.',
      consumes,
      data: importReportSchema,
    },
    async ({ request, member }) => {
      const upload = await readUpload(request, IMPORT_RULES.maxBytes, FILE_MESSAGES.csvTooLarge);
      const extension = upload.fileName.toLowerCase().slice(upload.fileName.lastIndexOf('.'));
      if (!(IMPORT_RULES.extensions as readonly string[]).includes(extension) || upload.data.includes(0)) {
        throw invalid({ file: [FILE_MESSAGES.csvType] });
      }
      const report = await importProducts(app.db, member, upload.data.toString('utf8'), upload.fileName, (progress) =>
        request.log.info(progress, 'product import: batch saved'),
      );
      // Imported products change lists and store pages (decision 050); their own pages by the time to live.
      if (report.created + report.updated > 0)
        await app.events.emit(app.db, 'product.changed', {
          productIds: [],
          companyId: member.companyId,
          listing: true,
        });
      return withMessage(report, importSummary(report.created, report.updated, report.rejected));
    },
  );

  route.get(
    '/api/v1/product/imports',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: import and export'],
      summary: "The company's latest imports, newest first: running, finished or interrupted, with their counts",
      data: z.array(importSummarySchema),
    },
    async ({ member }) => listImports(app.db, member.companyId),
  );

  route.get(
    '/api/v1/product/imports/:id',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: import and export'],
      summary: 'An import with every row saved (created or updated, with its product) or rejected so far',
      params: importIdParamsSchema,
      data: importReportSchema,
    },
    async ({ request, member }) => importReport(app.db, member.companyId, request.params.id),
  );

  route.get(
    '/api/v1/product/export',
    {
      access: 'company',
      permission: 'catalogue.view',
      tags: ['catalog: import and export'],
      summary: "The company's products as CSV, in the import's format",
      querystring: exportQuerySchema,
      produces: ['text/csv'],
    },
    async ({ request, reply, member }) => {
      const { csv, rows } = await exportProducts(app.db, member.companyId, request.query.status);
      // Every export is in the company's audit log (docs/decisions/059); no entry, no file.
      await recordAudit(
        app.db,
        { ...member, ...requestOrigin(request) },
        {
          action: 'catalogue.exported',
          target: { kind: 'products', id: null, label: 'Products' },
          details: { rows, format: 'csv', status: request.query.status },
        },
      );
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${date}.csv"`)
        .send(csv);
    },
  );
}
