import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  TRACKING_LIMITS,
  clickEventBodySchema,
  createClickTrackingBodySchema,
  createScrollTrackingBodySchema,
  pageViewBodySchema,
  pageVisitBodySchema,
  scrollEventBodySchema,
  sessionStartBodySchema,
  trackingAcceptedSchema,
  trackingIdSchema,
} from '@tradeloop/contracts/tracking';
import { routes } from '../../platform/routes.ts';
import { createTrackingIngest, type TrackingIngest, type TrackingRow } from './ingest.ts';
import {
  clickRows,
  isBot,
  newTrackingId,
  optedOut,
  pageViewRows,
  pageVisitRows,
  scrollRows,
  sessionStartRows,
  type Visit,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tracking: TrackingIngest;
  }
}

/**
 * What every tracking call declares: public, bounded bodies, and its own log level `warn` (decision 036):
 * at thousands of calls a second the two info lines per request cost more than the call; refusals
 * (422, 429) are counted by the limits and errors are still logged.
 */
const declared = {
  access: 'public' as const,
  tags: ['tracking'],
  bodyLimit: 64 * 1024,
  logLevel: 'warn' as const,
};
const MINUTE = 60_000;

/**
 * The seven tracking calls (spec section 7, docs/decisions/031). Anyone may call them; a bearer token
 * names the visitor. Each validates a bounded body, counts against limits per session and per address,
 * and hands rows to the process's buffer: it answers without waiting on the database. Known bots and
 * callers sending Do Not Track or Global Privacy Control get the same answer and nothing is stored.
 */
export const trackingRoutes = fp(registerTrackingRoutes, { name: 'tracking' });

async function registerTrackingRoutes(app: FastifyInstance) {
  const ingest = createTrackingIngest({ db: app.db, events: app.events, log: app.log });
  app.decorate('tracking', ingest);
  app.addHook('preClose', () => ingest.stop());
  const route = routes(app);

  /** The visit's facts when its events are to be kept, after the limits; null for a bot or an opt-out. */
  async function admit(request: FastifyRequest, sessionId: string): Promise<Visit | null> {
    const userAgent = request.headers['user-agent'];
    if (isBot(userAgent) || optedOut(request.headers)) return null;
    await app.rateLimiter.consume('tracking', MINUTE, [
      { key: `session:${sessionId}`, limit: TRACKING_LIMITS.perSessionPerMinute },
      { key: `ip:${request.ip}`, limit: TRACKING_LIMITS.perAddressPerMinute },
    ]);
    return { userId: request.user?.id ?? null, ip: request.ip, userAgent: userAgent! };
  }

  async function take(request: FastifyRequest, sessionId: string, rowsOf: (visit: Visit) => TrackingRow[]) {
    const visit = await admit(request, sessionId);
    if (!visit) return { accepted: 0 };
    const rows = rowsOf(visit);
    ingest.add(rows);
    return { accepted: rows.length };
  }

  route.post(
    '/api/v1/auth/tracking-page-views',
    {
      ...declared,
      summary: 'Record a page view and answer its tracking id; with only_update, the time on page of view page_id',
      body: pageViewBodySchema,
      data: trackingIdSchema,
    },
    async ({ request }) => {
      const visit = await admit(request, request.body.session_id);
      if (!visit) return { tracking_id: request.body.page_id ?? newTrackingId() };
      const { trackingId, rows } = pageViewRows(request.body, visit);
      ingest.add(rows);
      return { tracking_id: trackingId };
    },
  );

  route.post(
    '/api/v1/auth/tracking-click-events',
    {
      ...declared,
      summary: 'Record a click on a tracked element (spec section 5 names, matched partially)',
      body: clickEventBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) =>
      take(request, request.body.session_id, (visit) => clickRows(request.body.session_id, [request.body], visit)),
  );

  route.post(
    '/api/v1/auth/tracking-scroll-events',
    {
      ...declared,
      summary: 'Record a scroll threshold reached on a page (25, 50, 75 or 99 percent)',
      body: scrollEventBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) =>
      take(request, request.body.session_id, (visit) => scrollRows(request.body.session_id, [request.body], visit)),
  );

  route.post(
    '/api/v1/session-start',
    {
      ...declared,
      summary: 'Record the start of a browser session (a new id after 5 minutes without activity)',
      body: sessionStartBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) => take(request, request.body.session_id, (visit) => sessionStartRows(request.body, visit)),
  );

  route.post(
    '/api/v1/page-visit',
    {
      ...declared,
      summary: "A page left or hidden: its time on page and the clicks and scrolls not sent yet (the tracker's beacon)",
      body: pageVisitBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) => take(request, request.body.session_id, (visit) => pageVisitRows(request.body, visit)),
  );

  route.post(
    '/api/v1/create-click-tracking',
    {
      ...declared,
      summary: 'Record several clicks of one session (at most 50)',
      body: createClickTrackingBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) =>
      take(request, request.body.session_id, (visit) => clickRows(request.body.session_id, request.body.events, visit)),
  );

  route.post(
    '/api/v1/create-scroll-tracking',
    {
      ...declared,
      summary: 'Record several scroll thresholds of one session (at most 50)',
      body: createScrollTrackingBodySchema,
      data: trackingAcceptedSchema,
    },
    async ({ request }) =>
      take(request, request.body.session_id, (visit) =>
        scrollRows(request.body.session_id, request.body.events, visit),
      ),
  );
}
