import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Action, AutomationStep, RunStatus, Trigger } from '@tradeloop/contracts/crm/automation';
import type { Filter } from '@tradeloop/contracts/crm/views';
import { companyColumn } from '../../accounts/public.ts';
import { users } from '../../accounts/tables.ts';
import { crmRecords } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';

/*
 * CRM automation (docs/decisions/041): each company's rules, in order, and the log of their runs.
 */

export const automationRules = pgTable(
  'automation_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Rules of a company run in this order (then by id). */
    position: integer('position').notNull().default(0),
    /** The trigger's type, also inside `trigger`: the delivery reads only the rules of its event's type. */
    triggerType: text('trigger_type').notNull(),
    trigger: jsonb('trigger').$type<Trigger>().notNull(),
    conditions: jsonb('conditions').$type<Filter[]>().notNull(),
    actions: jsonb('actions').$type<Action[]>().notNull(),
    /** Whose name the rule's changes go under in the lead's history; its author. */
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('automation_rules_company_idx').on(t.companyId, t.triggerType, t.position, t.id)],
);

/**
 * One row per rule and trigger (an event's id, an enquiry's no-reply check, a meeting's end): the unique
 * key makes a redelivered trigger find its run and do nothing.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    leadId: bigint('lead_id', { mode: 'number' }).references(() => crmRecords.id, { onDelete: 'set null' }),
    triggerKey: text('trigger_key').notNull(),
    status: text('status').$type<RunStatus>().notNull(),
    depth: smallint('depth').notNull().default(0),
    steps: jsonb('steps')
      .$type<AutomationStep[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('automation_runs_trigger_unique').on(t.ruleId, t.triggerKey),
    index('automation_runs_rule_idx').on(t.ruleId, t.id.desc()),
  ],
);
