import { z } from 'zod';

/*
 * The CRM's engagement feature (docs/decisions/032): a lead's browsing as the CRM shows it, the company's
 * engagement report and the intent rule that makes leads of it. What is tracked is the tracking contract's.
 */

export const trackingListingQuerySchema = z.object({ lead_id: z.coerce.number().int().positive() });

export const engagementClickSchema = z.object({ name: z.string(), url: z.string().nullable(), at: z.string() });
export const engagementPageSchema = z.object({
  page_id: z.string(),
  page_name: z.string().nullable(),
  page_url: z.string().nullable(),
  type: z.string().nullable(),
  product_id: z.number().nullable(),
  /** The product's full title (pre-title and name) when the page is one of the company's products. */
  product_name: z.string().nullable(),
  viewed_at: z.string(),
  /** Milliseconds, as last reported when the page was left or hidden; null while unknown. */
  time_on_page: z.number().nullable(),
  /** The greatest scroll threshold reached (25, 50, 75, 99), null when none. */
  deepest_scroll: z.number().nullable(),
  /** Every threshold reported, in order. */
  scrolls: z.array(z.number()),
  clicks: z.array(engagementClickSchema),
  /** Whether the visitor was signed in at the time (false: joined from the session on sign-in). */
  signed_in: z.boolean(),
});
export const engagementSessionSchema = z.object({
  session_id: z.string(),
  started_at: z.string(),
  last_seen_at: z.string(),
  pages: z.array(engagementPageSchema),
});
export const trackingListingSchema = z.object({
  lead_id: z.number(),
  sessions: z.array(engagementSessionSchema),
  totals: z.object({ sessions: z.number(), page_views: z.number(), time_on_page: z.number(), clicks: z.number() }),
});
export type TrackingListing = z.infer<typeof trackingListingSchema>;
export type EngagementPage = z.infer<typeof engagementPageSchema>;

export const trackingReportQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const pageFigures = {
  views: z.number(),
  unique_visitors: z.number(),
  avg_time_on_page: z.number().nullable(),
  avg_scroll: z.number().nullable(),
};
export const trackingReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ views: z.number(), unique_visitors: z.number(), sessions: z.number() }),
  daily: z.array(z.object({ day: z.string(), views: z.number(), unique_visitors: z.number() })),
  products: z.array(z.object({ product_id: z.number(), name: z.string().nullable(), ...pageFigures })),
  pages: z.array(z.object({ page_name: z.string(), ...pageFigures })),
  countries: z.array(z.object({ country: z.string(), visitors: z.number() })),
  top_buyers: z.array(
    z.object({
      user_id: z.number(),
      name: z.string().nullable(),
      views: z.number(),
      time_on_page: z.number(),
      clicks: z.number(),
    }),
  ),
  funnel: z.object({ product_views: z.number(), quote_modal_opened: z.number(), quote_sent: z.number() }),
  /** Spec section 3 statistics over every lead that browsed (all time): seconds and page views per lead. */
  statistics: z.object({ avg_time_spend_lead: z.number(), avg_page_view_per_lead: z.number() }),
});
export type TrackingReport = z.infer<typeof trackingReportSchema>;

/** The intent rule's thresholds, a company setting (decision 032). */
export const ENGAGEMENT_DEFAULTS = { product_views: 3, intent_clicks: true, enabled: true } as const;
export const engagementSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Distinct product pages of the company viewed in one session that make a lead (2 to 50). */
  product_views: z.number().int().min(2).max(50),
  /** Whether a click on getQuoteButton or contact-seller without a quote or message makes a lead. */
  intent_clicks: z.boolean(),
});
export type EngagementSettings = z.infer<typeof engagementSettingsSchema>;

/** The lead source of leads made by the intent rule (an option of the lead form's lead_source field). */
export const ENGAGEMENT_LEAD_SOURCE = 'Marketplace Engagement';

/** What the engagement screens say of a visitor whose profile gives no country. */
export const COUNTRY_NOT_KNOWN = 'Not known';
