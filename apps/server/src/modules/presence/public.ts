// The face of the presence module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { followedCompanies, followerIdsOf, followersToAnnounce, followerToAnnounce, followState } from './followers.ts';
export { presenceRoutes } from './routes.ts';
export { socialAccounts } from './social.ts';
