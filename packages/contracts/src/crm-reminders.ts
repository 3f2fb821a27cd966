import { z } from 'zod';
import { isTimeZone, PROFILE_MESSAGES } from './accounts.ts';
import { recordRefSchema } from './crm.ts';

/**
 * Reminders (spec sections 4 and 7: GET reminder/index split into previous and today's, meetings
 * likewise), the reminder bell and "My day". How the split and delivery work: docs/decisions/018.
 */

export const REMINDER_STATUSES = ['pending', 'sent', 'dismissed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export const REMINDER_TITLE_MAX = 200;

export const REMINDER_LIMITS = {
  /** Previous (on or before yesterday) reminders and meetings listed, newest first. */
  previous: 100,
  /** Days after today whose pending reminders are listed as upcoming. */
  upcomingDays: 7,
} as const;

/** How often the web app asks for the bell's count. */
export const REMINDER_COUNT_POLL_MS = 60_000;

export const REMINDER_MESSAGES = {
  titleRequired: 'Please enter what to be reminded of',
  titleTooLong: `A reminder may have at most ${REMINDER_TITLE_MAX} characters`,
  remindAtRequired: 'Please choose when to be reminded',
  saved: 'Reminder saved.',
  dismissed: 'Reminder dismissed.',
  deleted: 'Reminder deleted.',
} as const;

const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();
const isoTime = z.string();

export const reminderActivitySchema = z.object({
  id: z.number(),
  kind: z.enum(['task', 'meeting', 'call']),
  subject: z.string(),
});

export const reminderSchema = z.object({
  id: z.number(),
  title: z.string(),
  remind_at: isoTime,
  status: z.enum(REMINDER_STATUSES),
  sent_at: isoTime.nullable(),
  /** The record it is about, when it is about one (and that record is not in the trash). */
  record: recordRefSchema.nullable(),
  /** The task, meeting or call that set it, if any. */
  activity: reminderActivitySchema.nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderMeetingSchema = z.object({
  id: z.number(),
  unique_id: z.string(),
  subject: z.string(),
  status: z.string(),
  starts_at: isoTime,
  ends_at: isoTime.nullable(),
  all_day: z.boolean(),
  location: z.string().nullable(),
  meeting_link: z.string().nullable(),
  completed_at: isoTime.nullable(),
  record: recordRefSchema.nullable(),
});
export type ReminderMeeting = z.infer<typeof reminderMeetingSchema>;

/** `tz` states the zone the caller shows times in (the browser's); without it the profile's, else UTC. */
export const reminderIndexQuerySchema = z.object({
  tz: z.string().refine(isTimeZone, PROFILE_MESSAGES.invalidTimeZone).optional(),
});

export const reminderIndexSchema = z.object({
  /** The zone the days were counted in, and where today begins and ends in it. */
  time_zone: z.string(),
  today_starts_at: isoTime,
  today_ends_at: isoTime,
  /** Due on or before yesterday and not dismissed, newest first. */
  previous: z.array(reminderSchema),
  /** Due today (earlier or later), not dismissed, in time order. */
  today: z.array(reminderSchema),
  /** Pending reminders of the next REMINDER_LIMITS.upcomingDays days, in time order. */
  upcoming: z.array(reminderSchema),
  /** The caller's meetings (owned or taking part): before today newest first, and today's in time order. */
  meetings: z.object({ previous: z.array(reminderMeetingSchema), today: z.array(reminderMeetingSchema) }),
});
export type ReminderIndex = z.infer<typeof reminderIndexSchema>;

/** POST reminder/store: a reminder by hand, optionally on one record. A time already past is delivered at once. */
export const storeReminderBodySchema = z.object({
  title: z
    .string({ error: REMINDER_MESSAGES.titleRequired })
    .trim()
    .min(1, REMINDER_MESSAGES.titleRequired)
    .max(REMINDER_TITLE_MAX, REMINDER_MESSAGES.titleTooLong),
  remind_at: z.iso.datetime({ offset: true, error: REMINDER_MESSAGES.remindAtRequired }),
  lead_id: optionalId,
  contact_id: optionalId,
  account_id: optionalId,
  deal_id: optionalId,
});
export type StoreReminderBody = z.infer<typeof storeReminderBodySchema>;

/** Due reminders not yet dismissed (delivered or still on their way): the bell's badge. */
export const reminderCountSchema = z.object({ count: z.number().int() });

export const reminderDestroyedSchema = z.object({ id: z.number() });
