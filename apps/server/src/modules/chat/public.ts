// The face of the chat module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadChatDemoData } from './demo-data.ts';
export { parseFields } from './multipart.ts';
export { conversationsWithCompany, ratableCompany } from './review-eligibility.ts';
export { findDirectRoom, recentRooms, unreadCounts } from './rooms.ts';
export { chatRoutes } from './routes.ts';
export { joinAsColleague } from './transfers.ts';
