import type { FastifyInstance } from 'fastify';
import { signFileUrlsInAnswers } from '../../platform/file-urls.ts';
import { FILES_PATH } from './files-service.ts';
import { registerActivityRoutes } from './activities-routes.ts';
import { registerContentRoutes } from './content-routes.ts';
import { registerEngagementRoutes } from './engagement-routes.ts';
import { registerLeadRoutes } from './loop-routes.ts';
import { registerDealSteps } from './deal-routes.ts';
import { registerReminderRoutes } from './reminders-routes.ts';
import { registerTimelineRoutes } from './timeline-routes.ts';
import { keepTimelineOfRecordChanges } from './timeline.ts';

/**
 * The work done on CRM records, under /crm/v1/: the timeline, activities, e-mails, notes, files,
 * tags, reminders, lead statuses and assignment, and the lead threads fed by the marketplace.
 */
export async function crmWorkRoutes(app: FastifyInstance) {
  keepTimelineOfRecordChanges();
  signFileUrlsInAnswers(app, [FILES_PATH]);
  registerTimelineRoutes(app);
  registerLeadRoutes(app);
  registerDealSteps(app);
  registerActivityRoutes(app);
  registerReminderRoutes(app);
  registerContentRoutes(app);
  registerEngagementRoutes(app);
}
