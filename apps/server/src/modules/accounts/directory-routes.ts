import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sellerDirectoryPageSchema, sellerDirectoryQuerySchema } from '@tradeloop/contracts/directory';
import { routes } from '../../platform/routes.ts';
import { listSellers } from './directory.ts';

/** The public supplier directory: seller companies, newest first. */
export async function directoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  route.get(
    '/api/v1/front/sellers',
    {
      access: 'public',
      tags: ['accounts'],
      summary: 'Supplier directory',
      querystring: sellerDirectoryQuerySchema,
      data: sellerDirectoryPageSchema,
    },
    async ({ request }) => listSellers(app.db, request.query),
  );
}
