// The face of the reviews module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadReviewsDemoData } from './demo-data.ts';
export { reviewsRoutes } from './routes.ts';
export { conversationReview, reviewNotice } from './service.ts';
