import type { FastifyInstance } from 'fastify';
import {
  JOB_MESSAGES,
  jobDiscardBodySchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobPageSchema,
  jobQueueListSchema,
} from '@tradeloop/contracts/jobs';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { forbidden, notFound, unauthenticated } from '../../platform/errors.ts';
import { carriesMetricsToken } from '../../platform/metrics.ts';
import { resolveSession } from '../../platform/sessions.ts';
import { discardJob, listJobs, queueFigures, retryJob } from '../../platform/jobs.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { isOperator, requireOperator } from './rates.ts';

const tags = ['market: operator'];

/**
 * The platform operator's view of background work (docs/decisions/022): event deliveries and jobs by
 * state, each with its last error, and "retry" for one that failed for good.
 */
export async function operatorJobRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/api/v1/operator/jobs',
    {
      access: 'user',
      tags,
      summary:
        'Background jobs in one state (failed by default), newest first, by event name, company or queue; platform operator only',
      querystring: jobListQuerySchema,
      data: jobPageSchema,
    },
    async ({ request, user }) => {
      await requireOperator(app.db, user.id);
      const { status, page, per_page: perPage, event, company, queue } = request.query;
      const { rows, total } = await listJobs(app.db, { status, event, company, queue }, page, perPage);
      return { data: rows, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)), perPage, total };
    },
  );

  route.get(
    '/api/v1/operator/jobs/queues',
    {
      access: 'user',
      tags,
      summary:
        'Each queue: jobs due, waiting for later, running and failed, the oldest due job’s wait, and the last minute’s rate; platform operator only',
      data: jobQueueListSchema,
    },
    async ({ user }) => {
      await requireOperator(app.db, user.id);
      return queueFigures(app.db);
    },
  );

  route.post(
    '/api/v1/operator/jobs/discard/:id',
    {
      access: 'user',
      tags,
      summary: 'Give up on a failed job for good; the job records who discarded it and when; platform operator only',
      params: jobIdParamsSchema,
      body: jobDiscardBodySchema,
      data: jobIdParamsSchema,
    },
    async ({ request, user }) => {
      await requireOperator(app.db, user.id);
      if (!(await discardJob(app.db, request.params.id, user.id))) throw notFound(JOB_MESSAGES.notFailed);
      request.log.info({ jobId: request.params.id, operatorId: user.id, reason: request.body.reason }, 'job discarded');
      return withMessage({ id: request.params.id }, JOB_MESSAGES.discarded);
    },
  );

  route.post(
    '/api/v1/operator/jobs/retry/:id',
    {
      access: 'user',
      tags,
      summary: 'Queue a failed job again with fresh attempts; platform operator only',
      params: jobIdParamsSchema,
      data: jobIdParamsSchema,
    },
    async ({ request, user }) => {
      await requireOperator(app.db, user.id);
      if (!(await retryJob(app.db, request.params.id))) throw notFound(JOB_MESSAGES.notFailed);
      return withMessage({ id: request.params.id }, JOB_MESSAGES.retried);
    },
  );

  // Prometheus's scrape (docs/decisions/049): the METRICS_TOKEN as a bearer token, or a platform operator's
  // session. Outside /api/: a scraper expects the bare path and the text format, not the API's envelope.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    if (!carriesMetricsToken(header, app.config.metricsToken)) {
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const user = token && token.length <= 200 ? await resolveSession(app.db, token) : null;
      if (!user) throw unauthenticated(SERVER_MESSAGES.unauthenticated);
      if (!(await isOperator(app.db, user.id))) throw forbidden();
    }
    const text = await app.metrics.registry.metrics();
    return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
