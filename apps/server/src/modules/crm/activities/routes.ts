import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, PAGE_SIZES } from '@tradeloop/contracts/common';
import { CRM_TYPE, idParamsSchema, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import {
  ACTIVITY_BODY_SCHEMAS,
  ACTIVITY_KINDS,
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPES,
  activityCategoriesSchema,
  activityIndexBodySchema,
  type ActivityInput,
  type ActivityKind,
  activityPageSchema,
  activityRangeQuerySchema,
  activitySchema,
  activityShowQuerySchema,
  byCategoryQuerySchema,
  destroyQuerySchema,
  emailCategoriesSchema,
  recordActivitiesQuerySchema,
  taskCategoriesSchema,
} from '@tradeloop/contracts/crm/activities';
import { eventDepth } from '../../../platform/caller-context.ts';
import { routes, withMessage } from '../../../platform/routes.ts';
import { activityCategories, emailCategories, taskCategories } from './board.ts';
import { sendInvitations } from './invites.ts';
import { activitiesInRange, activityIndex, allActivitiesOf, recordActivities, showActivity } from './read.ts';
import { destroyActivity, meetingCalendar, saveActivity } from './service.ts';

const tags = ['crm activities'];
const activityResponse = envelope(activitySchema);

/** create, update/{id}, destroy/{id}, index and list of one kind (spec section 7). */
function registerKindRoutes(app: FastifyInstance, kind: ActivityKind) {
  const route = routes(app);
  const { path, singular, plural } = ACTIVITY_TYPES[kind];
  const body = ACTIVITY_BODY_SCHEMAS[kind];
  const lower = singular.toLowerCase();

  const save = async (actor: { companyId: number; userId: number }, id: number | undefined, input: ActivityInput) => {
    const result = await app.db.transaction(async (tx) => {
      const saved = await saveActivity(tx, actor, kind, id, input);
      // A call or meeting with a lead counts towards its score (decision 040).
      const record = saved.activity.record;
      if (kind !== 'task' && record?.type_id === 1)
        await app.events.emit(tx, 'lead.changed', { companyId: actor.companyId, leadId: record.id, cause: kind });
      // Automation's "meeting ended" waits for its end or its being marked held (decision 041).
      if (kind === 'meeting' && record?.type_id === 1) {
        const { activity } = saved;
        await app.events.emit(tx, 'meeting.saved', {
          companyId: actor.companyId,
          leadId: record.id,
          meetingId: activity.id,
          endsAt: activity.ends_at,
          allDay: activity.all_day,
          status: activity.status,
          depth: eventDepth(),
        });
      }
      return saved;
    });
    await sendInvitations(app.mailer, app.log, result.invitations);
    return result;
  };

  route.post(
    `/crm/v1/${path}/create`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `Create a ${lower}; with an id in the body, update that ${lower} instead`,
      body,
      data: activitySchema,
      response: { 201: activityResponse },
    },
    async ({ request, reply, member }) => {
      const result = await save(member, request.body.id, request.body as ActivityInput);
      if (result.created) reply.code(201);
      return withMessage(result.activity, ACTIVITY_MESSAGES.saved(kind, result.created));
    },
  );

  route.post(
    `/crm/v1/${path}/update/:id`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `Update a ${lower}: only the fields sent change`,
      params: idParamsSchema,
      body,
      data: activitySchema,
    },
    async ({ request, member }) => {
      const result = await save(member, request.params.id, request.body as ActivityInput);
      return withMessage(result.activity, ACTIVITY_MESSAGES.saved(kind, false));
    },
  );

  route.delete(
    `/crm/v1/${path}/destroy/:id`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary:
        kind === 'meeting'
          ? 'Delete a meeting; participants of one still to come get a cancellation'
          : `Delete a ${lower}`,
      params: idParamsSchema,
      querystring: destroyQuerySchema,
      data: z.null(),
    },
    async ({ request, member: actor }) => {
      const invitations = await app.db.transaction((tx) =>
        destroyActivity(tx, actor, kind, request.params.id, request.query.time_zone),
      );
      await sendInvitations(app.mailer, app.log, invitations);
      return withMessage(null, ACTIVITY_MESSAGES.deleted(kind));
    },
  );

  route.post(
    `/crm/v1/${path}/index`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `${plural} of the company, ${PAGE_SIZES.activityIndex} a page, newest due or start first; filters: status, owner_id, a record, from/to, query`,
      body: activityIndexBodySchema,
      data: activityPageSchema,
    },
    async ({ request, member }) => activityIndex(app.db, member.companyId, kind, request.body),
  );

  route.get(
    `/crm/v1/${path}/list`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `${plural} of one record (lead_id, contact_id, account_id or deal_id), upcoming first, at most ${ACTIVITY_LIMITS.recordItems}`,
      querystring: recordActivitiesQuerySchema,
      data: z.array(activitySchema),
    },
    async ({ request, member }) => recordActivities(app.db, member.companyId, kind, request.query),
  );
}

/** show_details, the calendar range, detail by type, the .ics download and each record type's list. */
function registerReadRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/crm/task_information/show_details/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'A task, meeting or call',
      params: idParamsSchema,
      data: activitySchema,
    },
    async ({ request, member }) => showActivity(app.db, member.companyId, request.params.id),
  );

  route.get(
    '/crm/v1/crm/task_information/all-call-task-meeting',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `The calendar of a range (from, to; at most ${ACTIVITY_LIMITS.rangeDays} days): tasks due and calls starting in it, meetings overlapping it, soonest first, at most ${ACTIVITY_LIMITS.rangeItems}`,
      querystring: activityRangeQuerySchema,
      data: z.array(activitySchema),
    },
    async ({ request, member }) => activitiesInRange(app.db, member.companyId, request.query),
  );

  const shows = [
    { path: 'lead/task/show', kind: 'task' },
    { path: 'meeting/show', kind: 'meeting' },
    { path: 'call/show', kind: 'call' },
  ] as const;
  for (const show of shows) {
    route.get(
      `/crm/v1/${show.path}`,
      {
        access: 'company',
        permission: 'crm.work',
        tags,
        summary: `A ${show.kind} by id`,
        querystring: activityShowQuerySchema,
        data: activitySchema,
      },
      async ({ request, member }) => showActivity(app.db, member.companyId, request.query.id, show.kind),
    );
  }

  route.get(
    '/crm/v1/crm/meeting_information/ics/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'A meeting as an iCalendar file, to add to a calendar',
      params: idParamsSchema,
      produces: ['text/calendar'],
      response: { 200: z.string().describe('iCalendar file') },
    },
    async ({ request, reply, member }) => {
      const { filename, ics } = await meetingCalendar(app.db, member.companyId, request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(ics);
    },
  );

  const lists: { path: string; typeId: RecordTypeId }[] = [
    { path: 'lead/task/list', typeId: CRM_TYPE.leads },
    { path: 'contact/activity/list', typeId: CRM_TYPE.contacts },
    { path: 'account/activity/list', typeId: CRM_TYPE.accounts },
    { path: 'deal/activity/list', typeId: CRM_TYPE.deals },
  ];
  for (const list of lists) {
    route.get(
      `/crm/v1/${list.path}/:id`,
      {
        access: 'company',
        permission: 'crm.work',
        tags,
        summary: `Every task, meeting and call of a record (its id), upcoming first, at most ${ACTIVITY_LIMITS.recordItems}`,
        params: idParamsSchema,
        data: z.array(activitySchema),
      },
      async ({ request, member }) => allActivitiesOf(app.db, member.companyId, list.typeId, request.params.id),
    );
  }
}

/** The activity board: the newest of each category. */
function registerCategoryRoutes(app: FastifyInstance) {
  const route = routes(app);
  const newest = `the newest ${ACTIVITY_LIMITS.categoryItems} of each, latest due or start first; owner_id narrows to one user`;

  route.get(
    '/crm/v1/task/activity/bycategory',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `Tasks by category: lead_contact (leads and contacts), deals, account; ${newest}`,
      querystring: byCategoryQuerySchema,
      data: taskCategoriesSchema,
    },
    async ({ request, member }) => taskCategories(app.db, member.companyId, request.query.owner_id),
  );

  for (const kind of ['meeting', 'call'] as const) {
    route.get(
      `/crm/v1/${kind}/activity/bycategory`,
      {
        access: 'company',
        permission: 'crm.work',
        tags,
        summary: `${ACTIVITY_TYPES[kind].plural} by category: leads, deals, accounts, contacts; ${newest}`,
        querystring: byCategoryQuerySchema,
        data: activityCategoriesSchema,
      },
      async ({ request, member }) => activityCategories(app.db, member.companyId, kind, request.query.owner_id),
    );
  }

  route.get(
    '/crm/v1/email/activity/bycategory',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: `E-mails (drafts, sent, failed) by category: leads, deals, accounts, contacts; the newest ${ACTIVITY_LIMITS.categoryItems} of each, latest sent or written first; owner_id narrows to one author`,
      querystring: byCategoryQuerySchema,
      data: emailCategoriesSchema,
    },
    async ({ request, member }) => emailCategories(app.db, member.companyId, request.query.owner_id),
  );
}

/** Tasks, meetings and calls of CRM records, under /crm/v1/. */
export function registerActivityRoutes(app: FastifyInstance) {
  for (const kind of ACTIVITY_KINDS) registerKindRoutes(app, kind);
  registerReadRoutes(app);
  registerCategoryRoutes(app);
}
