import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  LEAD_MESSAGES,
  threadChatSchema,
  threadIndexQuerySchema,
  threadPageSchema,
  threadSchema,
  threadStoreBodySchema,
} from '@tradeloop/contracts/crm/leads';
import { catalogCaches } from '../../catalog/public.ts';
import { joinAsColleague } from '../../chat/public.ts';
import { listThreads, roomOfThread, storeManualThread, threadsOfLead } from './threads.ts';

const tags = ['crm lead threads'];

/**
 * thread/index, thread/list/{id} (spec section 7), thread/store (a type_3 entry by hand) and
 * thread/{id}/chat (a colleague answers the buyer's conversation, decision 062).
 */
export function registerThreadRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/thread/index',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "The company's lead threads with their lead (sort_by newest or oldest; by lead and type)",
      querystring: threadIndexQuerySchema,
      data: threadPageSchema,
    },
    async ({ request, member }) => listThreads(app.db, member.companyId, request.query),
  );

  route.get(
    '/crm/v1/thread/list/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'The threads of lead {id}, newest first',
      params: idParamsSchema,
      data: z.array(threadSchema),
    },
    async ({ request, member }) => threadsOfLead(app.db, member.companyId, request.params.id),
  );

  route.post(
    '/crm/v1/thread/store',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Add an entry by hand (type_3) to a lead, optionally about one of your products',
      body: threadStoreBodySchema,
      data: threadSchema,
      status: 201,
    },
    async ({ request, member: actor }) => {
      const caches = await catalogCaches(app.db);
      const thread = await app.db.transaction((tx) => storeManualThread(tx, actor, request.body, caches));
      return withMessage(thread, LEAD_MESSAGES.threadAdded);
    },
  );

  route.post(
    '/crm/v1/thread/:id/chat',
    {
      access: 'company',
      permission: 'chat',
      tags,
      summary:
        "Join the buyer's conversation of thread {id} to answer it, beside the colleagues in it (a lead you may see)",
      params: idParamsSchema,
      data: threadChatSchema,
    },
    async ({ request, member, user }) => {
      const roomId = await roomOfThread(app.db, member.companyId, request.params.id);
      const result = await joinAsColleague(app.chat.context, user, roomId);
      return result.joined ? withMessage(result, LEAD_MESSAGES.chatJoined) : result;
    },
  );
}
