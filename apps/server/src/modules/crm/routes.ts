import type { FastifyInstance } from 'fastify';
import { registerFormRoutes } from './form-routes.ts';
import { ensureDefaultForms } from './forms-service.ts';
import { PRUNE_EVERY_MS, pruneChangeLog } from '../../db/change-follower.ts';
import { recordIndex, RECORD_CHANGE_LOG } from './record-index-store.ts';
import { registerRecordRoutes } from './record-routes.ts';
import { registerViewAndBoardRoutes } from './view-routes.ts';

/** The seller CRM under /crm/v1/: forms, records, views and filters, kanban, import and export. */
export async function crmRoutes(app: FastifyInstance) {
  // A new seller starts with the default lead, deal, account and contact forms.
  app.events.on('user.signed_up', 'crm.default-forms', async ({ userType, companyId }, { tx }) => {
    if (userType !== 'seller' || companyId === null) return;
    await ensureDefaultForms(tx, companyId);
  });
  // Records are written whether or not anyone lists them: their change log is pruned on a schedule.
  app.jobs.every('crm.prune-record-changes', PRUNE_EVERY_MS, (db) => pruneChangeLog(db, RECORD_CHANGE_LOG));
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
