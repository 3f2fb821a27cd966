import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_FILE_RULES,
  FILE_MESSAGES,
  IMAGE_RULES,
  IMPORT_RULES,
  catalogDeleteBodySchema,
  catalogFileSchema,
  catalogIdParamsSchema,
  catalogListQuerySchema,
  exportQuerySchema,
  imageDeleteBodySchema,
  importReportSchema,
  importSummary,
  productImageUploadSchema,
} from '@tradeloop/contracts/catalog-files';
import { envelope } from '@tradeloop/contracts/common';
import { invalid } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { deleteCatalog, listCatalogs, uploadCatalog } from './catalogs-service.ts';
import { exportProducts, importProducts, importTemplate } from './csv.ts';
import { deleteImage, uploadImage } from './images.ts';
import { companyMember } from '../../platform/access.ts';

type Upload = { fileName: string; data: Buffer; fields: Record<string, string> };

/**
 * One file and a few text fields from a multipart form. The size limit is the kind of file's own;
 * a larger file is refused with the kind's message before it is all read.
 */
async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Upload> {
  if (!request.isMultipart()) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') file = { fileName: part.filename, data: await part.toBuffer() };
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [tooLarge] });
    if (code?.startsWith('FST_')) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
    throw error;
  }
  if (!file || file.data.length === 0) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
  return { ...file, fields };
}

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);

/** Product images, PDF catalogs and the CSV import and export; multipart is parsed only here. */
export async function filesRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const company = { access: 'company' as const };
  const consumes = ['multipart/form-data'];

  app.post(
    '/api/v1/product/images/upload',
    {
      config: company,
      schema: {
        tags: ['catalog: files'],
        summary: 'Upload a product image (PNG or JPEG by content and name); attach it with the product save',
        description: 'multipart/form-data with one field `file`.',
        consumes,
        response: { 200: envelope(productImageUploadSchema) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, IMAGE_RULES.maxBytes, FILE_MESSAGES.imageTooLarge);
      return ok(await uploadImage(app.db, app.storage, companyMember(request).companyId, upload));
    },
  );

  app.post(
    '/api/v1/product/images/delete',
    {
      config: company,
      schema: {
        tags: ['catalog: files'],
        summary: 'Delete an uploaded image, attached or not',
        body: imageDeleteBodySchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const key = await app.db.transaction((tx) => deleteImage(tx, companyMember(request).companyId, request.body.id));
      await app.storage.remove(key);
      return ok({ id: request.body.id }, FILE_MESSAGES.imageDeleted);
    },
  );

  app.get(
    '/api/v1/product/catalog',
    {
      config: company,
      schema: {
        tags: ['catalog: files'],
        summary: "The company's PDF catalogs; with product_id, that product's and the company-wide ones",
        querystring: catalogListQuerySchema,
        response: { 200: envelope(z.array(catalogFileSchema)) },
      },
    },
    async (request) =>
      ok(await listCatalogs(app.db, app.storage, companyMember(request).companyId, request.query.product_id)),
  );

  app.post(
    '/api/v1/product/catalog',
    {
      config: company,
      schema: {
        tags: ['catalog: files'],
        summary: 'Upload a PDF catalog, of one product or (without product_id) of the company',
        description: 'multipart/form-data: optional `title` and `product_id`, then one `file`.',
        consumes,
        response: { 200: envelope(catalogFileSchema) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, CATALOG_FILE_RULES.maxBytes, FILE_MESSAGES.catalogTooLarge);
      const catalog = await uploadCatalog(app.db, app.storage, companyMember(request).companyId, {
        fileName: upload.fileName,
        data: upload.data,
        title: upload.fields.title,
        productId: optionalId.parse(upload.fields.product_id),
      });
      return ok(catalog, FILE_MESSAGES.catalogUploaded);
    },
  );

  app.post(
    '/api/v1/product/catalog/:id',
    {
      config: company,
      schema: {
        tags: ['catalog: files'],
        summary: 'Delete a catalog (spec: POST with _method DELETE)',
        params: catalogIdParamsSchema,
        body: catalogDeleteBodySchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const key = await app.db.transaction((tx) =>
        deleteCatalog(tx, companyMember(request).companyId, request.params.id),
      );
      await app.storage.remove(key);
      return ok({ id: request.params.id }, FILE_MESSAGES.catalogDeleted);
    },
  );

  app.get(
    '/api/v1/product/import/template',
    {
      config: company,
      schema: {
        tags: ['catalog: import and export'],
        summary: 'The CSV template of the product import, with two example rows',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${FILE_MESSAGES.templateName}"`)
        .send(await importTemplate(app.db)),
  );

  app.post(
    '/api/v1/product/import',
    {
      config: company,
      schema: {
        tags: ['catalog: import and export'],
        summary: 'Import products from CSV; the answer reports every row, created or rejected and why',
        description: 'multipart/form-data with one field `file` in the template’s format.',
        consumes,
        response: { 200: envelope(importReportSchema) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, IMPORT_RULES.maxBytes, FILE_MESSAGES.csvTooLarge);
      const extension = upload.fileName.toLowerCase().slice(upload.fileName.lastIndexOf('.'));
      if (!(IMPORT_RULES.extensions as readonly string[]).includes(extension) || upload.data.includes(0)) {
        throw invalid({ file: [FILE_MESSAGES.csvType] });
      }
      const report = await importProducts(app.db, companyMember(request), upload.data.toString('utf8'));
      return ok(report, importSummary(report.created, report.rejected));
    },
  );

  app.get(
    '/api/v1/product/export',
    {
      config: company,
      schema: {
        tags: ['catalog: import and export'],
        summary: "The company's products as CSV, in the import's format",
        querystring: exportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await exportProducts(app.db, companyMember(request).companyId, request.query.status);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${date}.csv"`)
        .send(csv);
    },
  );
}
