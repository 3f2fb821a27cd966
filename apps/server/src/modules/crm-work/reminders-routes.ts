import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import { idParamsSchema } from '@tradeloop/contracts/crm';
import {
  REMINDER_MESSAGES,
  reminderCountSchema,
  reminderDestroyedSchema,
  reminderIndexQuerySchema,
  reminderIndexSchema,
  reminderSchema,
  storeReminderBodySchema,
} from '@tradeloop/contracts/crm-reminders';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { REMINDER_QUEUE, scheduleReminders } from './reminders-job.ts';
import {
  destroyReminder,
  dismissReminder,
  reminderCount,
  reminderIndex,
  reminderZone,
  storeReminder,
} from './reminders-service.ts';

const tags = ['crm reminders'];
const config = { access: 'company' as const };

/** The caller's reminders (reminder/…) and the periodic job that delivers them. */
export function registerReminderRoutes(app: FastifyInstance) {
  if (app.config.reminderIntervalMs > 0) scheduleReminders(app, app.config.reminderIntervalMs);

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/reminder/index',
    {
      config,
      schema: {
        tags,
        summary: "The caller's reminders and meetings: previous (on or before yesterday), today's, upcoming",
        querystring: reminderIndexQuerySchema,
        response: { 200: envelope(reminderIndexSchema) },
      },
    },
    async (request) => {
      const owner = companyMember(request);
      const zone = await reminderZone(app.db, owner.userId, request.query.tz);
      return ok(await reminderIndex(app.db, owner, { zone }));
    },
  );

  api.get(
    '/crm/v1/reminder/count',
    {
      config,
      schema: {
        tags,
        summary: 'How many of the caller’s reminders are due and not dismissed (the bell)',
        response: { 200: envelope(reminderCountSchema) },
      },
    },
    async (request) => ok(await reminderCount(app.db, companyMember(request))),
  );

  api.post(
    '/crm/v1/reminder/store',
    {
      config,
      schema: {
        tags,
        summary: 'A reminder by hand, optionally on a lead, contact, account or deal; one already due is sent at once',
        body: storeReminderBodySchema,
        response: { 201: envelope(reminderSchema) },
      },
    },
    async (request, reply) => {
      const reminder = await storeReminder(app.db, companyMember(request), request.body);
      if (new Date(reminder.remind_at) <= new Date()) await app.jobs.wake(REMINDER_QUEUE);
      return reply.code(201).send(ok(reminder, REMINDER_MESSAGES.saved));
    },
  );

  api.post(
    '/crm/v1/reminder/dismiss/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Dismiss one of the caller’s reminders (one not yet due will not be sent)',
        params: idParamsSchema,
        response: { 200: envelope(reminderSchema) },
      },
    },
    async (request) =>
      ok(await dismissReminder(app.db, companyMember(request), request.params.id), REMINDER_MESSAGES.dismissed),
  );

  api.delete(
    '/crm/v1/reminder/destroy/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete one of the caller’s reminders',
        params: idParamsSchema,
        response: { 200: envelope(reminderDestroyedSchema) },
      },
    },
    async (request) =>
      ok(await destroyReminder(app.db, companyMember(request), request.params.id), REMINDER_MESSAGES.deleted),
  );
}
