import { z } from 'zod';
import { isTimeZone as isProfileTimeZone, PROFILE_MESSAGES } from '../accounts.ts';
import { page, PAGE_SIZES } from '../common.ts';
import { CRM_MESSAGES, idSchema, recordRefSchema, recordTargetQuerySchema, userRefSchema } from './records.ts';

/**
 * Tasks, meetings and calls: the activities of a record (list types 5, 6 and 7), their calls
 * under crm/task_information, crm/meeting_information and crm/call_information, the per-record
 * lists, the calendar range (all-call-task-meeting) and the activity board by category.
 */

export const ACTIVITY_KINDS = ['task', 'meeting', 'call'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Each kind: its list type id (spec section 3), its names and the path of its calls. */
export const ACTIVITY_TYPES = {
  task: { typeId: 5, singular: 'Task', plural: 'Tasks', path: 'crm/task_information' },
  meeting: { typeId: 6, singular: 'Meeting', plural: 'Meetings', path: 'crm/meeting_information' },
  call: { typeId: 7, singular: 'Call', plural: 'Calls', path: 'crm/call_information' },
} as const satisfies Record<ActivityKind, { typeId: number; singular: string; plural: string; path: string }>;

export const TASK_STATUSES = ['not_started', 'in_progress', 'waiting', 'completed', 'deferred'] as const;
export const MEETING_STATUSES = ['scheduled', 'held', 'cancelled'] as const;
export const CALL_STATUSES = ['scheduled', 'completed', 'missed'] as const;
export const ACTIVITY_STATUSES = {
  task: TASK_STATUSES,
  meeting: MEETING_STATUSES,
  call: CALL_STATUSES,
} as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[ActivityKind][number];

/** The status an activity gets when none is given (a call in the past is logged as completed). */
export const DEFAULT_STATUS = { task: 'not_started', meeting: 'scheduled', call: 'scheduled' } as const;

/** Statuses that finish an activity: completed_at is set, its pending reminder is dropped. */
export const DONE_STATUSES: Record<ActivityKind, readonly ActivityStatus[]> = {
  task: ['completed'],
  meeting: ['held', 'cancelled'],
  call: ['completed', 'missed'],
};
export const isDone = (kind: ActivityKind, status: string) =>
  (DONE_STATUSES[kind] as readonly string[]).includes(status);

export const STATUS_LABELS: Record<ActivityStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  waiting: 'Waiting',
  completed: 'Completed',
  deferred: 'Deferred',
  scheduled: 'Scheduled',
  held: 'Held',
  cancelled: 'Cancelled',
  missed: 'Missed',
};
export const STATUS_COLOURS: Record<ActivityStatus, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  waiting: 'yellow',
  completed: 'green',
  deferred: 'grape',
  scheduled: 'blue',
  held: 'green',
  cancelled: 'red',
  missed: 'orange',
};

export const PRIORITIES = ['low', 'normal', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const CALL_DIRECTION_LABELS: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };
/** Suggestions for a call's outcome; any short text is accepted. */
export const CALL_OUTCOMES = [
  'Interested',
  'Not interested',
  'Call back later',
  'Left voicemail',
  'No answer',
  'Wrong number',
] as const;

/** Reminder choices of the form: minutes before the due or start time (null: none, 0: at the time). */
export const REMINDER_OPTIONS = [
  { value: 'none', label: 'No reminder', minutes: null },
  { value: '0', label: 'At the time', minutes: 0 },
  { value: '15', label: '15 minutes before', minutes: 15 },
  { value: '60', label: '1 hour before', minutes: 60 },
  { value: '1440', label: '1 day before', minutes: 1440 },
] as const;

export const ACTIVITY_LIMITS = {
  subject: 200,
  description: 5000,
  location: 300,
  link: 500,
  outcome: 200,
  participants: 50,
  durationSeconds: 86_400,
  /** all-call-task-meeting: the longest range and the most items it answers. */
  rangeDays: 366,
  rangeItems: 2000,
  /** GET …/list and the per-record lists: the most activities of one record they answer. */
  recordItems: 500,
  /** …/activity/bycategory: the newest this many of each category. */
  categoryItems: 50,
  query: 200,
} as const;

export const ACTIVITY_MESSAGES = {
  subjectRequired: 'Please enter subject',
  subjectTooLong: `Subject can be at most ${ACTIVITY_LIMITS.subject} characters`,
  descriptionTooLong: `Description can be at most ${ACTIVITY_LIMITS.description} characters`,
  dueInvalid: 'Please enter a valid due date',
  startRequired: 'Please select start time',
  startInvalid: 'Please enter a valid start time',
  endRequired: 'Please select end time',
  endInvalid: 'Please enter a valid end time',
  endBeforeStart: 'End time must be after start time',
  callTimeRequired: 'Please select call time',
  reminderInvalid: 'Please enter a valid reminder time',
  priorityInvalid: 'Priority must be low, normal or high',
  statusInvalid: (kind: ActivityKind) =>
    `Status of a ${kind} must be one of: ${ACTIVITY_STATUSES[kind].map((status) => STATUS_LABELS[status]).join(', ')}`,
  directionInvalid: 'Direction must be inbound or outbound',
  durationInvalid: 'Duration must be a whole number of seconds, at most 24 hours',
  outcomeTooLong: `Outcome can be at most ${ACTIVITY_LIMITS.outcome} characters`,
  locationTooLong: `Location can be at most ${ACTIVITY_LIMITS.location} characters`,
  linkInvalid: 'Please enter a valid meeting link (https://…)',
  participantInvalid: 'Each participant must be a user of your company or an e-mail address',
  participantEmailInvalid: 'Please enter a valid e-mail address for each participant',
  tooManyParticipants: `A meeting can have at most ${ACTIVITY_LIMITS.participants} participants`,
  ownerNotUser: CRM_MESSAGES.notUser('Owner'),
  timeZoneInvalid: 'Unknown time zone',
  rangeInvalid: 'The end of the range must be after its start',
  rangeTooLong: `A range can span at most ${ACTIVITY_LIMITS.rangeDays} days`,
  kindsInvalid: 'kinds must list task, meeting or call, separated by commas',
  dateInvalid: 'Please enter a valid date',
  saved: (kind: ActivityKind, created: boolean) =>
    `${ACTIVITY_TYPES[kind].singular} ${created ? 'created' : 'updated'} successfully`,
  deleted: (kind: ActivityKind) => `${ACTIVITY_TYPES[kind].singular} deleted successfully`,
  taskCompleted: 'Task completed',
  taskReopened: 'Task reopened',
} as const;

/** True for an IANA time zone name the runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// ── requests ─────────────────────────────────────────────────────────────────────────────────

const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });
const text = (max: number, message: string) => z.string().trim().max(max, message);
/** lead_id, contact_id, account_id or deal_id: the record an activity belongs to. */
const targetFields = recordTargetQuerySchema.omit({ type_id: true }).shape;

/**
 * Fields every activity takes. On create every field the kind needs must be there; with an id
 * (create carrying an id, or update/{id}) only the fields sent change.
 */
const activityBodyBase = z.object({
  /** Present: update this activity instead of creating one (spec section 4). */
  id: idSchema.optional(),
  /** The record the activity belongs to: one of these, or none. */
  ...targetFields,
  subject: text(ACTIVITY_LIMITS.subject, ACTIVITY_MESSAGES.subjectTooLong).optional(),
  description: text(ACTIVITY_LIMITS.description, ACTIVITY_MESSAGES.descriptionTooLong).nullish(),
  /** A user of the company; the caller when absent on create. */
  owner_id: idSchema.nullish(),
  /** When the owner is reminded; null takes the reminder away. */
  reminder_at: dateTime(ACTIVITY_MESSAGES.reminderInvalid).nullish(),
  /** The caller's IANA time zone, for the times written in history lines and invitations (UTC if absent). */
  time_zone: z.string().max(64).refine(isTimeZone, ACTIVITY_MESSAGES.timeZoneInvalid).optional(),
});

export const taskBodySchema = activityBodyBase.extend({
  due_at: dateTime(ACTIVITY_MESSAGES.dueInvalid).nullish(),
  priority: z.enum(PRIORITIES, { error: ACTIVITY_MESSAGES.priorityInvalid }).optional(),
  status: z.enum(TASK_STATUSES, { error: ACTIVITY_MESSAGES.statusInvalid('task') }).optional(),
});

/** A participant: a user of the company (by id) or anyone by e-mail address. */
export const participantInputSchema = z.union(
  [
    z.object({ user_id: idSchema }),
    z.object({
      email: z.email({ error: ACTIVITY_MESSAGES.participantEmailInvalid }).max(254),
      name: z.string().trim().max(120).nullish(),
    }),
  ],
  { error: ACTIVITY_MESSAGES.participantInvalid },
);
export type ParticipantInput = z.infer<typeof participantInputSchema>;

/**
 * All-day meetings: starts_at and ends_at name days by their UTC date (the form sends midnight UTC
 * of the chosen days); ends_at is the last day of the meeting, so a one-day meeting has both equal.
 */
export const meetingBodySchema = activityBodyBase.extend({
  starts_at: dateTime(ACTIVITY_MESSAGES.startInvalid).nullish(),
  ends_at: dateTime(ACTIVITY_MESSAGES.endInvalid).nullish(),
  all_day: z.boolean().optional(),
  location: text(ACTIVITY_LIMITS.location, ACTIVITY_MESSAGES.locationTooLong).nullish(),
  meeting_link: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: ACTIVITY_MESSAGES.linkInvalid })])
    .nullish(),
  participants: z
    .array(participantInputSchema)
    .max(ACTIVITY_LIMITS.participants, ACTIVITY_MESSAGES.tooManyParticipants)
    .optional(),
  status: z.enum(MEETING_STATUSES, { error: ACTIVITY_MESSAGES.statusInvalid('meeting') }).optional(),
});

export const callBodySchema = activityBodyBase.extend({
  starts_at: dateTime(ACTIVITY_MESSAGES.startInvalid).nullish(),
  call_direction: z.enum(CALL_DIRECTIONS, { error: ACTIVITY_MESSAGES.directionInvalid }).optional(),
  duration_seconds: z
    .number({ error: ACTIVITY_MESSAGES.durationInvalid })
    .int(ACTIVITY_MESSAGES.durationInvalid)
    .min(0, ACTIVITY_MESSAGES.durationInvalid)
    .max(ACTIVITY_LIMITS.durationSeconds, ACTIVITY_MESSAGES.durationInvalid)
    .nullish(),
  outcome: text(ACTIVITY_LIMITS.outcome, ACTIVITY_MESSAGES.outcomeTooLong).nullish(),
  status: z.enum(CALL_STATUSES, { error: ACTIVITY_MESSAGES.statusInvalid('call') }).optional(),
});

export const ACTIVITY_BODY_SCHEMAS = { task: taskBodySchema, meeting: meetingBodySchema, call: callBodySchema };
export type TaskBody = z.input<typeof taskBodySchema>;
export type MeetingBody = z.input<typeof meetingBodySchema>;
export type CallBody = z.input<typeof callBodySchema>;
export type ActivityBody = TaskBody | MeetingBody | CallBody;
/** Every field of any kind, as the service reads a parsed body. */
export type ActivityInput = z.output<typeof activityBodyBase> &
  Partial<Omit<z.output<typeof taskBodySchema>, keyof z.output<typeof activityBodyBase>>> &
  Partial<Omit<z.output<typeof meetingBodySchema>, keyof z.output<typeof activityBodyBase> | 'status'>> &
  Partial<Omit<z.output<typeof callBodySchema>, keyof z.output<typeof activityBodyBase> | 'status'>> & {
    status?: ActivityStatus;
  };

/** A date (YYYY-MM-DD, the whole UTC day) or a date and time. */
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: ACTIVITY_MESSAGES.dateInvalid,
});

/** POST …/index: a page of the company's activities of one kind, newest due or start first. */
export const activityIndexBodySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZES.activityIndex).default(PAGE_SIZES.activityIndex),
  /** One status or several. */
  status: z.union([z.string().max(40), z.array(z.string().max(40)).max(10)]).optional(),
  owner_id: idSchema.optional(),
  ...targetFields,
  /** Due (tasks) or start (meetings, calls) on or after `from` and before the end of `to`. */
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  /** Words in the subject. */
  query: z.string().trim().max(ACTIVITY_LIMITS.query).optional(),
});
export type ActivityIndexBody = z.input<typeof activityIndexBodySchema>;
export type ActivityIndexRequest = z.output<typeof activityIndexBodySchema>;

/** GET …/list: one record's activities of a kind. */
export const recordActivitiesQuerySchema = recordTargetQuerySchema;

/** GET crm/task_information/all-call-task-meeting: the calendar of a range. */
export const activityRangeQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: ACTIVITY_MESSAGES.startInvalid }),
    to: z.iso.datetime({ offset: true, error: ACTIVITY_MESSAGES.endInvalid }),
    owner_id: z.coerce.number().int().positive().optional(),
    /** task, meeting and/or call, separated by commas; all three when absent. */
    kinds: z
      .string()
      .max(40)
      .transform((value) => value.split(',').map((part) => part.trim()))
      .pipe(z.array(z.enum(ACTIVITY_KINDS)).min(1))
      .optional()
      .describe('task, meeting and/or call, separated by commas'),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    error: ACTIVITY_MESSAGES.rangeInvalid,
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= ACTIVITY_LIMITS.rangeDays * 86_400_000, {
    path: ['to'],
    error: ACTIVITY_MESSAGES.rangeTooLong,
  });
export type ActivityRangeQuery = z.input<typeof activityRangeQuerySchema>;

export const activityShowQuerySchema = z.object({ id: idSchema });

/** DELETE …/destroy/{id}: the caller's time zone, for the times in cancellations. */
export const destroyQuerySchema = activityBodyBase.pick({ time_zone: true });

/** …/activity/bycategory: optionally one owner's only. */
export const byCategoryQuerySchema = z.object({ owner_id: z.coerce.number().int().positive().optional() });

// ── responses ────────────────────────────────────────────────────────────────────────────────

export const participantSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  user_id: z.number().int().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

/**
 * One task, meeting or call, as every call answers it. The calendar and the "my day" page read
 * this shape: keep it stable.
 */
export const activitySchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  subject: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  priority: z.enum(PRIORITIES),
  due_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  all_day: z.boolean(),
  location: z.string().nullable(),
  meeting_link: z.string().nullable(),
  participants: z.array(participantSchema),
  call_direction: z.enum(CALL_DIRECTIONS).nullable(),
  duration_seconds: z.number().int().nullable(),
  outcome: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The pending reminder of the owner, if any. */
  reminder_at: z.string().nullable(),
  owner: userRefSchema.nullable(),
  record: recordRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = page(activitySchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** task/activity/bycategory (spec section 7): leads and contacts share a column. */
export const taskCategoriesSchema = z.object({
  lead_contact: z.array(activitySchema),
  deals: z.array(activitySchema),
  account: z.array(activitySchema),
});
export const activityCategoriesSchema = z.object({
  leads: z.array(activitySchema),
  deals: z.array(activitySchema),
  accounts: z.array(activitySchema),
  contacts: z.array(activitySchema),
});

/** An e-mail of a record on the board. */
export const emailActivitySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(['draft', 'sent', 'failed']),
  to_addresses: z.array(z.string()),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  record: recordRefSchema,
});
export type EmailActivity = z.infer<typeof emailActivitySchema>;
export const emailCategoriesSchema = z.object({
  leads: z.array(emailActivitySchema),
  deals: z.array(emailActivitySchema),
  accounts: z.array(emailActivitySchema),
  contacts: z.array(emailActivitySchema),
});
export type TaskCategories = z.infer<typeof taskCategoriesSchema>;
export type ActivityCategories = z.infer<typeof activityCategoriesSchema>;
export type EmailCategories = z.infer<typeof emailCategoriesSchema>;

/** How long a call took, as people say it: "45 s", "5 min", "1 h 5 min". */
export function formatDuration(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

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
  tz: z.string().refine(isProfileTimeZone, PROFILE_MESSAGES.invalidTimeZone).optional(),
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
