import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES } from '@tradeloop/contracts/common';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createPublicReads, openReplica, type PublicReads } from './db/replica.ts';
import { loadReferenceData, referenceRoutes } from './modules/reference/public.ts';
import { registerAccessControl } from './platform/access.ts';
import { createEventBus, type EventBus } from './platform/events.ts';
import { createJobRunner, JOB_PRIORITY, pruneFinishedJobs, type JobRunner } from './platform/jobs.ts';
import { drillsFrom } from './platform/job-drills.ts';
import { registerErrorHandling, sendRouteNotFound } from './platform/http.ts';
import { registerSecurityHeaders } from './platform/headers.ts';
import { registerInputBoundary } from './platform/input.ts';
import { OneLinePerRequest, serializeRequest } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { createSmsSender, type SmsSender } from './platform/sms.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { registerDevInboxRoutes } from './platform/dev-inbox.ts';
import { createMetrics, registerHttpMetrics, type Metrics } from './platform/metrics.ts';
import { registerPageEffects } from './platform/page-effects.ts';
import { createRateLimiter, memoryStore, redisStore, type RateLimiter } from './platform/rate-limit.ts';
import { registerRealtime } from './platform/realtime.ts';
import { createStorage, registerUploads } from './platform/storage.ts';
import { createFileUrls, fileUrlSecret } from './platform/file-urls.ts';
import { registerHeadRenderers, registerWebApp } from './platform/web.ts';
import {
  accountsRoutes,
  auditRoutes,
  avatarRoutes,
  rolesRoutes,
  onboardingRoutes,
  passwordRoutes,
} from './modules/accounts/public.ts';
import { authRoutes, socialRoutes } from './modules/auth/public.ts';
import { catalogRoutes, categoryTree } from './modules/catalog/public.ts';
import { chatRoutes } from './modules/chat/public.ts';
import { createCrm, type CrmHooks, crmRoutes } from './modules/crm/public.ts';
import { marketRoutes } from './modules/market/public.ts';
import { notificationsRoutes } from './modules/notifications/public.ts';
import { presenceRoutes } from './modules/presence/public.ts';
import { promotionRoutes } from './modules/promotion/public.ts';
import { conversationReview, reviewsRoutes } from './modules/reviews/public.ts';
import { companyProfileRoutes, directoryRoutes } from './modules/company-profile/public.ts';
import { blogsRoutes } from './modules/blogs/public.ts';
import { sitePagesRoutes } from './modules/site-pages/public.ts';
import { quotesRoutes, quotesToday } from './modules/quotes/public.ts';
import { buyingRequestsRoutes } from './modules/buying-requests/public.ts';
import { ordersRoutes } from './modules/orders/public.ts';
import { statisticsRoutes } from './modules/statistics/public.ts';
import { dashboardRoutes } from './modules/dashboard/public.ts';
import { trackingRoutes } from './modules/tracking/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Public reads that tolerate lag: on the read replica when one is configured (decision 060). */
    publicReads: PublicReads;
    mailer: Mailer;
    sms: SmsSender;
    events: EventBus;
    jobs: JobRunner;
    rateLimiter: RateLimiter;
    metrics: Metrics;
    /** The CRM's hooks for this app (modules/crm/module.ts). */
    crm: CrmHooks;
  }
}

export type BuildOptions = {
  /** An already opened database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** A rate limiter of the caller's (the benchmark); otherwise one on Redis or in memory. */
  rateLimiter?: RateLimiter;
  /** How a wrong-password answer waits (decision 026); tests pass one that records the waits. */
  signinPause?: (ms: number) => Promise<void>;
  /** Prefix of the rate limiter's counters in Redis; instances that enforce one limit use the same one. */
  rateLimitKey?: string;
  /** Prefix of the real-time channels in Redis; instances that share events use the same one. */
  realtimeKey?: string;
  /** Prefix of the page cache's keys in Redis (decision 050); instances that share pages use the same one. */
  pageCacheKey?: string;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /**
   * Draw the demo products' missing pictures after the start (by default when DEMO_DATA is on); the
   * benchmark's server leaves them out so that drawing does not weigh on what it measures.
   */
  demoPictures?: boolean;
};

const PRUNE_JOBS_EVERY_MS = 60 * 60_000;

/** Builds the whole server: platform first, then the domain modules. Migrations run before it answers. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
      ...(options.logStream && { stream: options.logStream }),
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Platform
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  await database.migrate();
  await loadReferenceData(database.db);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const metrics = createMetrics(database, { sockets: () => app.realtime?.io.engine.clientsCount ?? 0 });
  app.decorate('metrics', metrics);
  registerHttpMetrics(app, metrics);
  const publicReads = createPublicReads({
    primary: database.db,
    replicas: config.databaseReplicaUrls.map(openReplica),
    log: app.log,
    answered: metrics.publicRead,
  });
  app.decorate('publicReads', publicReads);
  const jobs = createJobRunner({
    database,
    log: app.log,
    concurrency: config.jobConcurrency,
    batchSize: config.jobBatchSize,
    onSettled: metrics.jobSettled,
    drill: config.jobDrillsFile ? drillsFrom(config.jobDrillsFile) : undefined,
  });
  jobs.every('platform.prune-finished-jobs', PRUNE_JOBS_EVERY_MS, pruneFinishedJobs, {
    priority: JOB_PRIORITY.pruning,
  });
  app.decorate('jobs', jobs);
  app.decorate('events', createEventBus(jobs));
  app.decorate(
    'mailer',
    createMailer({ db: database.db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
  );
  app.decorate('sms', createSmsSender({ db: database.db, jobs, smsUrl: config.smsUrl, log: app.log }));
  app.decorate(
    'rateLimiter',
    options.rateLimiter ??
      createRateLimiter(config.redisUrl ? redisStore(config.redisUrl, options.rateLimitKey) : memoryStore()),
  );
  app.decorate('storage', await createStorage(config.dataDir));
  app.decorate('fileUrls', createFileUrls(await fileUrlSecret(config)));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Every module has defined its queues by the time the server is ready.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop({ graceMs: config.jobStopGraceMs });
    app.mailer.close();
    await app.rateLimiter.close();
    await publicReads.close();
    if (ownsDatabase) await database.close();
    await app.storage.close();
  });
  registerSecurityHeaders(app, { trustProxy: config.trustProxy });
  // Answers of 1 KB or more go out brotli- or gzip-compressed as the client accepts (decision 029);
  // a fast brotli level, as they are compressed for each request. Built files come precompressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerErrorHandling(app);
  registerInputBoundary(app);
  registerAccessControl(app);
  registerUploads(app);
  registerHeadRenderers(app);
  registerPageEffects(app);
  registerRealtime(app, { redisKey: options.realtimeKey });
  registerHealthRoutes(app);
  await registerOpenApi(app);
  registerDevInboxRoutes(app);

  // Modules
  await app.register(authRoutes, { pause: options.signinPause });
  await app.register(socialRoutes);
  await app.register(accountsRoutes);
  await app.register(rolesRoutes);
  await app.register(auditRoutes);
  await app.register(directoryRoutes);
  await app.register(onboardingRoutes, { knownCategories: categoryTree });
  await app.register(passwordRoutes);
  await app.register(avatarRoutes);
  await app.register(referenceRoutes);
  await app.register(catalogRoutes);
  await app.register(chatRoutes, { conversationReview });
  await app.register(trackingRoutes);
  app.decorate('crm', createCrm(app));
  await app.register(crmRoutes);
  await app.register(statisticsRoutes);
  await app.register(dashboardRoutes);
  await app.register(marketRoutes, { demoPictures: options.demoPictures ?? config.demoData, quotesToday });
  await app.register(quotesRoutes);
  await app.register(buyingRequestsRoutes);
  await app.register(ordersRoutes);
  await app.register(notificationsRoutes);
  await app.register(presenceRoutes);
  await app.register(promotionRoutes, { demoPictures: options.demoPictures ?? config.demoData });
  await app.register(reviewsRoutes);
  await app.register(companyProfileRoutes, { demoPictures: options.demoPictures ?? config.demoData });
  await app.register(blogsRoutes, { demoPictures: options.demoPictures ?? config.demoData });
  await app.register(sitePagesRoutes);

  // The web app on the same origin; API paths that match nothing answer the JSON 404.
  if (fs.existsSync(config.webDist)) await registerWebApp(app, config.webDist, { pageCacheKey: options.pageCacheKey });
  else {
    app.decorate('pageCache', null);
    app.setNotFoundHandler((_request, reply) => sendRouteNotFound(reply));
  }
  return app;
}
