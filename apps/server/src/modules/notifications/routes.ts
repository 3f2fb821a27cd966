import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
  notificationCountsSchema,
  notificationDeleteBodySchema,
  notificationListQuerySchema,
  notificationMarkBodySchema,
  notificationPageSchema,
} from '@tradeloop/contracts/notifications';
import { routes, withMessage } from '../../platform/routes.ts';
import { deleteNotifications, listNotifications, markNotifications, notificationCounts } from './service.ts';
import { subscribeNotifications } from './subscriptions.ts';

const tags = ['notifications'];

/** The caller's notifications and the header bell's counts. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  subscribeNotifications(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.get(
    '/api/v1/notifications/list',
    {
      access: 'user',
      tags,
      summary: 'Notifications of a tab (all, enquiries, orderInvoices, product), read or unread, newest first',
      querystring: notificationListQuerySchema,
      data: notificationPageSchema,
    },
    async ({ request, user }) => listNotifications(app.db, user.id, request.query),
  );

  route.get(
    '/api/v1/notifications/count',
    {
      access: 'user',
      tags,
      summary: 'Counts for all, enquiries, orderInvoices and product: total and unread',
      data: notificationCountsSchema,
    },
    async ({ user }) => notificationCounts(app.db, user.id),
  );

  route.post(
    '/api/v1/notifications/read',
    {
      access: 'user',
      tags,
      summary: 'Mark notifications read (or, with read false, unread): by ids or a whole tab',
      body: notificationMarkBodySchema,
      data: notificationCountsSchema,
    },
    async ({ request, user }) =>
      withMessage(await markNotifications(app.db, user.id, request.body), NOTIFICATION_MESSAGES.marked),
  );

  route.post(
    '/api/v1/notifications/delete',
    {
      access: 'user',
      tags,
      summary: 'Delete notifications',
      body: notificationDeleteBodySchema,
      data: notificationCountsSchema,
    },
    async ({ request, user }) =>
      withMessage(await deleteNotifications(app.db, user.id, request.body.ids), NOTIFICATION_MESSAGES.deleted),
  );
}
