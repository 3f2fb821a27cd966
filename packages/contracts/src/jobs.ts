import { z } from 'zod';
import { page } from './common.ts';

/** Background jobs as the platform operator sees them (docs/decisions/022). */

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JOBS_PER_PAGE = 25;

export const JOB_MESSAGES = {
  retried: 'The job is queued again.',
  notFailed: 'There is no failed job with this id.',
} as const;

export const jobListQuerySchema = z.object({
  status: z.enum(JOB_STATUSES).default('failed'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(JOBS_PER_PAGE),
});

export const jobIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const jobSchema = z.object({
  id: z.number().int(),
  /** `event:<subscriber>` for an event's delivery; the job's own name otherwise. */
  queue: z.string(),
  key: z.string().nullable(),
  event_id: z.number().int().nullable(),
  event_name: z.string().nullable(),
  payload: z.unknown(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobPageSchema = page(jobSchema);
