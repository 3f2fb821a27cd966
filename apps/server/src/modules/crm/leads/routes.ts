import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { JOB_PRIORITY } from '../../../platform/jobs.ts';
import { catalogCaches } from '../../catalog/public.ts';
import { registerAssignmentRoutes } from './assignment-routes.ts';
import { leadFromBuyingRequest, leadFromChat, leadFromQuote } from './service.ts';
import { registerStatusRoutes } from './statuses-routes.ts';
import { registerThreadRoutes } from './threads-routes.ts';

/**
 * Lead management and the loop (docs/decisions/017): statuses, assignment by hand and by rules,
 * threads, and the marketplace events that turn quote requests and chat enquiries into leads.
 */
export function registerLeadRoutes(app: FastifyInstance) {
  registerStatusRoutes(app);
  registerAssignmentRoutes(app);
  registerThreadRoutes(app);

  // Each delivery in the transaction that completes it: a failure leaves nothing half written and is
  // retried. The catalogue's lists are read before it, from the process's caches.
  const prepare = catalogCaches;
  // A buyer's thread is new facts for the lead's score (decision 040).
  const threadScored = async <T extends { leadId: number }>(tx: Tx, companyId: number, made: T | null) => {
    if (made) await app.events.emit(tx, 'lead.changed', { companyId, leadId: made.leadId, cause: 'thread' });
    return made;
  };
  app.events.on(
    'quote.submitted',
    'crm.lead-from-quote',
    async (event, { tx, prepared }) =>
      threadScored(tx, event.sellerCompanyId, await leadFromQuote(app.crm, tx, event, prepared)),
    { prepare, priority: JOB_PRIORITY.loop },
  );
  app.events.on(
    'chat.first_message',
    'crm.lead-from-chat',
    async (event, { tx, prepared }) =>
      threadScored(tx, event.sellerCompanyId, await leadFromChat(app.crm, tx, event, prepared)),
    { prepare, priority: JOB_PRIORITY.loop },
  );
  app.events.on(
    'buying_request.sent',
    'crm.lead-from-buying-request',
    async (event, { tx }) => threadScored(tx, event.sellerCompanyId, await leadFromBuyingRequest(app.crm, tx, event)),
    { priority: JOB_PRIORITY.loop },
  );
}
