import { z } from 'zod';
import { actorSchema, CRM_WORK_MESSAGES, recordTargetQuerySchema } from './records.ts';

/** A record's timeline (its history), the company's timeline, and activities logged by hand. */

const optionalId = z.coerce.number().int().positive().optional();

export const TIMELINE_KINDS = [
  'created',
  'field_changed',
  'status_changed',
  'assigned',
  'converted',
  'merged',
  'deleted',
  'restored',
  'thread_added',
  'task',
  'meeting',
  'call',
  'email_sent',
  'note',
  'file',
  'tag',
  'activity',
  'engagement',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_PAGE_SIZE = 50;

export const timelineEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(TIMELINE_KINDS),
  action: z.string(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor: actorSchema,
  created_at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineQuerySchema = recordTargetQuerySchema.extend({
  /** Entries older than this id (the next_cursor of the page before). */
  cursor: z.coerce.number().int().positive().optional(),
  per_page: z.coerce.number().int().min(1).max(200).default(TIMELINE_PAGE_SIZE),
  kind: z.enum(TIMELINE_KINDS).optional(),
});

export const timelinePageSchema = z.object({
  data: z.array(timelineEntrySchema),
  next_cursor: z.number().nullable(),
});

/** POST crm/activities/create: something that happened, logged by hand on a record. */
export const logActivityBodySchema = z.object({
  lead_id: optionalId,
  contact_id: optionalId,
  account_id: optionalId,
  deal_id: optionalId,
  summary: z.string().trim().min(1, CRM_WORK_MESSAGES.activityRequired).max(500),
});

export const companyTimelineQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  per_page: z.coerce.number().int().min(1).max(200).default(TIMELINE_PAGE_SIZE),
});

export const companyTimelineEntrySchema = timelineEntrySchema.extend({
  record: z.object({ id: z.number(), unique_id: z.string(), type_id: z.number(), title: z.string() }),
});
