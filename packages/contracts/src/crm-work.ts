import { z } from 'zod';
import { CRM_TYPE, type RecordTypeId } from './crm.ts';

/**
 * What the CRM work calls share: how a call names the record it works on, and the record's
 * timeline (its history). Activities, e-mails, notes, files, tags, statuses and threads have
 * contracts of their own beside this one.
 */

export const CRM_WORK_MESSAGES = {
  recordRequired: 'Choose a lead, contact, account or deal',
  activityRequired: 'Please describe the activity',
} as const;

const optionalId = z.coerce.number().int().positive().optional();

/** One of lead_id, contact_id, account_id or deal_id (spec: crm/activities/list), plus type_id. */
export const recordTargetQuerySchema = z.object({
  lead_id: optionalId,
  contact_id: optionalId,
  account_id: optionalId,
  deal_id: optionalId,
  type_id: z.coerce.number().int().optional(),
});
export type RecordTargetQuery = z.infer<typeof recordTargetQuerySchema>;

/** The record a target names, and the type it must have. */
export function targetOf(query: RecordTargetQuery): { id: number; typeId: RecordTypeId } | null {
  if (query.lead_id) return { id: query.lead_id, typeId: CRM_TYPE.leads };
  if (query.contact_id) return { id: query.contact_id, typeId: CRM_TYPE.contacts };
  if (query.account_id) return { id: query.account_id, typeId: CRM_TYPE.accounts };
  if (query.deal_id) return { id: query.deal_id, typeId: CRM_TYPE.deals };
  return null;
}

export const TIMELINE_KINDS = [
  'created',
  'field_changed',
  'status_changed',
  'assigned',
  'converted',
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

export const actorSchema = z.object({ id: z.number(), full_name: z.string() }).nullable();

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
