import { z } from 'zod';
import { page } from './common.ts';

/** Background jobs as the platform operator sees them (docs/decisions/022). */

/** `discarded`: a failed job the operator gave up on (decision 049); it never runs again. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'discarded'] as const;
export const JOBS_PER_PAGE = 25;

export const JOB_MESSAGES = {
  retried: 'The job is queued again.',
  discarded: 'The job is discarded.',
  notFailed: 'There is no failed job with this id.',
  eventName: 'An event name is lower-case words joined by dots or underscores, such as quote.submitted.',
  company: 'A company is given by its id, a positive whole number.',
  queue: 'A queue name is at most 100 characters of letters, digits, dots, dashes, underscores and colons.',
  reason: 'Say in at most 500 characters why the job is discarded.',
} as const;

const idNumber = (message?: string) =>
  z.coerce.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const jobListQuerySchema = z.object({
  status: z.enum(JOB_STATUSES).default('failed'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(JOBS_PER_PAGE),
  /** Only deliveries of this event (`quote.submitted`). */
  event: z
    .string()
    .trim()
    .max(100, JOB_MESSAGES.eventName)
    .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, JOB_MESSAGES.eventName)
    .optional(),
  /** Only work of this company (the job's fairness key, decision 049). */
  company: idNumber(JOB_MESSAGES.company).optional(),
  /** Only this queue (`event:crm.lead-from-quote`, `mail.deliver`). */
  queue: z
    .string()
    .trim()
    .max(100, JOB_MESSAGES.queue)
    .regex(/^[A-Za-z0-9_.:-]+$/, JOB_MESSAGES.queue)
    .optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

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
  /** The company whose work it is (decision 049); null for the platform's own. */
  company_id: z.number().int().nullable(),
  priority: z.number().int(),
  /** Who discarded it, when it is discarded. */
  discarded_by: z.number().int().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobPageSchema = page(jobSchema);

export const jobDiscardBodySchema = z.object({
  reason: z.string().trim().max(500, JOB_MESSAGES.reason).optional(),
});

/** One queue as the operator's console shows it (decision 049). */
export const jobQueueSchema = z.object({
  queue: z.string(),
  priority: z.number().int(),
  /** Due now and waiting. */
  due: z.number().int(),
  /** Waiting for a later time (a retry's back-off, a delayed check). */
  later: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** Seconds the oldest due job has waited; null when none is due. */
  oldest_due_seconds: z.number().nullable(),
  /** Jobs finished in the last minute. */
  done_last_minute: z.number().int(),
  /** Jobs that failed for good in the last minute. */
  failed_last_minute: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;
export const jobQueueListSchema = z.array(jobQueueSchema);
