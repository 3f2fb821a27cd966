import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import { sellerDirectoryPageSchema, sellerDirectoryQuerySchema } from '@tradeloop/contracts/directory';
import { ok } from '../../platform/http.ts';
import { listSellers } from './directory.ts';

/** The public supplier directory: seller companies, newest first. */
export async function directoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/front/sellers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Supplier directory',
        querystring: sellerDirectoryQuerySchema,
        response: { 200: envelope(sellerDirectoryPageSchema) },
      },
    },
    async (request) => ok(await listSellers(app.db, request.query)),
  );
}
