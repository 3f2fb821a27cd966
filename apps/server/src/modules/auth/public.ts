// The face of the auth module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { authRoutes } from './routes.ts';
export { socialRoutes } from './social-routes.ts';
