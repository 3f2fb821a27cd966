import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { crmRecords, userRef } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
 * The deal a quotation written from a lead (without an enquiry) and its order move (issue 44, decision 052):
 * one per lead, as crm_enquiry_deals is per enquiry.
 */
export const crmLeadDeals = pgTable('crm_lead_deals', {
  companyId: companyColumn(),
  leadId: bigint('lead_id', { mode: 'number' })
    .primaryKey()
    .references(() => crmRecords.id, { onDelete: 'cascade' }),
  dealId: bigint('deal_id', { mode: 'number' }).references(() => crmRecords.id, { onDelete: 'set null' }),
  stage: text('stage').notNull(),
  closed: boolean('closed').notNull().default(false),
  updatedAt: updatedAt(),
});
