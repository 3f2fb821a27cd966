// The face of the site-pages module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { sitePagesRoutes } from './routes.ts';
