import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, PAGE_SIZES } from '@tradeloop/contracts/common';
import { CRM_TYPE, idParamsSchema, type RecordTypeId } from '@tradeloop/contracts/crm';
import {
  ACTIVITY_BODY_SCHEMAS,
  ACTIVITY_KINDS,
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPES,
  activityCategoriesSchema,
  activityIndexBodySchema,
  activityPageSchema,
  activityRangeQuerySchema,
  activitySchema,
  activityShowQuerySchema,
  byCategoryQuerySchema,
  destroyQuerySchema,
  emailCategoriesSchema,
  recordActivitiesQuerySchema,
  taskCategoriesSchema,
  type ActivityInput,
  type ActivityKind,
} from '@tradeloop/contracts/crm-activities';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { activityCategories, emailCategories, taskCategories } from './activities-board.ts';
import { sendInvitations } from './activities-invites.ts';
import {
  activitiesInRange,
  activityIndex,
  allActivitiesOf,
  countActivitiesOnRecords,
  recordActivities,
  showActivity,
} from './activities-read.ts';
import { destroyActivity, meetingCalendar, saveActivity } from './activities-service.ts';

const tags = ['crm activities'];
const config = { access: 'company' as const };
const activityResponse = envelope(activitySchema);
const listResponse = { 200: envelope(z.array(activitySchema)) };

/** create, update/{id}, destroy/{id}, index and list of one kind (spec section 7). */
function registerKindRoutes(app: FastifyInstance, kind: ActivityKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { path, singular, plural } = ACTIVITY_TYPES[kind];
  const body = ACTIVITY_BODY_SCHEMAS[kind];
  const lower = singular.toLowerCase();

  const save = async (actor: { companyId: number; userId: number }, id: number | undefined, input: ActivityInput) => {
    const result = await app.db.transaction((tx) => saveActivity(tx, actor, kind, id, input));
    await sendInvitations(app.mailer, app.log, result.invitations);
    return result;
  };

  api.post(
    `/crm/v1/${path}/create`,
    {
      config,
      schema: {
        tags,
        summary: `Create a ${lower}; with an id in the body, update that ${lower} instead`,
        body,
        response: { 200: activityResponse, 201: activityResponse },
      },
    },
    async (request, reply) => {
      const result = await save(companyMember(request), request.body.id, request.body as ActivityInput);
      return reply
        .code(result.created ? 201 : 200)
        .send(ok(result.activity, ACTIVITY_MESSAGES.saved(kind, result.created)));
    },
  );

  api.post(
    `/crm/v1/${path}/update/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Update a ${lower}: only the fields sent change`,
        params: idParamsSchema,
        body,
        response: { 200: activityResponse },
      },
    },
    async (request) => {
      const result = await save(companyMember(request), request.params.id, request.body as ActivityInput);
      return ok(result.activity, ACTIVITY_MESSAGES.saved(kind, false));
    },
  );

  api.delete(
    `/crm/v1/${path}/destroy/:id`,
    {
      config,
      schema: {
        tags,
        summary:
          kind === 'meeting'
            ? 'Delete a meeting; participants of one still to come get a cancellation'
            : `Delete a ${lower}`,
        params: idParamsSchema,
        querystring: destroyQuerySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const invitations = await app.db.transaction((tx) =>
        destroyActivity(tx, actor, kind, request.params.id, request.query.time_zone),
      );
      await sendInvitations(app.mailer, app.log, invitations);
      return ok(null, ACTIVITY_MESSAGES.deleted(kind));
    },
  );

  api.post(
    `/crm/v1/${path}/index`,
    {
      config,
      schema: {
        tags,
        summary: `${plural} of the company, ${PAGE_SIZES.activityIndex} a page, newest due or start first; filters: status, owner_id, a record, from/to, query`,
        body: activityIndexBodySchema,
        response: { 200: envelope(activityPageSchema) },
      },
    },
    async (request) => ok(await activityIndex(app.db, companyMember(request).companyId, kind, request.body)),
  );

  api.get(
    `/crm/v1/${path}/list`,
    {
      config,
      schema: {
        tags,
        summary: `${plural} of one record (lead_id, contact_id, account_id or deal_id), upcoming first, at most ${ACTIVITY_LIMITS.recordItems}`,
        querystring: recordActivitiesQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ok(await recordActivities(app.db, companyMember(request).companyId, kind, request.query)),
  );
}

/** show_details, the calendar range, detail by type, the .ics download and each record type's list. */
function registerReadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/crm/task_information/show_details/:id',
    {
      config,
      schema: { tags, summary: 'A task, meeting or call', params: idParamsSchema, response: { 200: activityResponse } },
    },
    async (request) => ok(await showActivity(app.db, companyMember(request).companyId, request.params.id)),
  );

  api.get(
    '/crm/v1/crm/task_information/all-call-task-meeting',
    {
      config,
      schema: {
        tags,
        summary: `The calendar of a range (from, to; at most ${ACTIVITY_LIMITS.rangeDays} days): tasks due and calls starting in it, meetings overlapping it, soonest first, at most ${ACTIVITY_LIMITS.rangeItems}`,
        querystring: activityRangeQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ok(await activitiesInRange(app.db, companyMember(request).companyId, request.query)),
  );

  const shows = [
    { path: 'lead/task/show', kind: 'task' },
    { path: 'meeting/show', kind: 'meeting' },
    { path: 'call/show', kind: 'call' },
  ] as const;
  for (const show of shows) {
    api.get(
      `/crm/v1/${show.path}`,
      {
        config,
        schema: {
          tags,
          summary: `A ${show.kind} by id`,
          querystring: activityShowQuerySchema,
          response: { 200: activityResponse },
        },
      },
      async (request) => ok(await showActivity(app.db, companyMember(request).companyId, request.query.id, show.kind)),
    );
  }

  api.get(
    '/crm/v1/crm/meeting_information/ics/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A meeting as an iCalendar file, to add to a calendar',
        params: idParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string().describe('iCalendar file') },
      },
    },
    async (request, reply) => {
      const { filename, ics } = await meetingCalendar(app.db, companyMember(request).companyId, request.params.id);
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
    api.get(
      `/crm/v1/${list.path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Every task, meeting and call of a record (its id), upcoming first, at most ${ACTIVITY_LIMITS.recordItems}`,
          params: idParamsSchema,
          response: listResponse,
        },
      },
      async (request) =>
        ok(await allActivitiesOf(app.db, companyMember(request).companyId, list.typeId, request.params.id)),
    );
  }
}

/** The activity board: the newest of each category. */
function registerCategoryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const newest = `the newest ${ACTIVITY_LIMITS.categoryItems} of each, latest due or start first; owner_id narrows to one user`;

  api.get(
    '/crm/v1/task/activity/bycategory',
    {
      config,
      schema: {
        tags,
        summary: `Tasks by category: lead_contact (leads and contacts), deals, account; ${newest}`,
        querystring: byCategoryQuerySchema,
        response: { 200: envelope(taskCategoriesSchema) },
      },
    },
    async (request) => ok(await taskCategories(app.db, companyMember(request).companyId, request.query.owner_id)),
  );

  for (const kind of ['meeting', 'call'] as const) {
    api.get(
      `/crm/v1/${kind}/activity/bycategory`,
      {
        config,
        schema: {
          tags,
          summary: `${ACTIVITY_TYPES[kind].plural} by category: leads, deals, accounts, contacts; ${newest}`,
          querystring: byCategoryQuerySchema,
          response: { 200: envelope(activityCategoriesSchema) },
        },
      },
      async (request) =>
        ok(await activityCategories(app.db, companyMember(request).companyId, kind, request.query.owner_id)),
    );
  }

  api.get(
    '/crm/v1/email/activity/bycategory',
    {
      config,
      schema: {
        tags,
        summary: `E-mails (drafts, sent, failed) by category: leads, deals, accounts, contacts; the newest ${ACTIVITY_LIMITS.categoryItems} of each, latest sent or written first; owner_id narrows to one author`,
        querystring: byCategoryQuerySchema,
        response: { 200: envelope(emailCategoriesSchema) },
      },
    },
    async (request) => ok(await emailCategories(app.db, companyMember(request).companyId, request.query.owner_id)),
  );
}

/** Tasks, meetings and calls of CRM records, under /crm/v1/. */
export function registerActivityRoutes(app: FastifyInstance) {
  countActivitiesOnRecords();
  for (const kind of ACTIVITY_KINDS) registerKindRoutes(app, kind);
  registerReadRoutes(app);
  registerCategoryRoutes(app);
}
