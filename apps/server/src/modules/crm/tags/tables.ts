import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordRef } from '../records/tables.ts';
import { createdAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
