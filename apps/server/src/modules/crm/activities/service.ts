import { eq } from 'drizzle-orm';
import {
  type Activity,
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPES,
  type ActivityInput,
  type ActivityKind,
  isDone,
  type Participant,
} from '@tradeloop/contracts/crm/activities';
import type { Tx } from '../../../db/client.ts';
import { invalid, type FieldErrors } from '../../../platform/errors.ts';
import { findPeople } from '../../accounts/public.ts';
import { findActivity, toActivity, type ActivityColumns } from './read.ts';
import { invitationChanged, invitationsOnDelete, invitationsOnSave, meetingEvent, type Invitation } from './invites.ts';
import { activitySummary, EVENT_ACTIONS, type ActivityEvent } from './summary.ts';
import { buildCalendar, type IcsPerson } from './ics.ts';
import { targetRecord } from '../records/targets.ts';
import { setActivityReminder } from './reminders.ts';
import { crmActivities } from './tables.ts';
import { addTimeline } from '../timeline/service.ts';

type Actor = { companyId: number; userId: number };
type Values = Omit<ActivityColumns, 'id' | 'uniqueId' | 'companyId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

export type SaveResult = { activity: Activity; created: boolean; invitations: Invitation[] };

async function companyUsers(tx: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; email: string }>();
  const rows = await findPeople(tx, { ids, companyId, live: true });
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** Users of the company by id, e-mail addresses as given; one entry per person. */
async function resolveParticipants(
  tx: Tx,
  companyId: number,
  input: NonNullable<ActivityInput['participants']>,
  errors: FieldErrors,
): Promise<Participant[]> {
  const ids = input.flatMap((item) => ('user_id' in item ? [item.user_id] : []));
  const known = await companyUsers(tx, companyId, ids);
  const seen = new Set<string>();
  const participants: Participant[] = [];
  for (const item of input) {
    if ('user_id' in item) {
      const user = known.get(item.user_id);
      if (!user) {
        errors.participants = [ACTIVITY_MESSAGES.participantInvalid];
        continue;
      }
      if (seen.has(`user:${item.user_id}`)) continue;
      seen.add(`user:${item.user_id}`);
      participants.push({ name: user.name, email: user.email, user_id: item.user_id });
    } else {
      const email = item.email.toLowerCase();
      if (seen.has(email)) continue;
      seen.add(email);
      participants.push({ name: item.name || null, email, user_id: null });
    }
  }
  return participants;
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
/** The body's value when it carries the field (empty text clears it), else the stored one. */
function pick<T>(given: T | null | undefined, stored: T | null | undefined): T | null {
  if (given === undefined) return stored ?? null;
  return given === '' ? null : given;
}

/** The activity as it will be stored: the body over the stored values, checked as a whole. */
async function merge(
  tx: Tx,
  actor: Actor,
  kind: ActivityKind,
  existing: ActivityColumns | null,
  body: ActivityInput,
): Promise<Values> {
  const errors: FieldErrors = {};
  const hasTarget = body.lead_id ?? body.contact_id ?? body.account_id ?? body.deal_id;
  const recordId = hasTarget ? (await targetRecord(tx, actor.companyId, body)).id : (existing?.recordId ?? null);
  let ownerId = existing?.ownerId ?? actor.userId;
  if (body.owner_id) {
    if (!(await companyUsers(tx, actor.companyId, [body.owner_id])).has(body.owner_id))
      errors.owner_id = [ACTIVITY_MESSAGES.ownerNotUser];
    ownerId = body.owner_id;
  }
  const subject = body.subject ?? existing?.subject ?? '';
  if (!subject) errors.subject = [ACTIVITY_MESSAGES.subjectRequired];

  const values: Values = {
    kind,
    recordId,
    subject,
    description: pick(body.description, existing?.description),
    ownerId,
    status: body.status ?? existing?.status ?? '',
    priority: 'normal',
    dueAt: null,
    startsAt: null,
    endsAt: null,
    allDay: false,
    location: null,
    meetingLink: null,
    participants: [],
    callDirection: null,
    durationSeconds: null,
    outcome: null,
    completedAt: null,
    icsSequence: existing?.icsSequence ?? 0,
  };
  if (kind === 'task') {
    values.dueAt = body.due_at !== undefined ? date(body.due_at) : (existing?.dueAt ?? null);
    values.priority = body.priority ?? existing?.priority ?? 'normal';
    values.status ||= 'not_started';
  } else {
    values.startsAt = body.starts_at !== undefined ? date(body.starts_at) : (existing?.startsAt ?? null);
    if (!values.startsAt)
      errors.starts_at = [kind === 'call' ? ACTIVITY_MESSAGES.callTimeRequired : ACTIVITY_MESSAGES.startRequired];
  }
  if (kind === 'meeting') {
    values.endsAt = body.ends_at !== undefined ? date(body.ends_at) : (existing?.endsAt ?? null);
    values.allDay = body.all_day ?? existing?.allDay ?? false;
    values.location = pick(body.location, existing?.location);
    values.meetingLink = pick(body.meeting_link, existing?.meetingLink);
    values.participants = body.participants
      ? await resolveParticipants(tx, actor.companyId, body.participants, errors)
      : (existing?.participants ?? []);
    values.status ||= 'scheduled';
    if (!values.endsAt) errors.ends_at = [ACTIVITY_MESSAGES.endRequired];
    else if (values.startsAt) {
      const ordered = values.allDay ? values.endsAt >= values.startsAt : values.endsAt > values.startsAt;
      if (!ordered) errors.ends_at = [ACTIVITY_MESSAGES.endBeforeStart];
    }
  }
  if (kind === 'call') {
    values.callDirection = body.call_direction ?? existing?.callDirection ?? 'outbound';
    values.durationSeconds = pick(body.duration_seconds, existing?.durationSeconds);
    values.outcome = pick(body.outcome, existing?.outcome);
    // A call in the past is one being logged: it happened, unless it says otherwise.
    values.status ||= values.startsAt && values.startsAt <= new Date() ? 'completed' : 'scheduled';
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const done = isDone(kind, values.status);
  values.completedAt = done ? (existing?.completedAt ?? new Date()) : null;
  return values;
}

/** What happened, for the timeline: added, finished, reopened, or just changed. */
function eventOf(kind: ActivityKind, existing: ActivityColumns | null, values: Values): ActivityEvent {
  if (!existing) return 'added';
  const wasDone = isDone(kind, existing.status);
  const nowDone = isDone(kind, values.status);
  if (!wasDone && nowDone) return values.status === 'cancelled' ? 'cancelled' : 'completed';
  if (wasDone && !nowDone) return 'reopened';
  if (existing.status !== values.status && nowDone) return values.status === 'cancelled' ? 'cancelled' : 'completed';
  return 'updated';
}

async function organizerOf(tx: Tx, companyId: number, ownerId: number | null): Promise<IcsPerson | null> {
  if (ownerId === null) return null;
  const user = (await companyUsers(tx, companyId, [ownerId])).get(ownerId);
  return user ? { name: user.name, email: user.email } : null;
}

/**
 * Creates an activity, or updates it when `id` is given (spec section 4): only the fields the body
 * carries change. Writes its reminder and the record's timeline line; answers the invitations
 * to send once the transaction has committed.
 */
export async function saveActivity(
  tx: Tx,
  actor: Actor,
  kind: ActivityKind,
  id: number | undefined,
  body: ActivityInput,
): Promise<SaveResult> {
  // Two saves of one activity take turns, so each reads what the other wrote (the SEQUENCE above all).
  if (id !== undefined)
    await tx.select({ id: crmActivities.id }).from(crmActivities).where(eq(crmActivities.id, id)).for('update');
  const found = id === undefined ? null : await findActivity(tx, actor.companyId, id, kind);
  const existing = found?.activity ?? null;
  const previousReminder = found?.reminderAt ?? null;
  const values = await merge(tx, actor, kind, existing, body);
  const now = new Date();
  if (kind === 'meeting' && existing && invitationChanged(existing, { ...existing, ...values }))
    values.icsSequence += 1;

  let saved: ActivityColumns;
  if (existing) {
    [saved] = await tx
      .update(crmActivities)
      .set({ ...values, updatedAt: now })
      .where(eq(crmActivities.id, existing.id))
      .returning();
  } else {
    [saved] = await tx
      .insert(crmActivities)
      .values({ ...values, companyId: actor.companyId, createdBy: actor.userId })
      .returning();
  }

  // The owner's reminder: as the body says, moved with the owner and the subject, gone once done.
  const wanted = isDone(kind, saved.status)
    ? null
    : body.reminder_at !== undefined
      ? date(body.reminder_at)
      : previousReminder;
  const reminderChanged =
    (wanted?.getTime() ?? null) !== (previousReminder?.getTime() ?? null) ||
    (wanted !== null &&
      existing !== null &&
      (existing.ownerId !== saved.ownerId || existing.subject !== saved.subject));
  if (reminderChanged && saved.ownerId !== null) {
    await setActivityReminder(tx, {
      companyId: actor.companyId,
      userId: saved.ownerId,
      activityId: saved.id,
      recordId: saved.recordId,
      title: `${ACTIVITY_TYPES[kind].singular}: ${saved.subject}`,
      remindAt: wanted,
    });
  }

  const timeZone = body.time_zone ?? 'UTC';
  if (saved.recordId !== null) {
    const event = eventOf(kind, existing, saved);
    await addTimeline(tx, {
      companyId: actor.companyId,
      recordId: saved.recordId,
      kind,
      action: EVENT_ACTIONS[event],
      actorId: actor.userId,
      summary: activitySummary(kind, event, saved, timeZone),
      details: { activity_id: saved.id, unique_id: saved.uniqueId, status: saved.status },
    });
  }

  const invitations =
    kind === 'meeting'
      ? invitationsOnSave(existing, saved, await organizerOf(tx, actor.companyId, saved.ownerId), timeZone)
      : [];
  return { activity: toActivity(await findActivity(tx, actor.companyId, saved.id)), created: !existing, invitations };
}

/** Deletes an activity (its reminders go with it); a meeting still to come is cancelled for its participants. */
export async function destroyActivity(tx: Tx, actor: Actor, kind: ActivityKind, id: number, timeZone = 'UTC') {
  const { activity } = await findActivity(tx, actor.companyId, id, kind);
  await tx.delete(crmActivities).where(eq(crmActivities.id, activity.id));
  if (activity.recordId !== null) {
    await addTimeline(tx, {
      companyId: actor.companyId,
      recordId: activity.recordId,
      kind,
      action: EVENT_ACTIONS.removed,
      actorId: actor.userId,
      summary: activitySummary(kind, 'removed', activity),
      details: { activity_id: activity.id, unique_id: activity.uniqueId },
    });
  }
  if (kind !== 'meeting') return [];
  return invitationsOnDelete(activity, await organizerOf(tx, actor.companyId, activity.ownerId), timeZone);
}

/** A meeting as a calendar file to download (METHOD:PUBLISH), with the same UID and SEQUENCE as its invitations. */
export async function meetingCalendar(tx: Tx, companyId: number, id: number) {
  const { activity } = await findActivity(tx, companyId, id, 'meeting');
  const organizer = await organizerOf(tx, companyId, activity.ownerId);
  return { filename: `meeting-${activity.id}.ics`, ics: buildCalendar('PUBLISH', meetingEvent(activity, organizer)) };
}
