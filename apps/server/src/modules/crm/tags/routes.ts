import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_MESSAGES, countSchema } from '@tradeloop/contracts/crm/records';
import {
  crmTagSchema,
  recordIdParamsSchema,
  recordTagsBodySchema,
  recordTagsSchema,
  tagBulkDeleteBodySchema,
  tagCreateBodySchema,
  tagIndexItemSchema,
} from '@tradeloop/contracts/crm/tags';
import { routes, withMessage } from '../../../platform/routes.ts';
import { bulkDeleteTags, createTag, recordTags, setRecordTags, tagIndex } from './service.ts';

const tags = ['crm tags'];

/** Tags of spec section 7: the company's list, creating one, a record's tags, and bulk deletion. */
export function registerTagRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/tag/index',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "The company's tags by name, with how many records carry each",
      data: z.array(tagIndexItemSchema),
    },
    async ({ member }) => tagIndex(app.db, member.companyId),
  );

  route.post(
    '/crm/v1/tag/create',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Create a tag (names are unique per company, whatever the case)',
      body: tagCreateBodySchema,
      data: crmTagSchema,
      status: 201,
    },
    async ({ request, member }) =>
      withMessage(await createTag(app.db, member.companyId, request.body), CONTENT_MESSAGES.tagCreated),
  );

  route.get(
    '/crm/v1/crm/crm_tags/create_crm_tags/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'The tags of record {id}',
      params: recordIdParamsSchema,
      data: recordTagsSchema,
    },
    async ({ request, member }) => recordTags(app.db, member.companyId, request.params.id),
  );

  route.put(
    '/crm/v1/crm/crm_tags/create_crm_tags/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Set the tags of record {id}: tag_ids and names (missing names become tags)',
      params: recordIdParamsSchema,
      body: recordTagsBodySchema,
      data: recordTagsSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await setRecordTags(app.crm, tx, actor, request.params.id, request.body), CONTENT_MESSAGES.tagsSaved),
  );

  for (const method of ['post', 'delete'] as const) {
    route[method](
      '/crm/v1/crm/crm_tags/bulk_delete',
      {
        access: 'company',
        permission: 'crm.settings',
        tags,
        summary: "Delete tags by ids (body ids); none answers 'Empty Fields'",
        body: tagBulkDeleteBodySchema,
        data: countSchema,
      },
      async ({ request, member: actor }) => {
        const count = await app.db.transaction((tx) => bulkDeleteTags(tx, actor, request.body.ids));
        return withMessage({ count }, CONTENT_MESSAGES.tagsDeleted);
      },
    );
  }
}
