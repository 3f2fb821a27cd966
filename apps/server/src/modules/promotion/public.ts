// The face of the promotion module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadPromotionDemoData } from './demo-data.ts';
export { promotionRoutes } from './routes.ts';
