import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTENT_LIMITS, CONTENT_MESSAGES, countSchema } from '@tradeloop/contracts/crm/records';
import {
  crmFileSchema,
  fileDeleteBodySchema,
  fileListParamsSchema,
  fileUploadFieldsSchema,
  UPLOAD_FIELD,
} from '@tradeloop/contracts/crm/files';
import { invalid, notFound, type FieldErrors } from '../../../platform/errors.ts';
import { readMultipartForm } from '../../../platform/multipart.ts';
import { routes, withMessage } from '../../../platform/routes.ts';
import { findRecord } from '../records/read.ts';
import { fileViewer, sendPrivateFile, signedFileQuerySchema } from '../../../platform/file-urls.ts';
import { deleteFiles, listFiles, openFile, saveFiles } from './service.ts';

const tags = ['crm files'];

const FILE_FIELDS = new Set([UPLOAD_FIELD, 'images']);
const LIMITS = {
  fileSize: CONTENT_LIMITS.fileMaxBytes,
  files: CONTENT_LIMITS.filesPerUpload,
  fields: 10,
  fieldSize: 1000,
  parts: CONTENT_LIMITS.filesPerUpload + 10,
};
const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: CONTENT_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: CONTENT_MESSAGES.tooManyFiles,
  FST_PARTS_LIMIT: CONTENT_MESSAGES.tooManyFiles,
};

/** The files (images[]) and text fields of the upload form; limits are checked while reading. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalid({ [UPLOAD_FIELD]: [CONTENT_MESSAGES.filesRequired] });
  const { fields, files } = await readMultipartForm(request, {
    limits: LIMITS,
    fileFields: FILE_FIELDS,
    errorField: UPLOAD_FIELD,
    limitMessages: LIMIT_MESSAGES,
    malformed: CONTENT_MESSAGES.filesRequired,
  });
  if (files.length === 0) throw invalid({ [UPLOAD_FIELD]: [CONTENT_MESSAGES.filesRequired] });
  const parsed = fileUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    throw invalid(errors);
  }
  return { fields: parsed.data, files };
}

/**
 * Files of spec section 7: a record's files, uploading (form data, images[]) and deleting them, and
 * the address each file is served from.
 */
export function registerFileRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/crm/show_crm_images/:unique_id/:typeId',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "A record's files, newest first, with their addresses and how to preview them",
      params: fileListParamsSchema,
      data: z.array(crmFileSchema),
    },
    async ({ request, member }) => {
      const { unique_id: uniqueId, typeId } = request.params;
      const record = await findRecord(app.db, member.companyId, { uniqueId, typeId });
      return listFiles(app.db, record.id);
    },
  );

  // Multipart is parsed only by the upload route, in a context of its own.
  app.register(async (scope) => {
    await scope.register(multipart);
    routes(scope).post(
      '/crm/v1/crm/crm_save_file',
      {
        access: 'company',
        permission: 'crm.work',
        tags,
        summary: 'Upload files to a record, checked by content',
        description: `multipart/form-data: \`${UPLOAD_FIELD}\` (one to ${CONTENT_LIMITS.filesPerUpload} files of at most ${CONTENT_LIMITS.fileMaxBytes / 1_048_576} MB: PNG, JPEG, WebP, GIF, PDF, Word, Excel, PowerPoint, OpenDocument, CSV or text), \`unique_id\` and \`type_id\` of the record.`,
        consumes: ['multipart/form-data'],
        data: z.array(crmFileSchema),
        status: 201,
      },
      async ({ request, member: actor }) => {
        const { fields, files } = await readUpload(request);
        const record = await findRecord(app.db, actor.companyId, {
          uniqueId: fields.unique_id,
          typeId: fields.type_id,
        });
        const saved = await saveFiles(app.db, app.storage, actor, record.id, files);
        return withMessage(saved, CONTENT_MESSAGES.filesUploaded(saved.length));
      },
    );
  });

  route.post(
    '/crm/v1/crm/delete_crm_images',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Delete files by ids',
      body: fileDeleteBodySchema,
      data: countSchema,
    },
    async ({ request, member: actor }) => {
      const { count, keys } = await app.db.transaction((tx) => deleteFiles(tx, actor, request.body.ids));
      await Promise.all(keys.map((key) => app.storage.remove(key)));
      return withMessage({ count }, CONTENT_MESSAGES.filesDeleted(count));
    },
  );

  route.get(
    '/crm/v1/crm/files/:id/:name',
    {
      access: 'public',
      tags,
      summary: "A record file or its thumbnail, to a member of the record's company",
      description:
        'Signed in (bearer token), or by the signed address a listing gives (uid, exp, sig: for one user, valid one to two hours). Anyone else, an expired or altered address: 404.',
      params: z.object({
        id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        name: z.string().max(64),
      }),
      querystring: signedFileQuerySchema,
    },
    async ({ request, reply }) => {
      const viewerId = fileViewer(app, request);
      const file = viewerId && (await openFile(app.db, app.storage, viewerId, request.params.id, request.params.name));
      if (!file) throw notFound();
      return sendPrivateFile(reply, file);
    },
  );
}
