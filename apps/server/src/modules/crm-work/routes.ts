import type { FastifyInstance } from 'fastify';
import { registerTimelineRoutes } from './timeline-routes.ts';
import { keepTimelineOfRecordChanges } from './timeline.ts';

/**
 * The work done on CRM records, under /crm/v1/: the timeline, activities, e-mails, notes, files,
 * tags, reminders, lead statuses and assignment, and the lead threads fed by the marketplace.
 */
export async function crmWorkRoutes(app: FastifyInstance) {
  keepTimelineOfRecordChanges();
  registerTimelineRoutes(app);
}
