import { bigint, date, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';

/**
 * Live records per company, owner (0 for none), type and UTC day of creation, and how many of them are
 * converted leads, leads with a live deal and leads whose deal is won, as deltas the triggers of migration 0028 append per statement, like crmRecordCounts:
 * the seller's statistics sum a few rows per day instead of counting records (decision 042).
 */
export const crmRecordDays = pgTable(
  'crm_record_days',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    records: integer('records').notNull(),
    converted: integer('converted').notNull(),
    /** Leads converted with a deal that is live, and of those, whose deal is at the won stage. */
    withDeal: integer('with_deal').notNull().default(0),
    won: integer('won').notNull().default(0),
  },
  (t) => [index('crm_record_days_idx').on(t.companyId, t.ownerId, t.day)],
);
