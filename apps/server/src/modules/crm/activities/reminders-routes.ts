import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  REMINDER_MESSAGES,
  reminderCountSchema,
  reminderDestroyedSchema,
  reminderIndexQuerySchema,
  reminderIndexSchema,
  reminderSchema,
  storeReminderBodySchema,
} from '@tradeloop/contracts/crm/activities';
import { REMINDER_QUEUE, scheduleReminders } from './reminders-job.ts';
import {
  destroyReminder,
  dismissReminder,
  reminderCount,
  reminderIndex,
  reminderZone,
  storeReminder,
} from './reminders.ts';

const tags = ['crm reminders'];

/** The caller's reminders (reminder/…) and the periodic job that delivers them. */
export function registerReminderRoutes(app: FastifyInstance) {
  if (app.config.reminderIntervalMs > 0) scheduleReminders(app, app.config.reminderIntervalMs);

  const route = routes(app);

  route.get(
    '/crm/v1/reminder/index',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "The caller's reminders and meetings: previous (on or before yesterday), today's, upcoming",
      querystring: reminderIndexQuerySchema,
      data: reminderIndexSchema,
    },
    async ({ request, member: owner }) => {
      const zone = await reminderZone(app.db, owner.userId, request.query.tz);
      return reminderIndex(app.db, owner, { zone });
    },
  );

  route.get(
    '/crm/v1/reminder/count',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'How many of the caller’s reminders are due and not dismissed (the bell)',
      data: reminderCountSchema,
    },
    async ({ member }) => reminderCount(app.db, member),
  );

  route.post(
    '/crm/v1/reminder/store',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'A reminder by hand, optionally on a lead, contact, account or deal; one already due is sent at once',
      body: storeReminderBodySchema,
      data: reminderSchema,
      status: 201,
    },
    async ({ request, member }) => {
      const reminder = await storeReminder(app.db, member, request.body);
      if (new Date(reminder.remind_at) <= new Date()) await app.jobs.wake(REMINDER_QUEUE);
      return withMessage(reminder, REMINDER_MESSAGES.saved);
    },
  );

  route.post(
    '/crm/v1/reminder/dismiss/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Dismiss one of the caller’s reminders (one not yet due will not be sent)',
      params: idParamsSchema,
      data: reminderSchema,
    },
    async ({ request, member }) =>
      withMessage(await dismissReminder(app.db, member, request.params.id), REMINDER_MESSAGES.dismissed),
  );

  route.delete(
    '/crm/v1/reminder/destroy/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Delete one of the caller’s reminders',
      params: idParamsSchema,
      data: reminderDestroyedSchema,
    },
    async ({ request, member }) =>
      withMessage(await destroyReminder(app.db, member, request.params.id), REMINDER_MESSAGES.deleted),
  );
}
