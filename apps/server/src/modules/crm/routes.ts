import type { FastifyInstance } from 'fastify';
import { registerFormRoutes } from './form-routes.ts';
import { ensureDefaultForms } from './forms-service.ts';
import { registerRecordRoutes } from './record-routes.ts';
import { registerViewAndBoardRoutes } from './view-routes.ts';

/** The seller CRM under /crm/v1/: forms, records, views and filters, kanban, import and export. */
export async function crmRoutes(app: FastifyInstance) {
  // A new seller starts with the default lead, deal, account and contact forms.
  app.events.on('user.signed_up', 'crm.default-forms', async ({ userType, companyId }, { tx }) => {
    if (userType !== 'seller' || companyId === null) return;
    await ensureDefaultForms(tx, companyId);
  });
  registerFormRoutes(app);
  registerRecordRoutes(app);
  registerViewAndBoardRoutes(app);
}
