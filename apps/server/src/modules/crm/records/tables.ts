import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecordTypeId, RecordValues } from '@tradeloop/contracts/crm/records';
import { users } from '../../accounts/tables.ts';
import { crmForms } from '../forms/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

/*
 * The CRM keeps its tables in the folder of the feature that owns them (this one: the records).
 * Every table carries company_id, and every read is scoped by it.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Leads, deals, accounts and contacts in one table: the values a seller's form defines live in
 * `values` (JSONB, indexed by GIN), the keyword index in `search`. See docs/decisions on why.
 */
export const crmRecords = pgTable(
  'crm_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    companyId: companyColumn(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => crmForms.id),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    values: jsonb('values').$type<RecordValues>().notNull().default({}),
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Leads: when they were converted, and into what. */
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedContactId: bigint('converted_contact_id', { mode: 'number' }),
    convertedAccountId: bigint('converted_account_id', { mode: 'number' }),
    convertedDealId: bigint('converted_deal_id', { mode: 'number' }),
    /** Contacts, accounts and deals made by converting a lead keep the lead (and its history). */
    sourceLeadId: bigint('source_lead_id', { mode: 'number' }),
  },
  (t) => [
    index('crm_records_list_idx')
      .on(t.companyId, t.typeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('crm_records_trash_idx')
      .on(t.companyId, t.typeId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    // Tenant-scoped value keys and keywords in one GIN (tenant-index.ts; the expression must match
    // valueKeys there): filters and a keyword are intersected in a single, exact index scan.
    index('crm_records_tenant_idx').using(
      'gin',
      sql`crm_value_keys(${t.companyId}, ${t.typeId}, ${t.values})`,
      t.search,
    ),
    index('crm_records_source_lead_idx').on(t.sourceLeadId),
    index('crm_records_owner_idx').on(t.ownerId),
  ],
);

/** Columns of other CRM tables that point at a user or at a record. */
export const userRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });
export const recordRef = () =>
  bigint('record_id', { mode: 'number' })
    .notNull()
    .references(() => crmRecords.id, { onDelete: 'cascade' });
