import { buildApp } from '../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../apps/server/src/config.ts';
import { createRateLimiter, uncountedStore } from '../apps/server/src/platform/rate-limit.ts';
import { loadDemoData } from '../apps/server/src/db/demo-data.ts';

/**
 * Child process of a benchmark: one TradeLoop server on DATABASE_URL with rate limits off (the
 * load comes from one address). Prints "ready <address>" once it listens; SIGTERM
 * closes it. BENCH_SEED names a data set to build first (see below).
 */
const config = loadConfig({
  DATA_DIR: IN_MEMORY,
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // The server-rendering bench (scenarios/ssr.ts) browses the demo marketplace.
  DEMO_DATA: process.env.BENCH_DEMO_DATA ?? 'false',
  // The page cache (decision 050): PAGE_CACHE=false for the cold figures; REDIS_URL shares it between instances.
  PAGE_CACHE: process.env.PAGE_CACHE || undefined,
  PAGE_CACHE_BYTES: process.env.PAGE_CACHE_BYTES,
  REDIS_URL: process.env.REDIS_URL ?? '',
});
const app = await buildApp(config, {
  rateLimiter: createRateLimiter(uncountedStore()),
  demoPictures: false,
  pageCacheKey: process.env.PAGE_CACHE_KEY,
});
if (config.demoData) await loadDemoData(app.crm, app.db);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
// BENCH_SEED=mini-site: the mini-site bench's seller (scenarios/mini-site-data.ts), built before "ready".
if (process.env.BENCH_SEED === 'mini-site') {
  const { seedMiniSite } = await import('./scenarios/mini-site-data.ts');
  process.stdout.write(`seeded ${JSON.stringify(await seedMiniSite(app, address))}\n`);
}
process.stdout.write(`ready ${address}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
