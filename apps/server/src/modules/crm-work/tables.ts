import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TimelineKind } from '@tradeloop/contracts/crm-work';
import { users } from '../accounts/tables.ts';
import { crmRecords } from '../crm/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companyColumn } from '../accounts/columns.ts';

/*
 * The work done on CRM records: activities, e-mails, notes, files, tags, the timeline, reminders,
 * lead statuses, assignment rules and the lead threads that the marketplace feeds.
 * Every table carries company_id, and every read is scoped by it.
 */

const userRef = (name: string) => bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });
const recordRef = () =>
  bigint('record_id', { mode: 'number' })
    .notNull()
    .references(() => crmRecords.id, { onDelete: 'cascade' });

/** The history of a record, newest first: every change, with who and when. */
export const crmTimeline = pgTable(
  'crm_timeline',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    kind: text('kind').$type<TimelineKind>().notNull(),
    /** added, updated, removed, completed, sent …: what happened to the subject of `kind`. */
    action: text('action').notNull().default('added'),
    actorId: userRef('actor_id'),
    /** One line a person reads ("Lead status: New → Contacted"). */
    summary: text('summary').notNull(),
    /** The facts behind the line: field, old and new values, the activity or note id … */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_timeline_record_idx').on(t.recordId, t.id.desc()),
    index('crm_timeline_company_idx').on(t.companyId, t.id.desc()),
  ],
);

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

/** E-mails written from a record: drafts until sent, then a copy of what went out. */
export const crmEmails = pgTable(
  'crm_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    authorId: userRef('author_id'),
    status: text('status').$type<'draft' | 'sent' | 'failed'>().notNull().default('draft'),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('crm_emails_record_idx').on(t.recordId, t.createdAt.desc())],
);

export const crmNotes = pgTable(
  'crm_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    authorId: userRef('author_id'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('crm_notes_record_idx').on(t.recordId, t.createdAt.desc())],
);

/** Files kept on a record; the bytes live in the platform's storage under storage_key. */
export const crmFiles = pgTable(
  'crm_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    uploadedBy: userRef('uploaded_by'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crm_files_record_idx').on(t.recordId, t.createdAt.desc())],
);

export const crmTags = pgTable(
  'crm_tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('gray'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_tags_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

export const crmRecordTags = pgTable(
  'crm_record_tags',
  {
    companyId: companyColumn(),
    recordId: recordRef(),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => crmTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.tagId] }), index('crm_record_tags_tag_idx').on(t.tagId)],
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

/** The lead statuses of a company, in order; their names are the options of the lead_status field. */
export const crmLeadStatuses = pgTable(
  'crm_lead_statuses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    position: integer('position').notNull(),
    isConverted: boolean('is_converted').notNull().default(false),
    isLost: boolean('is_lost').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_lead_statuses_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

export type AssignmentMode = 'round_robin' | 'territory' | 'category';

/** Who gets a new lead: the first active rule that matches, its users taking turns. */
export const crmAssignmentRules = pgTable(
  'crm_assignment_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text('name').notNull(),
    mode: text('mode').$type<AssignmentMode>().notNull(),
    /** Territory ids (1–8) or category ids the rule matches; empty for round robin. */
    matchIds: jsonb('match_ids').$type<number[]>().notNull().default([]),
    userIds: jsonb('user_ids').$type<number[]>().notNull(),
    /** Whose turn is next among user_ids. */
    nextIndex: integer('next_index').notNull().default(0),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('crm_assignment_rules_company_idx').on(t.companyId, t.position)],
);

/** type_1 quote request, type_2 chat enquiry, type_3 entered by hand (decision 017). */
export type ThreadType = 1 | 2 | 3;

/** What brought a lead in, one thread per request: the loop from the marketplace into the CRM. */
export const crmLeadThreads = pgTable(
  'crm_lead_threads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    companyId: companyColumn(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => crmRecords.id, { onDelete: 'cascade' }),
    threadType: smallint('thread_type').$type<ThreadType>().notNull(),
    threadName: text('thread_name').notNull(),
    leadSource: text('lead_source').notNull(),
    contactDetails: jsonb('contact_details').$type<Record<string, unknown>>().notNull().default({}),
    productDetails: jsonb('product_details').$type<Record<string, unknown>>().notNull().default({}),
    message: text('message'),
    /** The marketplace enquiry or chat room the thread came from. */
    enquiryId: bigint('enquiry_id', { mode: 'number' }),
    roomId: bigint('room_id', { mode: 'number' }),
    buyerUserId: userRef('buyer_user_id'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_lead_threads_lead_idx').on(t.leadId, t.createdAt.desc()),
    index('crm_lead_threads_company_idx').on(t.companyId, t.createdAt.desc()),
    uniqueIndex('crm_lead_threads_enquiry_unique').on(t.companyId, t.enquiryId),
  ],
);

/**
 * The deal a marketplace enquiry's quotation and order move (issue 44, decision 052): one per enquiry, so
 * the quotation, the order and its cancellation find the same deal. `closed` once won or lost: a late
 * "Proposal" never reopens it.
 */
export const crmEnquiryDeals = pgTable('crm_enquiry_deals', {
  companyId: companyColumn(),
  enquiryId: bigint('enquiry_id', { mode: 'number' }).primaryKey(),
  dealId: bigint('deal_id', { mode: 'number' }).references(() => crmRecords.id, { onDelete: 'set null' }),
  stage: text('stage').notNull(),
  closed: boolean('closed').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Which marketplace user a lead is (docs/decisions/032): written when a buyer's engagement reaches the
 * seller's CRM, either joining the live lead with the buyer's e-mail or making one by the intent rule
 * (`origin` intent). One row per company and user, so the rule makes a lead once.
 */
export const crmLeadVisitors = pgTable(
  'crm_lead_visitors',
  {
    companyId: companyColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => crmRecords.id, { onDelete: 'cascade' }),
    origin: text('origin').$type<'matched' | 'intent'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('crm_lead_visitors_lead_idx').on(t.leadId)],
);

/** Browsing sessions already written on a lead's timeline, so a redelivered event adds no second line. */
export const crmLeadSessions = pgTable(
  'crm_lead_sessions',
  {
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => crmRecords.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.sessionId] })],
);

/** The intent rule's thresholds per company (decision 032); defaults when no row exists. */
export const crmEngagementSettings = pgTable('crm_engagement_settings', {
  companyId: companyColumn().primaryKey(),
  enabled: boolean('enabled').notNull(),
  productViews: integer('product_views').notNull(),
  intentClicks: boolean('intent_clicks').notNull(),
  updatedAt: updatedAt(),
});
