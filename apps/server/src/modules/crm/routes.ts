import type { FastifyInstance } from 'fastify';
import { registerFormRoutes } from './form-routes.ts';
import { ensureDefaultForms } from './forms-service.ts';
import { recordIndex } from './record-index-store.ts';
import { registerRecordRoutes } from './record-routes.ts';
import { registerViewAndBoardRoutes } from './view-routes.ts';

/** The seller CRM under /crm/v1/: forms, records, views and filters, kanban, import and export. */
export async function crmRoutes(app: FastifyInstance) {
  // A new seller starts with the default lead, deal, account and contact forms.
  app.events.on('user.signed_up', async ({ userType, companyId }) => {
    if (userType !== 'seller' || companyId === null) return;
    await app.db.transaction((tx) => ensureDefaultForms(tx, companyId));
  });
  // Large companies' records load into the in-memory record index as the server starts.
  let warming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    warming = recordIndex(app.db)
      .warm()
      .catch((error: unknown) => app.log.warn({ err: error }, 'CRM record index could not be warmed'));
  });
  app.addHook('onClose', () => {
    recordIndex(app.db).close();
    return warming;
  });
  registerFormRoutes(app);
  registerRecordRoutes(app);
  registerViewAndBoardRoutes(app);
}
