import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  type Activity,
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ACTIVITY_STATUSES,
  type ActivityIndexRequest,
  type ActivityKind,
} from '@tradeloop/contracts/crm/activities';
import { type RecordTargetQuery, recordTitle, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import { userNameSql } from '../../accounts/public.ts';
import { findRecord } from '../records/read.ts';
import { recordColumnSql, recordIsLiveSql } from '../records/access.ts';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { targetRecord } from '../records/targets.ts';
import { crmActivities, crmReminders } from './tables.ts';

/** The activity columns with its owner's name, its record and its pending reminder. */
const activitySelection = {
  activity: crmActivities,
  ownerName: userNameSql(crmActivities.ownerId),
  recordUniqueId: recordColumnSql(crmActivities.recordId, 'uniqueId'),
  recordTypeId: recordColumnSql(crmActivities.recordId, 'typeId'),
  recordValues: recordColumnSql(crmActivities.recordId, 'values'),
  // Nested: in a query on one table drizzle strips the table from top-level columns, and a bare
  // "id" inside the subquery would mean the reminder's own.
  reminderAt: sql<Date | null>`(${sql`
    SELECT min(${crmReminders.remindAt}) FROM ${crmReminders}
    WHERE ${crmReminders.activityId} = ${crmActivities.id} AND ${crmReminders.status} = 'pending'
  `})`.mapWith(crmReminders.remindAt),
};

export function selectActivities(tx: Tx) {
  return tx.select(activitySelection).from(crmActivities);
}
type ActivityRow = Awaited<ReturnType<typeof selectActivities>>[number];
export type ActivityColumns = ActivityRow['activity'];

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toActivity(row: ActivityRow): Activity {
  const { activity } = row;
  return {
    id: activity.id,
    unique_id: activity.uniqueId,
    kind: activity.kind,
    subject: activity.subject,
    description: activity.description,
    status: activity.status,
    priority: activity.priority as Activity['priority'],
    due_at: iso(activity.dueAt),
    starts_at: iso(activity.startsAt),
    ends_at: iso(activity.endsAt),
    all_day: activity.allDay,
    location: activity.location,
    meeting_link: activity.meetingLink,
    participants: activity.participants,
    call_direction: activity.callDirection as Activity['call_direction'],
    duration_seconds: activity.durationSeconds,
    outcome: activity.outcome,
    completed_at: iso(activity.completedAt),
    reminder_at: iso(row.reminderAt),
    owner:
      activity.ownerId !== null && row.ownerName !== null ? { id: activity.ownerId, full_name: row.ownerName } : null,
    record:
      activity.recordId !== null && row.recordTypeId !== null && row.recordUniqueId !== null
        ? {
            id: activity.recordId,
            unique_id: row.recordUniqueId,
            type_id: row.recordTypeId,
            title: recordTitle(row.recordTypeId, row.recordValues ?? {}),
          }
        : null,
    created_at: activity.createdAt.toISOString(),
    updated_at: activity.updatedAt.toISOString(),
  };
}

/** Due (tasks) or start (meetings, calls): when the activity happens. */
const whenAt = sql`coalesce(${crmActivities.dueAt}, ${crmActivities.startsAt})`;
export const newestFirst = [sql`${whenAt} DESC NULLS LAST`, desc(crmActivities.id)];
/** Open activities first, the soonest on top; then the finished ones, the latest on top. */
const upcomingFirst = () => {
  const done = sql`${crmActivities.completedAt} IS NOT NULL`;
  return [asc(done), sql`CASE WHEN NOT ${done} THEN ${whenAt} END ASC NULLS LAST`, sql`${whenAt} DESC NULLS LAST`];
};
/** Activities of live records, or of none: an activity of a record in the trash stays out of lists. */
const liveRecord = or(isNull(crmActivities.recordId), recordIsLiveSql(crmActivities.recordId));
/** Activities the running request sees: of records it sees, or its own when on no record (decision 063). */
export const visibleActivitySql = () =>
  visibleRecordIdSql(crmActivities.recordId, { orphanOwner: crmActivities.ownerId });

/** One activity of the company (of a kind, when given), or 404. */
export async function findActivity(tx: Tx, companyId: number, id: number, kind?: ActivityKind) {
  const [row] = await selectActivities(tx)
    .where(
      and(
        eq(crmActivities.companyId, companyId),
        eq(crmActivities.id, id),
        kind ? eq(crmActivities.kind, kind) : undefined,
        visibleActivitySql(),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function showActivity(tx: Tx, companyId: number, id: number, kind?: ActivityKind) {
  return toActivity(await findActivity(tx, companyId, id, kind));
}

/** A date (the whole UTC day) or a date and time, as a bound of a range. */
function bound(value: string, end: boolean) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const day = new Date(`${value}T00:00:00.000Z`);
  return end ? new Date(day.getTime() + 86_400_000) : day;
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** POST …/index: a page of the company's activities of a kind, newest due or start first. */
export async function activityIndex(tx: Tx, companyId: number, kind: ActivityKind, body: ActivityIndexRequest) {
  const statuses = body.status === undefined ? [] : [body.status].flat();
  const allowed = ACTIVITY_STATUSES[kind] as readonly string[];
  if (statuses.some((status) => !allowed.includes(status)))
    throw invalid({ status: [ACTIVITY_MESSAGES.statusInvalid(kind)] });
  const hasTarget = body.lead_id ?? body.contact_id ?? body.account_id ?? body.deal_id;
  const record = hasTarget ? await targetRecord(tx, companyId, body) : null;
  const words = (body.query ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  const conditions: (SQL | undefined)[] = [
    eq(crmActivities.companyId, companyId),
    eq(crmActivities.kind, kind),
    liveRecord,
    visibleActivitySql(),
    statuses.length ? inArray(crmActivities.status, statuses) : undefined,
    body.owner_id ? eq(crmActivities.ownerId, body.owner_id) : undefined,
    record ? eq(crmActivities.recordId, record.id) : undefined,
    body.from ? sql`${whenAt} >= ${bound(body.from, false).toISOString()}` : undefined,
    body.to ? sql`${whenAt} < ${bound(body.to, true).toISOString()}` : undefined,
    ...words.map((word) => ilike(crmActivities.subject, `%${escapeLike(word)}%`)),
  ];
  const where = and(...conditions);
  const { per_page: perPage, page } = body;
  const [{ total }] = await tx.select({ total: count() }).from(crmActivities).where(where);
  const rows = await selectActivities(tx)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(toActivity),
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
  };
}

/** Activities of one record (of one kind, or all), upcoming first. */
async function activitiesOfRecord(tx: Tx, companyId: number, recordId: number, kind?: ActivityKind) {
  const rows = await selectActivities(tx)
    .where(
      and(
        eq(crmActivities.companyId, companyId),
        eq(crmActivities.recordId, recordId),
        kind ? eq(crmActivities.kind, kind) : undefined,
      ),
    )
    .orderBy(...upcomingFirst(), desc(crmActivities.id))
    .limit(ACTIVITY_LIMITS.recordItems);
  return rows.map(toActivity);
}

/** GET …/list: the activities of a kind of the record the query names. */
export async function recordActivities(tx: Tx, companyId: number, kind: ActivityKind, query: RecordTargetQuery) {
  const record = await targetRecord(tx, companyId, query);
  return activitiesOfRecord(tx, companyId, record.id, kind);
}

/** GET lead/task/list/{id} and the like: every activity of a record of that type. */
export async function allActivitiesOf(tx: Tx, companyId: number, typeId: RecordTypeId, id: number) {
  const record = await findRecord(tx, companyId, { id, typeId });
  return activitiesOfRecord(tx, companyId, record.id);
}

/**
 * GET all-call-task-meeting: tasks due and calls starting in [from, to), meetings overlapping it
 * (an all-day meeting lasts to the end of its last day), soonest first.
 */
export async function activitiesInRange(
  tx: Tx,
  companyId: number,
  query: { from: string; to: string; owner_id?: number; kinds?: ActivityKind[] },
) {
  const from = new Date(query.from).toISOString();
  const to = new Date(query.to).toISOString();
  const kinds = query.kinds ?? (['task', 'meeting', 'call'] as const);
  const meetingEnd = sql`CASE WHEN ${crmActivities.allDay} THEN ${crmActivities.endsAt} + interval '1 day'
    ELSE coalesce(${crmActivities.endsAt}, ${crmActivities.startsAt}) END`;
  const byKind: Record<ActivityKind, SQL | undefined> = {
    task: and(
      eq(crmActivities.kind, 'task'),
      gte(crmActivities.dueAt, new Date(from)),
      lt(crmActivities.dueAt, new Date(to)),
    ),
    call: and(
      eq(crmActivities.kind, 'call'),
      gte(crmActivities.startsAt, new Date(from)),
      lt(crmActivities.startsAt, new Date(to)),
    ),
    meeting: and(
      eq(crmActivities.kind, 'meeting'),
      lt(crmActivities.startsAt, new Date(to)),
      or(gte(crmActivities.startsAt, new Date(from)), sql`${meetingEnd} > ${from}`),
    ),
  };
  const rows = await selectActivities(tx)
    .where(
      and(
        eq(crmActivities.companyId, companyId),
        liveRecord,
        visibleActivitySql(),
        query.owner_id ? eq(crmActivities.ownerId, query.owner_id) : undefined,
        or(...[...new Set(kinds)].map((kind) => byKind[kind])),
      ),
    )
    .orderBy(sql`${whenAt} ASC`, asc(crmActivities.id))
    .limit(ACTIVITY_LIMITS.rangeItems);
  return rows.map(toActivity);
}

/** Tab badges of the record page: how many tasks, meetings and calls it has. */
export async function activityCounts(tx: Tx, companyId: number, record: { id: number }) {
  const rows = await tx
    .select({ kind: crmActivities.kind, total: count() })
    .from(crmActivities)
    .where(and(eq(crmActivities.companyId, companyId), eq(crmActivities.recordId, record.id)))
    .groupBy(crmActivities.kind);
  const of = (kind: ActivityKind) => rows.find((row) => row.kind === kind)?.total ?? 0;
  return { tasks: of('task'), meetings: of('meeting'), calls: of('call') };
}
