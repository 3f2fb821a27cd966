import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.ts';
import { crmRecords } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
