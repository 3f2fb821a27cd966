import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { isTimeZone } from '@tradeloop/contracts/accounts';
import { type RecordRef, targetOf } from '@tradeloop/contracts/crm/records';
import {
  type Reminder,
  REMINDER_LIMITS,
  type ReminderIndex,
  type ReminderMeeting,
  type StoreReminderBody,
} from '@tradeloop/contracts/crm/activities';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { getProfile } from '../../accounts/public.ts';
import { refsByIds } from '../records/read.ts';
import { targetRecord } from '../records/targets.ts';
import { crmActivities, crmReminders } from './tables.ts';

export type ActivityReminder = {
  companyId: number;
  userId: number;
  activityId: number;
  recordId: number | null;
  title: string;
  /** null takes the reminder away. */
  remindAt: Date | null;
};

/** Sets (or removes) the one pending reminder of an activity; a delivered one stays as it was. */
export async function setActivityReminder(tx: Tx, reminder: ActivityReminder) {
  await tx
    .delete(crmReminders)
    .where(and(eq(crmReminders.activityId, reminder.activityId), eq(crmReminders.status, 'pending')));
  if (!reminder.remindAt) return;
  await tx.insert(crmReminders).values({
    companyId: reminder.companyId,
    userId: reminder.userId,
    activityId: reminder.activityId,
    recordId: reminder.recordId,
    title: reminder.title,
    remindAt: reminder.remindAt,
  });
}

/** The owner of reminders: every query is scoped to the caller's company and to the caller. */
export type ReminderOwner = { companyId: number; userId: number };

// ── days in a time zone ───────────────────────────────────────────────────────────────────────

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: number, zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(instant: number, zone: string) {
  const clock = wallClock(instant, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a local calendar day begins in the zone (Date.UTC rolls day overflow into the month). */
function startOfLocalDay(year: number, month: number, day: number, zone: string) {
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  const guess = midnightAsUtc - zoneOffset(midnightAsUtc, zone);
  // The offset at the guess may differ (a daylight-saving change that day): correct once.
  return new Date(midnightAsUtc - zoneOffset(guess, zone));
}

/** Where today begins and ends, and the end of the upcoming days, for `now` in `zone`. */
export function dayBounds(now: Date, zone: string) {
  const { year, month, day } = wallClock(now.getTime(), zone);
  return {
    todayStart: startOfLocalDay(year, month, day, zone),
    tomorrowStart: startOfLocalDay(year, month, day + 1, zone),
    upcomingEnd: startOfLocalDay(year, month, day + 1 + REMINDER_LIMITS.upcomingDays, zone),
  };
}

/** A profile's zone when it names one, else UTC. */
export function zoneOrUtc(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The zone days are counted in: the one the caller states, else the profile's, else UTC (decision 018). */
export async function reminderZone(tx: Tx, userId: number, stated?: string): Promise<string> {
  return stated ?? zoneOrUtc((await getProfile(tx, userId)).time_zone);
}

// ── reading ───────────────────────────────────────────────────────────────────────────────────

const reminderSelection = {
  id: crmReminders.id,
  title: crmReminders.title,
  remindAt: crmReminders.remindAt,
  status: crmReminders.status,
  sentAt: crmReminders.sentAt,
  recordId: crmReminders.recordId,
  activityId: crmActivities.id,
  activityKind: crmActivities.kind,
  activitySubject: crmActivities.subject,
  activityRecordId: crmActivities.recordId,
};

function selectReminders(tx: Tx, owner: ReminderOwner, ...conditions: (SQL | undefined)[]) {
  return tx
    .select(reminderSelection)
    .from(crmReminders)
    .leftJoin(crmActivities, eq(crmActivities.id, crmReminders.activityId))
    .where(and(eq(crmReminders.companyId, owner.companyId), eq(crmReminders.userId, owner.userId), ...conditions));
}
type ReminderRow = Awaited<ReturnType<typeof selectReminders>>[number];

/** The records that rows point to, as references (records in the trash are left out). */
function recordRefs(tx: Tx, companyId: number, ids: (number | null)[]): Promise<Map<number, RecordRef>> {
  return refsByIds(
    tx,
    companyId,
    ids.filter((id): id is number => id !== null),
  );
}

async function toReminders(tx: Tx, companyId: number, rows: ReminderRow[]): Promise<Reminder[]> {
  const recordOf = (row: ReminderRow) => row.recordId ?? row.activityRecordId;
  const refs = await recordRefs(tx, companyId, rows.map(recordOf));
  return rows.map((row) => {
    const recordId = recordOf(row);
    return {
      id: row.id,
      title: row.title,
      remind_at: row.remindAt.toISOString(),
      status: row.status,
      sent_at: row.sentAt?.toISOString() ?? null,
      record: recordId === null ? null : (refs.get(recordId) ?? null),
      activity:
        row.activityId !== null && row.activityKind !== null && row.activitySubject !== null
          ? { id: row.activityId, kind: row.activityKind, subject: row.activitySubject }
          : null,
    };
  });
}

/** One of the caller's reminders, or 404 (another user's or company's answers the same). */
export async function reminderById(tx: Tx, owner: ReminderOwner, id: number): Promise<Reminder> {
  const rows = await selectReminders(tx, owner, eq(crmReminders.id, id));
  if (rows.length === 0) throw notFound();
  const [reminder] = await toReminders(tx, owner.companyId, rows);
  return reminder;
}

async function meetings(tx: Tx, owner: ReminderOwner, range: SQL | undefined, newestFirst: boolean) {
  const rows = await tx
    .select({
      id: crmActivities.id,
      uniqueId: crmActivities.uniqueId,
      subject: crmActivities.subject,
      status: crmActivities.status,
      startsAt: crmActivities.startsAt,
      endsAt: crmActivities.endsAt,
      allDay: crmActivities.allDay,
      location: crmActivities.location,
      meetingLink: crmActivities.meetingLink,
      completedAt: crmActivities.completedAt,
      recordId: crmActivities.recordId,
    })
    .from(crmActivities)
    .where(
      and(
        eq(crmActivities.companyId, owner.companyId),
        eq(crmActivities.kind, 'meeting'),
        isNotNull(crmActivities.startsAt),
        or(
          eq(crmActivities.ownerId, owner.userId),
          sql`${crmActivities.participants} @> ${JSON.stringify([{ user_id: owner.userId }])}::jsonb`,
        ),
        range,
      ),
    )
    .orderBy(newestFirst ? desc(crmActivities.startsAt) : asc(crmActivities.startsAt), asc(crmActivities.id))
    .limit(REMINDER_LIMITS.previous);
  const refs = await recordRefs(
    tx,
    owner.companyId,
    rows.map((row) => row.recordId),
  );
  return rows.map((row): ReminderMeeting => ({
    id: row.id,
    unique_id: row.uniqueId,
    subject: row.subject,
    status: row.status,
    starts_at: (row.startsAt as Date).toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    all_day: row.allDay,
    location: row.location,
    meeting_link: row.meetingLink,
    completed_at: row.completedAt?.toISOString() ?? null,
    record: row.recordId === null ? null : (refs.get(row.recordId) ?? null),
  }));
}

/**
 * GET reminder/index: the caller's reminders and meetings, split into previous (on or before
 * yesterday) and today's as days run in `zone`, plus the pending reminders of the coming days.
 */
export async function reminderIndex(
  tx: Tx,
  owner: ReminderOwner,
  options: { zone: string; now?: Date },
): Promise<ReminderIndex> {
  const { todayStart, tomorrowStart, upcomingEnd } = dayBounds(options.now ?? new Date(), options.zone);
  const live = ne(crmReminders.status, 'dismissed');
  const list = async (conditions: SQL[], newestFirst: boolean) => {
    const order = newestFirst ? desc(crmReminders.remindAt) : asc(crmReminders.remindAt);
    const rows = await selectReminders(tx, owner, ...conditions)
      .orderBy(order, asc(crmReminders.id))
      .limit(REMINDER_LIMITS.previous);
    return toReminders(tx, owner.companyId, rows);
  };
  const startsAt = crmActivities.startsAt;
  return {
    time_zone: options.zone,
    today_starts_at: todayStart.toISOString(),
    today_ends_at: tomorrowStart.toISOString(),
    previous: await list([live, lt(crmReminders.remindAt, todayStart)], true),
    today: await list([live, gte(crmReminders.remindAt, todayStart), lt(crmReminders.remindAt, tomorrowStart)], false),
    upcoming: await list(
      [
        eq(crmReminders.status, 'pending'),
        gte(crmReminders.remindAt, tomorrowStart),
        lt(crmReminders.remindAt, upcomingEnd),
      ],
      false,
    ),
    meetings: {
      previous: await meetings(tx, owner, lt(startsAt, todayStart), true),
      today: await meetings(tx, owner, and(gte(startsAt, todayStart), lt(startsAt, tomorrowStart)), false),
    },
  };
}

/** GET reminder/count: reminders that are due and not dismissed, delivered or not yet. */
export async function reminderCount(tx: Tx, owner: ReminderOwner, now = new Date()) {
  const [row] = await tx
    .select({ count: count() })
    .from(crmReminders)
    .where(
      and(
        eq(crmReminders.companyId, owner.companyId),
        eq(crmReminders.userId, owner.userId),
        inArray(crmReminders.status, ['pending', 'sent']),
        lte(crmReminders.remindAt, now),
      ),
    );
  return { count: Number(row.count) };
}

// ── writing ───────────────────────────────────────────────────────────────────────────────────

/** POST reminder/store: a reminder by hand, on the record named (of the caller's company) or on none. */
export async function storeReminder(tx: Tx, owner: ReminderOwner, body: StoreReminderBody): Promise<Reminder> {
  const record = targetOf(body) ? await targetRecord(tx, owner.companyId, body) : null;
  const [row] = await tx
    .insert(crmReminders)
    .values({
      companyId: owner.companyId,
      userId: owner.userId,
      recordId: record?.id ?? null,
      title: body.title,
      remindAt: new Date(body.remind_at),
    })
    .returning({ id: crmReminders.id });
  return reminderById(tx, owner, row.id);
}

function ownReminder(owner: ReminderOwner, id: number) {
  return and(
    eq(crmReminders.id, id),
    eq(crmReminders.companyId, owner.companyId),
    eq(crmReminders.userId, owner.userId),
  );
}

/** POST reminder/dismiss/{id}: done with it; a reminder not yet due will not be delivered. */
export async function dismissReminder(tx: Tx, owner: ReminderOwner, id: number): Promise<Reminder> {
  const updated = await tx
    .update(crmReminders)
    .set({ status: 'dismissed', nextAttemptAt: null })
    .where(ownReminder(owner, id))
    .returning({ id: crmReminders.id });
  if (updated.length === 0) throw notFound();
  return reminderById(tx, owner, id);
}

/** DELETE reminder/destroy/{id}. */
export async function destroyReminder(tx: Tx, owner: ReminderOwner, id: number) {
  const deleted = await tx.delete(crmReminders).where(ownReminder(owner, id)).returning({ id: crmReminders.id });
  if (deleted.length === 0) throw notFound();
  return { id };
}
