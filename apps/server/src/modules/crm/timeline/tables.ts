import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TimelineKind } from '@tradeloop/contracts/crm/timeline';
import { recordRef, userRef } from '../records/tables.ts';
import { createdAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
