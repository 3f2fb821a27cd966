import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import { JOB_MESSAGES, jobIdParamsSchema, jobListQuerySchema, jobPageSchema } from '@tradeloop/contracts/jobs';
import { caller } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { listJobs, retryJob } from '../../platform/jobs.ts';
import { requireOperator } from './rates.ts';

const tags = ['market: operator'];
const operator = { access: 'user' as const };

/**
 * The platform operator's view of background work (docs/decisions/022): event deliveries and jobs by
 * state, each with its last error, and "retry" for one that failed for good.
 */
export async function operatorJobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/operator/jobs',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Background jobs in one state (failed by default), newest first; platform operator only',
        querystring: jobListQuerySchema,
        response: { 200: envelope(jobPageSchema) },
      },
    },
    async (request) => {
      await requireOperator(app.db, caller(request).id);
      const { status, page, per_page: perPage } = request.query;
      const { rows, total } = await listJobs(app.db, status, page, perPage);
      return ok({ data: rows, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)), perPage, total });
    },
  );

  app.post(
    '/api/v1/operator/jobs/retry/:id',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Queue a failed job again with fresh attempts; platform operator only',
        params: jobIdParamsSchema,
        response: { 200: envelope(jobIdParamsSchema) },
      },
    },
    async (request) => {
      await requireOperator(app.db, caller(request).id);
      if (!(await retryJob(app.db, request.params.id))) throw notFound(JOB_MESSAGES.notFailed);
      return ok({ id: request.params.id }, JOB_MESSAGES.retried);
    },
  );
}
