import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  NOTIFICATION_MESSAGES,
  notificationCountsSchema,
  notificationDeleteBodySchema,
  notificationListQuerySchema,
  notificationMarkBodySchema,
  notificationPageSchema,
} from '@tradeloop/contracts/notifications';
import { caller } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { deleteNotifications, listNotifications, markNotifications, notificationCounts } from './service.ts';
import { subscribeNotifications } from './subscriptions.ts';

const tags = ['notifications'];
const user = { access: 'user' as const };
const counts = { 200: envelope(notificationCountsSchema) };

/** The caller's notifications and the header bell's counts. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  subscribeNotifications(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/notifications/list',
    {
      config: user,
      schema: {
        tags,
        summary: 'Notifications of a tab (all, enquiries, orderInvoices, product), read or unread, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationPageSchema) },
      },
    },
    async (request) => ok(await listNotifications(app.db, caller(request).id, request.query)),
  );

  app.get(
    '/api/v1/notifications/count',
    {
      config: user,
      schema: {
        tags,
        summary: 'Counts for all, enquiries, orderInvoices and product: total and unread',
        response: counts,
      },
    },
    async (request) => ok(await notificationCounts(app.db, caller(request).id)),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      config: user,
      schema: {
        tags,
        summary: 'Mark notifications read (or, with read false, unread): by ids or a whole tab',
        body: notificationMarkBodySchema,
        response: counts,
      },
    },
    async (request) =>
      ok(await markNotifications(app.db, caller(request).id, request.body), NOTIFICATION_MESSAGES.marked),
  );

  app.post(
    '/api/v1/notifications/delete',
    {
      config: user,
      schema: { tags, summary: 'Delete notifications', body: notificationDeleteBodySchema, response: counts },
    },
    async (request) =>
      ok(await deleteNotifications(app.db, caller(request).id, request.body.ids), NOTIFICATION_MESSAGES.deleted),
  );
}
