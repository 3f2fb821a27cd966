import type { FastifyInstance } from 'fastify';
import {
  companyTimelineEntrySchema,
  companyTimelineQuerySchema,
  logActivityBodySchema,
  timelineEntrySchema,
  timelinePageSchema,
  timelineQuerySchema,
} from '@tradeloop/contracts/crm/timeline';
import { z } from 'zod';
import { routes } from '../../../platform/routes.ts';
import { targetRecord } from '../records/targets.ts';
import { addTimeline, companyTimeline, recordTimeline } from './service.ts';

const tags = ['crm timeline'];

/** A record's history (crm/activities/list), entries logged by hand, and the company's feed. */
export function registerTimelineRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/crm/activities/list',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "A record's timeline, newest first (one of lead_id, contact_id, account_id, deal_id)",
      querystring: timelineQuerySchema,
      data: timelinePageSchema,
    },
    async ({ request, member: { companyId } }) => {
      const record = await targetRecord(app.db, companyId, request.query);
      const { cursor, per_page: perPage, kind } = request.query;
      return recordTimeline(app.db, record.id, { cursor, perPage, kind });
    },
  );

  route.post(
    '/crm/v1/crm/activities/create',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Log something that happened on a record (a visit, a sample sent …)',
      body: logActivityBodySchema,
      data: timelineEntrySchema,
      status: 201,
    },
    async ({ request, member }) => {
      const { companyId, userId } = member;
      const record = await targetRecord(app.db, companyId, request.body);
      await addTimeline(app.db, {
        companyId,
        recordId: record.id,
        kind: 'activity',
        actorId: userId,
        summary: request.body.summary,
      });
      const { data } = await recordTimeline(app.db, record.id, { perPage: 1, kind: 'activity' });
      return data[0];
    },
  );

  route.get(
    '/crm/v1/activity/all',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "The company's latest activity across records",
      querystring: companyTimelineQuerySchema,
      data: z.object({ data: z.array(companyTimelineEntrySchema), next_cursor: z.number().nullable() }),
    },
    async ({ request, member: { companyId } }) => {
      const { cursor, per_page: perPage } = request.query;
      return companyTimeline(app.db, companyId, { cursor, perPage });
    },
  );
}
