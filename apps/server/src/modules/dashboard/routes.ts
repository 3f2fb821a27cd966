import type { FastifyInstance } from 'fastify';
import { buyerHomeQuerySchema, buyerHomeSchema } from '@tradeloop/contracts/dashboard';
import { routes } from '../../platform/routes.ts';
import { buyerHome } from './service.ts';

/** The buyer's home (issue 42; decision 066). A seller's and a sub-user's dashboard is their statistics: 403 here. */
export async function dashboardRoutes(app: FastifyInstance) {
  routes(app).get(
    '/api/v1/dashboard/buyer',
    {
      access: 'buyer',
      tags: ['dashboard'],
      summary:
        "The buyer's home: enquiries with offers awaiting them first, conversations with unread counts, followed suppliers and their news, wishlist and recommendations",
      querystring: buyerHomeQuerySchema,
      data: buyerHomeSchema,
    },
    async ({ request, user }) => buyerHome(app.db, user, request.query),
  );
}
