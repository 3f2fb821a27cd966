import type { FastifyInstance } from 'fastify';
import { statisticsQuerySchema, statisticsSchema } from '@tradeloop/contracts/statistics';
import { routes } from '../../platform/routes.ts';
import { sellerStatistics } from './service.ts';

/** The seller's statistics (issue 20; decision 042), at the CRM's address of spec section 7. */
export async function statisticsRoutes(app: FastifyInstance) {
  routes(app).get(
    '/crm/v1/crm/statistics',
    {
      access: 'company',
      permission: 'crm.leads.view',
      tags: ['statistics'],
      summary:
        "The seller's figures over all time and a period, with a series per day or week, for the company or one member",
      querystring: statisticsQuerySchema,
      data: statisticsSchema,
    },
    async ({ request, member }) => sellerStatistics(app.db, member, request.query),
  );
}
