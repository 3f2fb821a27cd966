import type { FastifyInstance } from 'fastify';
import { signFileUrlsInAnswers } from '../../platform/file-urls.ts';
import { registerActivityRoutes } from './activities/routes.ts';
import { registerReminderRoutes } from './activities/reminders-routes.ts';
import { automationRoutes } from './automation/routes.ts';
import { registerEmailRoutes } from './emails/routes.ts';
import { registerEngagementRoutes } from './engagement/routes.ts';
import { registerFileRoutes } from './files/routes.ts';
import { FILES_PATH } from './files/service.ts';
import { registerFormRoutes } from './forms/routes.ts';
import { ensureDefaultForms } from './forms/service.ts';
import { registerDealSteps } from './leads/deal-routes.ts';
import { registerLeadRoutes } from './leads/routes.ts';
import { registerNoteRoutes } from './notes/routes.ts';
import { registerRecordRoutes } from './records/routes.ts';
import { scoringRoutes } from './scoring/routes.ts';
import { registerTagRoutes } from './tags/routes.ts';
import { registerTimelineRoutes } from './timeline/routes.ts';
import { registerViewAndBoardRoutes } from './views/routes.ts';

/**
 * The seller CRM under /crm/v1/, feature by feature; `app.crm` (crm/module.ts, made by buildApp)
 * connects the features. The seller's statistics dashboard stays in modules/statistics.
 */
export async function crmRoutes(app: FastifyInstance) {
  await app.register(recordRoutes);
  await app.register(workRoutes);
  await app.register(scoringRoutes);
  await app.register(automationRoutes);
}

/** Forms, records, views and filters, kanban, import and export. */
async function recordRoutes(app: FastifyInstance) {
  // A new seller starts with the default lead, deal, account and contact forms.
  app.events.on('user.signed_up', 'crm.default-forms', async ({ userType, companyId }, { tx }) => {
    if (userType !== 'seller' || companyId === null) return;
    await ensureDefaultForms(tx, companyId);
  });
  registerFormRoutes(app);
  registerRecordRoutes(app);
  registerViewAndBoardRoutes(app);
}

/**
 * The work done on CRM records: the timeline, activities, e-mails, notes, files, tags, reminders,
 * lead statuses and assignment, and the lead threads fed by the marketplace. Its answers' file
 * addresses are signed.
 */
async function workRoutes(app: FastifyInstance) {
  signFileUrlsInAnswers(app, [FILES_PATH]);
  registerTimelineRoutes(app);
  registerLeadRoutes(app);
  registerDealSteps(app);
  registerActivityRoutes(app);
  registerReminderRoutes(app);
  registerEmailRoutes(app);
  registerNoteRoutes(app);
  registerFileRoutes(app);
  registerTagRoutes(app);
  registerEngagementRoutes(app);
}
