import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { recordRef, userRef } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
