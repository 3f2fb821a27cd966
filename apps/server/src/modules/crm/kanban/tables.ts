import { bigint, jsonb, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { users } from '../../accounts/tables.ts';
import { updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

/** Each user's board: which type it shows and which pick-list groups each type (crm/store_kanbon_view). */
export const crmKanbanSettings = pgTable('crm_kanban_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyColumn(),
  typeId: smallint('type_id').$type<RecordTypeId>().notNull().default(1),
  groupBy: jsonb('group_by').$type<Record<string, string>>().notNull().default({}),
  updatedAt: updatedAt(),
});
