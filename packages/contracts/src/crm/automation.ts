import { z } from 'zod';
import { page } from '../common.ts';
import { idSchema } from './records.ts';
import { filtersSchema } from './views.ts';

/*
 * CRM automation (issue 20, docs/decisions/041): rules of a company, each a trigger, conditions written
 * with the lists' 14 filter conditions, and actions. Rules run in their order on the job runner, once per
 * triggering event, and can not trigger one another without end.
 */

/** Runs caused by runs: an event an automation's action caused carries its run's depth + 1; past this, a run stops. */
export const AUTOMATION_MAX_DEPTH = 5;

export const AUTOMATION_LIMITS = {
  name: 100,
  rulesPerCompany: 100,
  actionsPerRule: 10,
  sources: 20,
  text: 255,
  body: 5000,
  /** No reply within at most 30 days. */
  hours: 720,
  /** A task due at most a year after the run. */
  dueMinutes: 365 * 24 * 60,
} as const;

/** The run log shows this many runs a page. */
export const AUTOMATION_RUNS_PER_PAGE = 20;

export const TRIGGER_TYPES = [
  'lead_created',
  'status_changed',
  'score_crossed',
  'field_changed',
  'no_reply',
  'meeting_ended',
  'tag_added',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const TRIGGER_LABELS: Record<TriggerType, string> = {
  lead_created: 'A lead is created',
  status_changed: "A lead's status changes",
  score_crossed: "A lead's score reaches a threshold",
  field_changed: 'A field of a lead changes',
  no_reply: 'No reply to a quote request',
  meeting_ended: 'A meeting with a lead ends',
  tag_added: 'A tag is added to a lead',
};

export const ACTION_TYPES = [
  'assign_user',
  'assign_by_rules',
  'set_status',
  'add_tag',
  'remove_tag',
  'create_task',
  'send_email',
  'notify',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_LABELS: Record<ActionType, string> = {
  assign_user: 'Assign to a user',
  assign_by_rules: 'Assign by the assignment rules',
  set_status: 'Set the status',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
  create_task: 'Create a task',
  send_email: 'Send an e-mail to the lead',
  notify: 'Notify in the app',
};

export const DUE_UNITS = ['minutes', 'hours', 'days'] as const;
export type DueUnit = (typeof DUE_UNITS)[number];
export const DUE_UNIT_MINUTES: Record<DueUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

export const RUN_STATUSES = ['done', 'failed', 'skipped', 'stopped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const AUTOMATION_MESSAGES = {
  created: 'Automation rule created successfully.',
  updated: 'Automation rule updated successfully.',
  enabled: 'Automation rule enabled.',
  disabled: 'Automation rule disabled.',
  deleted: 'Automation rule deleted successfully.',
  reordered: 'Automation rules reordered.',
  nameRequired: 'Please enter a rule name.',
  nameTooLong: `A rule name can be at most ${AUTOMATION_LIMITS.name} characters.`,
  triggerRequired: 'Please choose a trigger.',
  actionsRequired: 'Please add at least one action.',
  tooManyActions: `A rule can have at most ${AUTOMATION_LIMITS.actionsPerRule} actions.`,
  tooManyRules: `A company can have at most ${AUTOMATION_LIMITS.rulesPerCompany} rules.`,
  textTooLong: `At most ${AUTOMATION_LIMITS.text} characters.`,
  bodyTooLong: `At most ${AUTOMATION_LIMITS.body} characters.`,
  thresholdRange: 'The threshold must be a whole number from 1 to 100.',
  hoursRange: `The hours must be a whole number from 1 to ${AUTOMATION_LIMITS.hours}.`,
  dueRange: 'The due time must be a whole number, at most a year after the run.',
  fieldRequired: 'Please choose a field.',
  fieldUnknown: 'This field is not on the lead form.',
  statusRequired: 'Please choose a status.',
  statusUnknown: 'This status does not exist.',
  tagRequired: 'Please enter a tag.',
  userRequired: 'Please choose a user.',
  userNotMember: 'This user is not a member of your company.',
  subjectRequired: 'Please enter a subject.',
  bodyRequired: 'Please enter the e-mail text.',
  messageRequired: 'Please enter a message.',
  reorderMismatch: 'Give every rule of the company once.',
  // The run log
  conditionsNotMet: 'The lead did not match the conditions.',
  leadGone: 'The lead no longer exists.',
  noEmail: 'The lead has no e-mail address.',
  noOwner: 'The lead has no owner to notify.',
  stopped: (depth: number) =>
    `Stopped: rules triggered one another ${depth} times in a row, past the limit of ${AUTOMATION_MAX_DEPTH}.`,
  notificationTitle: (rule: string) => `Automation: ${rule}`,
} as const;

const text = (required: string, max: number = AUTOMATION_LIMITS.text) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, max === AUTOMATION_LIMITS.text ? AUTOMATION_MESSAGES.textTooLong : AUTOMATION_MESSAGES.bodyTooLong);

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

// ── triggers ─────────────────────────────────────────────────────────────────────────────────

export const triggerSchema = z.discriminatedUnion(
  'type',
  [
    /** Only leads from these sources (the lead_source value, e.g. "Marketplace Quote"); none: any. */
    z.object({
      type: z.literal('lead_created'),
      sources: z.array(text(AUTOMATION_MESSAGES.textTooLong)).max(AUTOMATION_LIMITS.sources).default([]),
    }),
    /** From and to status names; absent: any. */
    z.object({
      type: z.literal('status_changed'),
      from: z.string().trim().max(AUTOMATION_LIMITS.text).nullish(),
      to: z.string().trim().max(AUTOMATION_LIMITS.text).nullish(),
    }),
    /** The score goes from below the threshold to it or above. */
    z.object({
      type: z.literal('score_crossed'),
      threshold: wholeNumber(1, 100, AUTOMATION_MESSAGES.thresholdRange),
    }),
    /** A field's name on the lead form. */
    z.object({ type: z.literal('field_changed'), field: text(AUTOMATION_MESSAGES.fieldRequired) }),
    /** The seller neither answered nor wrote on a quote request this many hours after it came. */
    z.object({
      type: z.literal('no_reply'),
      hours: wholeNumber(1, AUTOMATION_LIMITS.hours, AUTOMATION_MESSAGES.hoursRange),
    }),
    /** A meeting on a lead was marked held, or its end time passed (whichever comes first). */
    z.object({ type: z.literal('meeting_ended') }),
    /** A tag of this name (any case); absent: any tag. */
    z.object({ type: z.literal('tag_added'), tag: z.string().trim().max(AUTOMATION_LIMITS.text).nullish() }),
  ],
  { error: AUTOMATION_MESSAGES.triggerRequired },
);
export type Trigger = z.output<typeof triggerSchema>;
export type TriggerInput = z.input<typeof triggerSchema>;

// ── actions ──────────────────────────────────────────────────────────────────────────────────

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assign_user'), user_id: idSchema }),
  z.object({ type: z.literal('assign_by_rules') }),
  z.object({ type: z.literal('set_status'), status: text(AUTOMATION_MESSAGES.statusRequired) }),
  z.object({ type: z.literal('add_tag'), tag: text(AUTOMATION_MESSAGES.tagRequired) }),
  z.object({ type: z.literal('remove_tag'), tag: text(AUTOMATION_MESSAGES.tagRequired) }),
  /** A task for the lead's owner (the rule's author when it has none), due this long after the run. */
  z.object({
    type: z.literal('create_task'),
    subject: text(AUTOMATION_MESSAGES.subjectRequired),
    due_in: wholeNumber(0, AUTOMATION_LIMITS.dueMinutes, AUTOMATION_MESSAGES.dueRange),
    due_unit: z.enum(DUE_UNITS).default('hours'),
  }),
  /** To the lead's e-mail; {field_name} in the subject and body is the lead's value of that field. */
  z.object({
    type: z.literal('send_email'),
    subject: text(AUTOMATION_MESSAGES.subjectRequired),
    body: text(AUTOMATION_MESSAGES.bodyRequired, AUTOMATION_LIMITS.body),
  }),
  /** A notification for a user of the company; no user: the lead's owner. {placeholders} as in e-mails. */
  z.object({
    type: z.literal('notify'),
    user_id: idSchema.nullish(),
    message: text(AUTOMATION_MESSAGES.messageRequired),
  }),
]);
export type Action = z.output<typeof actionSchema>;
export type ActionInput = z.input<typeof actionSchema>;

// ── requests ─────────────────────────────────────────────────────────────────────────────────

export const automationRuleBodySchema = z.object({
  name: z
    .string({ error: AUTOMATION_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTOMATION_MESSAGES.nameRequired)
    .max(AUTOMATION_LIMITS.name, AUTOMATION_MESSAGES.nameTooLong),
  trigger: triggerSchema,
  conditions: filtersSchema.default([]),
  actions: z
    .array(actionSchema, { error: AUTOMATION_MESSAGES.actionsRequired })
    .min(1, AUTOMATION_MESSAGES.actionsRequired)
    .max(AUTOMATION_LIMITS.actionsPerRule, AUTOMATION_MESSAGES.tooManyActions),
  enabled: z.boolean().default(true),
});
export type AutomationRuleBody = z.output<typeof automationRuleBodySchema>;
export type AutomationRuleInput = z.input<typeof automationRuleBodySchema>;

export const automationReorderBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(AUTOMATION_LIMITS.rulesPerCompany),
});

export const automationShowQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

// ── answers ──────────────────────────────────────────────────────────────────────────────────

export const automationStepSchema = z.object({ action: z.enum(ACTION_TYPES), result: z.string() });
export type AutomationStep = z.output<typeof automationStepSchema>;

export const automationRunSchema = z.object({
  id: z.number(),
  lead: z.object({ id: z.number(), unique_id: z.string(), title: z.string() }).nullable(),
  trigger_key: z.string(),
  status: z.enum(RUN_STATUSES),
  depth: z.number(),
  /** What each action did (a failed run's actions were undone, and the error says why). */
  steps: z.array(automationStepSchema),
  error: z.string().nullable(),
  at: z.string(),
});
export type AutomationRun = z.output<typeof automationRunSchema>;

/** A condition as stored and answered (the request's schema transforms, which an answer can not). */
const storedConditionSchema = z.object({
  id: z.union([z.number(), z.string()]),
  condition: z.number().int(),
  value: z.unknown().optional(),
});

export const automationRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  position: z.number(),
  trigger: triggerSchema,
  trigger_summary: z.string(),
  conditions: z.array(storedConditionSchema),
  actions: z.array(actionSchema),
  last_run: z.object({ status: z.enum(RUN_STATUSES), at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutomationRule = z.output<typeof automationRuleSchema>;

export const automationShowSchema = z.object({ rule: automationRuleSchema, runs: page(automationRunSchema) });
export type AutomationShow = z.output<typeof automationShowSchema>;

/** One line saying what starts a rule (the list shows it). */
export function describeTrigger(trigger: Trigger): string {
  switch (trigger.type) {
    case 'lead_created':
      return trigger.sources.length ? `A lead is created from ${trigger.sources.join(', ')}` : 'A lead is created';
    case 'status_changed':
      return `Status changes${trigger.from ? ` from ${trigger.from}` : ''}${trigger.to ? ` to ${trigger.to}` : ''}`;
    case 'score_crossed':
      return `Score reaches ${trigger.threshold} or more`;
    case 'field_changed':
      return `Field ${trigger.field} changes`;
    case 'no_reply':
      return `No reply to a quote request within ${trigger.hours} ${trigger.hours === 1 ? 'hour' : 'hours'}`;
    case 'meeting_ended':
      return 'A meeting with the lead ends';
    case 'tag_added':
      return trigger.tag ? `Tag “${trigger.tag}” is added` : 'A tag is added';
  }
}
