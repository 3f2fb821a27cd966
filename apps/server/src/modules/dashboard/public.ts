// The face of the dashboard module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { dashboardRoutes } from './routes.ts';
