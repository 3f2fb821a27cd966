import type { FastifyInstance } from 'fastify';
import { catalogCaches } from '../catalog/references.ts';
import { registerAssignmentRoutes } from './assignment-routes.ts';
import { assignNewLeads } from './assignment-service.ts';
import { leadFromChat, leadFromQuote } from './loop-service.ts';
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
  assignNewLeads();

  // Each event in a transaction of its own: a failure is logged by the bus and leaves nothing half
  // written. The catalogue's lists are read before the transaction, from the process's caches.
  app.events.on('quote.submitted', async (event) => {
    const caches = await catalogCaches(app.db);
    await app.db.transaction((tx) => leadFromQuote(tx, event, caches));
  });
  app.events.on('chat.first_message', async (event) => {
    const caches = await catalogCaches(app.db);
    await app.db.transaction((tx) => leadFromChat(tx, event, caches));
  });
}
