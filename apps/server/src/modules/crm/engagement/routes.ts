import type { FastifyInstance } from 'fastify';
import { TRACKING_MESSAGES } from '@tradeloop/contracts/tracking';
import {
  engagementSettingsSchema,
  trackingListingQuerySchema,
  trackingListingSchema,
  trackingReportQuerySchema,
  trackingReportSchema,
} from '@tradeloop/contracts/crm/engagement';
import { routes, withMessage } from '../../../platform/routes.ts';
import { JOB_PRIORITY } from '../../../platform/jobs.ts';
import {
  engagementSettings,
  leadEngagement,
  leadFromEngagement,
  saveEngagementSettings,
  trackingReport,
} from './service.ts';

const tags = ['crm tracking'];

/**
 * Engagement in the CRM (docs/decisions/031, 032): a lead's browsing, the seller's report, the intent
 * rule's settings, and the delivery of `tracking.engaged` that links buyers to leads.
 */
export function registerEngagementRoutes(app: FastifyInstance) {
  const route = routes(app);
  app.events.on(
    'tracking.engaged',
    'crm.lead-from-engagement',
    async (event, { tx }) => {
      const joined = await leadFromEngagement(app.crm, tx, event);
      // The session's browsing counts towards the lead's score (decision 040).
      if (joined) {
        await app.events.emit(tx, 'lead.changed', {
          companyId: event.sellerCompanyId,
          leadId: joined.leadId,
          cause: 'engagement',
        });
      }
      return joined;
    },
    { priority: JOB_PRIORITY.rescoring },
  );

  route.get(
    '/crm/v1/crm/tracking/listing',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "A lead's engagement: sessions, pages, time on page, deepest scroll and clicks on the company's pages",
      querystring: trackingListingQuerySchema,
      data: trackingListingSchema,
    },
    async ({ request, member }) => {
      // This instance's events of the last moments are written first, so the seller sees them.
      await app.tracking.flush();
      return leadEngagement(app.db, member.companyId, request.query.lead_id);
    },
  );

  route.get(
    '/crm/v1/crm/tracking/report',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary:
        'Views, unique visitors, time on page and scroll depth per product and page, countries, top buyers, funnel',
      querystring: trackingReportQuerySchema,
      data: trackingReportSchema,
    },
    async ({ request, member }) => {
      await app.tracking.flush();
      return trackingReport(app.db, member.companyId, request.query);
    },
  );

  route.get(
    '/crm/v1/crm/tracking/settings',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'The intent rule: product pages in a session, or a click that asks, that make a lead',
      data: engagementSettingsSchema,
    },
    async ({ member }) => engagementSettings(app.db, member.companyId),
  );

  route.post(
    '/crm/v1/crm/tracking/settings',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: "Change the intent rule's thresholds",
      body: engagementSettingsSchema,
      data: engagementSettingsSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await saveEngagementSettings(tx, member.companyId, request.body), TRACKING_MESSAGES.settingsSaved),
  );
}
