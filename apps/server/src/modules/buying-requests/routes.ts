import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BUYING_REQUEST_FILE_FIELD,
  BUYING_REQUEST_LIMITS,
  BUYING_REQUEST_MESSAGES,
  buyingRequestBodySchema,
  buyingRequestDetailSchema,
  buyingRequestIdParamsSchema,
  buyingRequestIndexQuerySchema,
  buyingRequestPageSchema,
  buyingRequestPostedSchema,
} from '@tradeloop/contracts/buying-requests';
import { notFound } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { fileViewer, sendPrivateFile, signedFileQuerySchema, signFileUrlsInAnswers } from '../../platform/file-urls.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { findPerson } from '../accounts/public.ts';
import { parseFields } from '../chat/public.ts';
import {
  BUYING_REQUEST_FILE_PATH,
  buyingRequestDetail,
  listBuyingRequests,
  openAttachment,
  postBuyingRequest,
  storeAttachments,
  type IncomingAttachment,
} from './service.ts';

const tags = ['buying requests'];

const LIMITS = {
  fileSize: BUYING_REQUEST_LIMITS.attachmentMaxBytes,
  files: BUYING_REQUEST_LIMITS.attachments,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: BUYING_REQUEST_LIMITS.attachments + 20,
};
const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: BUYING_REQUEST_MESSAGES.attachmentTooLarge,
  FST_FILES_LIMIT: BUYING_REQUEST_MESSAGES.tooManyAttachments,
  FST_PARTS_LIMIT: BUYING_REQUEST_MESSAGES.tooManyAttachments,
};
const FILE_FIELDS = new Set([BUYING_REQUEST_FILE_FIELD, 'attachments']);

/** The form's fields and attachments (multipart), or a JSON body without attachments; limits checked while reading. */
async function readRequestForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(
      Object.entries(body).flatMap(([key, value]) =>
        value === null || value === undefined ? [] : [[key, String(value)]],
      ),
    );
    return { fields, files: [] as IncomingAttachment[] };
  }
  return readMultipartForm(request, {
    limits: LIMITS,
    fileFields: FILE_FIELDS,
    errorField: BUYING_REQUEST_FILE_FIELD,
    limitMessages: LIMIT_MESSAGES,
    malformed: BUYING_REQUEST_MESSAGES.formUnreadable,
  });
}

/** Buying requests (issue 45, docs/decisions/055): posting one, the buyer's list and page, attachments. */
export async function buyingRequestsRoutes(fastify: FastifyInstance) {
  await fastify.register(async (scope) => {
    await scope.register(multipart);
    signFileUrlsInAnswers(scope, [BUYING_REQUEST_FILE_PATH]);
    const app = scope;
    const route = routes(scope);

    route.post(
      '/api/v1/buying-request/store',
      {
        access: 'user',
        permission: 'quotes',
        tags,
        summary: 'Post a buying request: it goes to the suppliers whose catalogue matches',
        description:
          `multipart/form-data (or JSON without files): category_id, product_keyword, quantity, unit_id, target_price, ` +
          `currency_id, country_code, port, required_by (YYYY-MM-DD), requirements, and up to ` +
          `${BUYING_REQUEST_LIMITS.attachments} \`${BUYING_REQUEST_FILE_FIELD}\` of at most ` +
          `${BUYING_REQUEST_LIMITS.attachmentMaxBytes / 1_048_576} MB (the CRM files' types). Suppliers: companies with ` +
          `active products in the category or its sub-categories that serve the destination's territory, at most ` +
          `BUYING_REQUEST_MAX_SUPPLIERS, never the buyer's own company. Each gets an enquiry and a CRM lead.`,
        consumes: ['multipart/form-data', 'application/json'],
        data: buyingRequestPostedSchema,
        status: 201,
      },
      async ({ request, user: buyer }) => {
        // The form is read and the files checked before the transaction: an upload must not hold the database.
        const { fields, files } = await readRequestForm(request);
        const body = parseFields(buyingRequestBodySchema, fields);
        const stored = await storeAttachments(app.storage, files);
        try {
          const posted = await app.db.transaction(async (tx) => {
            const result = await postBuyingRequest(tx, buyer, body, stored, app.config.buyingRequestMaxSuppliers);
            for (const recipient of result.recipients) {
              await app.events.emit(tx, 'buying_request.sent', {
                requestId: result.id,
                sellerCompanyId: recipient.companyId,
                sellerUserId: recipient.sellerUserId,
                buyerUserId: buyer.id,
                enquiryId: recipient.enquiryId,
              });
            }
            return result;
          });
          const suppliers = posted.recipients.length;
          return withMessage({ id: posted.id, suppliers }, BUYING_REQUEST_MESSAGES.posted(suppliers));
        } catch (error) {
          await Promise.all(stored.map((file) => app.storage.remove(file.key)));
          throw error;
        }
      },
    );

    route.get(
      '/api/v1/buying-request/index',
      {
        access: 'user',
        permission: 'quotes',
        tags,
        summary: "The caller's buying requests, newest first, with how many suppliers received and answered each",
        querystring: buyingRequestIndexQuerySchema,
        data: buyingRequestPageSchema,
      },
      async ({ request, user }) => listBuyingRequests(app.db, user, request.query),
    );

    route.get(
      '/api/v1/buying-request/view/:id',
      {
        access: 'user',
        permission: 'quotes',
        tags,
        summary: "One of the caller's buying requests: its details, the suppliers it went to and their answers",
        params: buyingRequestIdParamsSchema,
        data: buyingRequestDetailSchema,
      },
      async ({ request, user }) => buyingRequestDetail(app.db, user, request.params.id),
    );

    route.get(
      `${BUYING_REQUEST_FILE_PATH}:fileId`,
      {
        access: 'public',
        tags,
        summary: "A buying request's attachment, to its buyer or a member of a supplier it was sent to",
        description:
          'Signed in (bearer token), or by the signed address an answer gives (uid, exp, sig). Anyone else: 404.',
        params: z.object({ fileId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        querystring: signedFileQuerySchema,
      },
      async ({ request, reply }) => {
        const viewerId = fileViewer(app, request);
        const person = !request.user && viewerId !== null ? await findPerson(app.db, viewerId) : undefined;
        const viewer = request.user ?? (person ? { id: person.id, companyId: person.companyId } : null);
        const file = viewer && (await openAttachment(app.db, app.storage, viewer, request.params.fileId));
        if (!file) throw notFound();
        return sendPrivateFile(reply, file);
      },
    );
  });
}
