// The face of the notifications module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { notificationsRoutes } from './routes.ts';
export { createNotification, createNotifications, notificationsTitled } from './service.ts';
