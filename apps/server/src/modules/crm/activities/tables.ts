import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.ts';
import { crmRecords, userRef } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

export type ActivityKind = 'task' | 'meeting' | 'call';

/** Tasks, meetings and calls (list types 5, 6 and 7), each on a record or on none. */
export const crmActivities = pgTable(
  'crm_activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    companyId: companyColumn(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).references(() => crmRecords.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    description: text('description'),
    ownerId: userRef('owner_id'),
    createdBy: userRef('created_by'),
    status: text('status').notNull(),
    priority: text('priority').notNull().default('normal'),
    /** Tasks: when due. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Meetings and calls: when they start and end. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    allDay: boolean('all_day').notNull().default(false),
    location: text('location'),
    meetingLink: text('meeting_link'),
    /** Meetings: who takes part ({ name, email, user_id }). */
    participants: jsonb('participants')
      .$type<{ name: string | null; email: string | null; user_id: number | null }[]>()
      .notNull()
      .default([]),
    /** Calls: inbound or outbound, how long, how it went. */
    callDirection: text('call_direction'),
    durationSeconds: integer('duration_seconds'),
    outcome: text('outcome'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Meetings: the iCalendar SEQUENCE of the invitation, bumped each time a changed one goes out. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crm_activities_record_idx').on(t.recordId, t.kind),
    index('crm_activities_company_idx').on(t.companyId, t.kind, t.createdAt.desc()),
    index('crm_activities_owner_idx').on(t.ownerId, t.dueAt),
  ],
);

/**
 * Reminders of a user (of an activity or a record). A pending reminder whose time has come is
 * delivered by the reminder job, which reads this table: one that fell due while the server was
 * down is delivered when it starts again.
 */
export const crmReminders = pgTable(
  'crm_reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordId: bigint('record_id', { mode: 'number' }).references(() => crmRecords.id, { onDelete: 'cascade' }),
    activityId: bigint('activity_id', { mode: 'number' }).references(() => crmActivities.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'pending' | 'sent' | 'dismissed'>().notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Not before then may the job try it (again): a lease while it is being delivered, a back-off after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_reminders_user_idx').on(t.userId, t.remindAt),
    index('crm_reminders_due_idx')
      .on(t.remindAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
