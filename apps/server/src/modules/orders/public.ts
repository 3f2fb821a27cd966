// The face of the orders module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { ordersRoutes } from './routes.ts';
export { orderFigures } from './service.ts';
