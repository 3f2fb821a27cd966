import type { FastifyInstance } from 'fastify';
import type { TriggerType } from '@tradeloop/contracts/crm/automation';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { eventDepth } from '../../../platform/caller-context.ts';
import type { DomainEvents, EventBus } from '../../../platform/events.ts';
import type { JobRunner } from '../../../platform/jobs.ts';
import type { RecordChange, TagAdded } from '../records/hooks.ts';
import { findActivity } from '../activities/read.ts';
import { leadOfEnquiry } from '../leads/threads.ts';
import { sellerResponded } from '../../quotes/public.ts';
import {
  createdFrom,
  enabledRules,
  fieldChanged,
  hasEnabledRules,
  runRules,
  scoreCrossed,
  statusMoved,
  tagged,
  type RunnerDeps,
} from './runner.ts';

/*
 * Where rules' triggers come from (docs/decisions/041): the CRM's record changes and tags become
 * outbox events (only for companies with a rule that listens), lead scoring tells of new scores, the
 * loop of quote requests, the CRM work of saved meetings. Two triggers wait: "no reply" and "meeting
 * ended" are delayed jobs (`run_at`), checked again when they come due.
 */

export const NO_REPLY_QUEUE = 'automation.no-reply';
export const MEETING_END_QUEUE = 'automation.meeting-end';

export type NoReplyJob = { companyId: number; ruleId: number; enquiryId: number; hours: number };
export type MeetingEndJob = { companyId: number; leadId: number; meetingId: number; endsAt: string; depth: number };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** When a meeting is over: an all-day meeting's ends_at names its last day, which ends a day later. */
export function meetingEnd(endsAt: string, allDay: boolean) {
  return new Date(Date.parse(endsAt) + (allDay ? DAY_MS : 0));
}

/** Per transaction: an import of thousands of leads asks once whether its company has rules. */
const rulesKnown = new WeakMap<Tx, Map<string, boolean>>();

async function hasRules(tx: Tx, companyId: number, types: TriggerType[]) {
  const key = `${companyId}:${types.join(',')}`;
  let known = rulesKnown.get(tx);
  if (!known) rulesKnown.set(tx, (known = new Map()));
  if (!known.has(key)) known.set(key, await hasEnabledRules(tx, companyId, types));
  return known.get(key)!;
}

/**
 * The CRM's record changes and tags put on leads, turned into outbox events on the app's bus for the
 * companies with a rule that listens; crm/module.ts connects them to the app's CRM hooks.
 */
export function automationListeners(bus: EventBus) {
  return {
    leadChanged: (tx: Tx, change: RecordChange) => leadChanged(bus, tx, change),
    tagAdded: (tx: Tx, added: TagAdded) => tagAdded(bus, tx, added),
  };
}

async function leadChanged(bus: EventBus, tx: Tx, change: RecordChange) {
  if ((change.kind !== 'created' && change.kind !== 'field_changed') || change.typeId !== CRM_TYPE.leads) return;
  const { companyId } = change;
  const depth = eventDepth();
  if (change.kind === 'created') {
    if (await hasRules(tx, companyId, ['lead_created']))
      await bus.emit(tx, 'lead.created', { companyId, leadId: change.recordId, depth });
    return;
  }
  if (!(await hasRules(tx, companyId, ['status_changed', 'field_changed']))) return;
  const changes = change.changes.map((item) => ({ field: item.field, old: item.old, new: item.new }));
  await bus.emit(tx, 'lead.fields_changed', { companyId, leadId: change.recordId, changes, depth });
}

async function tagAdded(bus: EventBus, tx: Tx, added: TagAdded) {
  if (added.typeId !== CRM_TYPE.leads || !(await hasRules(tx, added.companyId, ['tag_added']))) return;
  await bus.emit(tx, 'lead.tagged', {
    companyId: added.companyId,
    leadId: added.recordId,
    tagId: added.tagId,
    tagName: added.tagName,
    depth: eventDepth(),
  });
}

/** quote.submitted: one delayed check per "no reply" rule of the seller's company. */
async function watchForReply(tx: Tx, jobs: JobRunner, event: DomainEvents['quote.submitted']) {
  const rules = await enabledRules(tx, event.sellerCompanyId, ['no_reply']);
  const checks = rules.flatMap((rule) =>
    rule.trigger.type === 'no_reply'
      ? [
          {
            queue: NO_REPLY_QUEUE,
            key: `${rule.id}:${event.enquiryId}`,
            runAt: new Date(Date.now() + rule.trigger.hours * HOUR_MS),
            payload: {
              companyId: event.sellerCompanyId,
              ruleId: rule.id,
              enquiryId: event.enquiryId,
              hours: rule.trigger.hours,
            } satisfies NoReplyJob,
          },
        ]
      : [],
  );
  await jobs.enqueue(tx, checks);
}

/** The check come due: the seller neither answered nor wrote, so the rule runs on the enquiry's lead. */
export async function checkNoReply(tx: Tx, deps: RunnerDeps, job: NoReplyJob) {
  if (await sellerResponded(tx, job.companyId, job.enquiryId)) return [];
  const leadId = await leadOfEnquiry(tx, job.companyId, job.enquiryId);
  if (leadId === null) return [];
  return runRules(tx, deps, {
    companyId: job.companyId,
    leadId,
    type: 'no_reply',
    key: `no-reply:${job.enquiryId}`,
    depth: 0,
    ruleId: job.ruleId,
    // A rule whose hours changed since the check was planned has its own check for new requests.
    accepts: (trigger) => trigger.type === 'no_reply' && trigger.hours === job.hours,
  });
}

/** meeting.saved: held or over runs the rules now; one still to end is checked again at its end. */
async function meetingSaved(tx: Tx, deps: RunnerDeps, jobs: JobRunner, event: DomainEvents['meeting.saved']) {
  if (event.status === 'cancelled' || !event.endsAt) return;
  const end = meetingEnd(event.endsAt, event.allDay);
  if (event.status === 'held' || end.getTime() <= Date.now()) {
    return runRules(tx, deps, meetingOccurrence(event));
  }
  if (!(await hasRules(tx, event.companyId, ['meeting_ended']))) return;
  const payload: MeetingEndJob = { ...event, endsAt: event.endsAt };
  await jobs.enqueue(tx, [
    { queue: MEETING_END_QUEUE, key: `${event.meetingId}:${end.toISOString()}`, runAt: end, payload },
  ]);
}

const meetingOccurrence = (meeting: { companyId: number; leadId: number; meetingId: number; depth: number }) => ({
  companyId: meeting.companyId,
  leadId: meeting.leadId,
  type: 'meeting_ended' as const,
  // Whichever comes first, its being marked held or its end, runs a rule once.
  key: `meeting:${meeting.meetingId}`,
  depth: meeting.depth,
});

/** The end come: the meeting still exists, on the lead, not cancelled and not moved since. */
export async function checkMeetingEnd(tx: Tx, deps: RunnerDeps, job: MeetingEndJob) {
  const meeting = await findActivity(tx, job.companyId, job.meetingId, 'meeting').catch(() => null);
  const activity = meeting?.activity;
  if (!activity || activity.status === 'cancelled' || activity.recordId !== job.leadId) return [];
  if (activity.endsAt?.toISOString() !== new Date(job.endsAt).toISOString()) return [];
  return runRules(tx, deps, meetingOccurrence(job));
}

/** Subscribes the rules to their triggers: outbox events and the two delayed checks. */
export function subscribeAutomation(app: FastifyInstance) {
  const deps: RunnerDeps = { mailer: app.mailer, crm: app.crm };
  const on = app.events.on.bind(app.events);

  on('lead.created', 'automation.lead-created', (event, { tx, eventId }) =>
    runRules(tx, deps, { ...event, type: 'lead_created', key: String(eventId), accepts: createdFrom }),
  );
  on('lead.fields_changed', 'automation.lead-fields', async (event, { tx, eventId }) => {
    const base = { companyId: event.companyId, leadId: event.leadId, key: String(eventId), depth: event.depth };
    await runRules(tx, deps, { ...base, type: 'status_changed', accepts: statusMoved(event.changes) });
    await runRules(tx, deps, { ...base, type: 'field_changed', accepts: fieldChanged(event.changes) });
  });
  on('lead.scored', 'automation.lead-scored', (event, { tx, eventId }) =>
    runRules(tx, deps, {
      ...event,
      type: 'score_crossed',
      key: String(eventId),
      accepts: scoreCrossed(event.score, event.previous),
    }),
  );
  on('lead.tagged', 'automation.lead-tagged', (event, { tx, eventId }) =>
    runRules(tx, deps, { ...event, type: 'tag_added', key: String(eventId), accepts: tagged(event.tagName) }),
  );
  // Delivered only to a company with a "no reply" rule: other quotes cost one indexed read, not a job.
  on('quote.submitted', 'automation.quote-watch', (event, { tx }) => watchForReply(tx, app.jobs, event), {
    when: (tx, event) => hasRules(tx, event.sellerCompanyId, ['no_reply']),
  });
  on('meeting.saved', 'automation.meeting-saved', (event, { tx }) => meetingSaved(tx, deps, app.jobs, event));

  app.jobs.define(NO_REPLY_QUEUE, {
    kind: 'transaction',
    run: (job, { tx }) => checkNoReply(tx, deps, job.payload as NoReplyJob),
  });
  app.jobs.define(MEETING_END_QUEUE, {
    kind: 'transaction',
    run: (job, { tx }) => checkMeetingEnd(tx, deps, job.payload as MeetingEndJob),
  });
}
