// The face of the blogs module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { ensureDemoBlogCovers, loadBlogsDemoData } from './demo-data.ts';
export { cleanPostHtml } from './html.ts';
export { blogsRoutes } from './routes.ts';
export { postToAnnounce, publishedPostCount, publishedPostPaths, recentPostsOf } from './service.ts';
