import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  CONTENT_MESSAGES,
  countSchema,
  crmTagSchema,
  recordIdParamsSchema,
  recordTagsBodySchema,
  recordTagsSchema,
  tagBulkDeleteBodySchema,
  tagCreateBodySchema,
  tagIndexItemSchema,
} from '@tradeloop/contracts/crm-content';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { bulkDeleteTags, createTag, recordTags, setRecordTags, tagIndex } from './tags-service.ts';

const tags = ['crm tags'];
const config = { access: 'company' as const };

/** Tags of spec section 7: the company's list, creating one, a record's tags, and bulk deletion. */
export function registerTagRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/tag/index',
    {
      config,
      schema: {
        tags,
        summary: "The company's tags by name, with how many records carry each",
        response: { 200: envelope(z.array(tagIndexItemSchema)) },
      },
    },
    async (request) => ok(await tagIndex(app.db, companyMember(request).companyId)),
  );

  api.post(
    '/crm/v1/tag/create',
    {
      config,
      schema: {
        tags,
        summary: 'Create a tag (names are unique per company, whatever the case)',
        body: tagCreateBodySchema,
        response: { 201: envelope(crmTagSchema) },
      },
    },
    async (request, reply) => {
      const tag = await createTag(app.db, companyMember(request).companyId, request.body);
      return reply.code(201).send(ok(tag, CONTENT_MESSAGES.tagCreated));
    },
  );

  api.get(
    '/crm/v1/crm/crm_tags/create_crm_tags/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The tags of record {id}',
        params: recordIdParamsSchema,
        response: { 200: envelope(recordTagsSchema) },
      },
    },
    async (request) => ok(await recordTags(app.db, companyMember(request).companyId, request.params.id)),
  );

  api.put(
    '/crm/v1/crm/crm_tags/create_crm_tags/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Set the tags of record {id}: tag_ids and names (missing names become tags)',
        params: recordIdParamsSchema,
        body: recordTagsBodySchema,
        response: { 200: envelope(recordTagsSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => setRecordTags(tx, actor, request.params.id, request.body));
      return ok(result, CONTENT_MESSAGES.tagsSaved);
    },
  );

  for (const method of ['post', 'delete'] as const) {
    api[method](
      '/crm/v1/crm/crm_tags/bulk_delete',
      {
        config,
        schema: {
          tags,
          summary: "Delete tags by ids (body ids); none answers 'Empty Fields'",
          body: tagBulkDeleteBodySchema,
          response: { 200: envelope(countSchema) },
        },
      },
      async (request) => {
        const actor = companyMember(request);
        const count = await app.db.transaction((tx) => bulkDeleteTags(tx, actor, request.body.ids));
        return ok({ count }, CONTENT_MESSAGES.tagsDeleted);
      },
    );
  }
}
