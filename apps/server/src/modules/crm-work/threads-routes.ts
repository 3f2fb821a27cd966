import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import { idParamsSchema } from '@tradeloop/contracts/crm';
import {
  LEAD_MESSAGES,
  threadIndexQuerySchema,
  threadPageSchema,
  threadSchema,
  threadStoreBodySchema,
} from '@tradeloop/contracts/crm-leads';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { catalogCaches } from '../catalog/references.ts';
import { listThreads, storeManualThread, threadsOfLead } from './threads-service.ts';

const tags = ['crm lead threads'];
const config = { access: 'company' as const };

/** thread/index, thread/list/{id} (spec section 7) and thread/store (a type_3 entry by hand). */
export function registerThreadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/thread/index',
    {
      config,
      schema: {
        tags,
        summary: "The company's lead threads with their lead (sort_by newest or oldest; by lead and type)",
        querystring: threadIndexQuerySchema,
        response: { 200: envelope(threadPageSchema) },
      },
    },
    async (request) => ok(await listThreads(app.db, companyMember(request).companyId, request.query)),
  );

  api.get(
    '/crm/v1/thread/list/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The threads of lead {id}, newest first',
        params: idParamsSchema,
        response: { 200: envelope(z.array(threadSchema)) },
      },
    },
    async (request) => ok(await threadsOfLead(app.db, companyMember(request).companyId, request.params.id)),
  );

  api.post(
    '/crm/v1/thread/store',
    {
      config,
      schema: {
        tags,
        summary: 'Add an entry by hand (type_3) to a lead, optionally about one of your products',
        body: threadStoreBodySchema,
        response: { 201: envelope(threadSchema) },
      },
    },
    async (request, reply) => {
      const actor = companyMember(request);
      const caches = await catalogCaches(app.db);
      const thread = await app.db.transaction((tx) => storeManualThread(tx, actor, request.body, caches));
      return reply.code(201).send(ok(thread, LEAD_MESSAGES.threadAdded));
    },
  );
}
