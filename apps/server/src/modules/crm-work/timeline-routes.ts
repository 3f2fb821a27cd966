import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  companyTimelineEntrySchema,
  companyTimelineQuerySchema,
  logActivityBodySchema,
  timelineEntrySchema,
  timelinePageSchema,
  timelineQuerySchema,
} from '@tradeloop/contracts/crm-work';
import { z } from 'zod';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { targetRecord } from './records.ts';
import { addTimeline, companyTimeline, recordTimeline } from './timeline.ts';

const tags = ['crm timeline'];
const config = { access: 'company' as const };

/** A record's history (crm/activities/list), entries logged by hand, and the company's feed. */
export function registerTimelineRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/crm/activities/list',
    {
      config,
      schema: {
        tags,
        summary: "A record's timeline, newest first (one of lead_id, contact_id, account_id, deal_id)",
        querystring: timelineQuerySchema,
        response: { 200: envelope(timelinePageSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const record = await targetRecord(app.db, companyId, request.query);
      const { cursor, per_page: perPage, kind } = request.query;
      return ok(await recordTimeline(app.db, record.id, { cursor, perPage, kind }));
    },
  );

  api.post(
    '/crm/v1/crm/activities/create',
    {
      config,
      schema: {
        tags,
        summary: 'Log something that happened on a record (a visit, a sample sent …)',
        body: logActivityBodySchema,
        response: { 201: envelope(timelineEntrySchema) },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = companyMember(request);
      const record = await targetRecord(app.db, companyId, request.body);
      await addTimeline(app.db, {
        companyId,
        recordId: record.id,
        kind: 'activity',
        actorId: userId,
        summary: request.body.summary,
      });
      const { data } = await recordTimeline(app.db, record.id, { perPage: 1, kind: 'activity' });
      return reply.code(201).send(ok(data[0]));
    },
  );

  api.get(
    '/crm/v1/activity/all',
    {
      config,
      schema: {
        tags,
        summary: "The company's latest activity across records",
        querystring: companyTimelineQuerySchema,
        response: {
          200: envelope(z.object({ data: z.array(companyTimelineEntrySchema), next_cursor: z.number().nullable() })),
        },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const { cursor, per_page: perPage } = request.query;
      return ok(await companyTimeline(app.db, companyId, { cursor, perPage }));
    },
  );
}
