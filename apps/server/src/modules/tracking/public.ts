// The face of the tracking module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { trackingRoutes } from './routes.ts';
export {
  companyReport,
  engagementOf,
  engagementTotals,
  isBot,
  newTrackingId,
  scoringEngagement,
  sessionIntent,
  viewedProductIds,
  visitorsBetween,
} from './service.ts';
export { leadBrowsing, type LeadBrowsing } from './statistics.ts';
