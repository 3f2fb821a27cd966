// The face of the buying-requests module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { buyingRequestsRoutes } from './routes.ts';
export { requestForSupplier } from './service.ts';
