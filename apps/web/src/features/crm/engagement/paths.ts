/** The seller's engagement report: views, visitors, time and scroll per product and page, the funnel. */
export const ENGAGEMENT_REPORT_PATH = '/crm/engagement';
