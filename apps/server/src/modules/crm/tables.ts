import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FieldSettings, FieldType, Filter, RecordTypeId, RecordValues } from '@tradeloop/contracts/crm';
import type { TabColumns } from '@tradeloop/contracts/crm-forms';
import { users } from '../accounts/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companyColumn } from '../accounts/columns.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One form per company and record type: the fields its records carry (crm_user_form_unique_id). */
export const crmForms = pgTable(
  'crm_forms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    companyId: companyColumn(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_forms_company_type_unique').on(t.companyId, t.typeId)],
);

export const crmFormSections = pgTable(
  'crm_form_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => crmForms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tabColumns: text('tab_columns').$type<TabColumns>().notNull().default('multi'),
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('crm_form_sections_form_idx').on(t.formId)],
);

/**
 * A field of a form. `name` is the key of its value in crm_records.values and never changes;
 * a field taken off the form keeps its values (section_id null, "unused").
 */
export const crmFormFields = pgTable(
  'crm_form_fields',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => crmForms.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' }).references(() => crmFormSections.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    label: text('label').notNull(),
    fieldType: text('field_type').$type<FieldType>().notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    isUnique: boolean('is_unique').notNull().default(false),
    tooltip: text('tooltip'),
    optionList: jsonb('option_list').$type<string[]>().notNull().default([]),
    settings: jsonb('settings').$type<FieldSettings>().notNull().default({}),
    position: integer('position').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_form_fields_form_name_unique').on(t.formId, t.name),
    index('crm_form_fields_section_idx').on(t.sectionId),
  ],
);

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

/** Saved columns, sort and filters of a list (lead/custom-index-save), shared by the company. */
export const crmViews = pgTable(
  'crm_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    sort: jsonb('sort').$type<{ field: string; direction: 'asc' | 'desc' } | null>(),
    filters: jsonb('filters').$type<Filter[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_views_name_unique').on(t.companyId, t.typeId, sql`lower(${t.name})`)],
);

/** Saved filters (lead/filter-save), shared by the company. */
export const crmSavedFilters = pgTable(
  'crm_saved_filters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Filter[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_saved_filters_name_unique').on(t.companyId, t.typeId, sql`lower(${t.name})`)],
);

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

/**
 * Live records per company and type, as deltas: triggers on crm_records append one row per
 * statement (no row is shared, so writers never wait on each other) and readers sum them, folding
 * them into one row now and then. An unfiltered list of 200,000 leads is counted without a scan.
 */
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

export const crmRecordCounts = pgTable(
  'crm_record_counts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('crm_record_counts_idx').on(t.companyId, t.typeId)],
);

/**
 * Every word lexeme ("17_vertex") the company's records hold, appended by a trigger on crm_records
 * (migration 0015): a keyword's prefix is turned into the exact lexemes it begins, which the search
 * index intersects far more cheaply than a prefix match (docs/decisions/015). Words are never removed;
 * one no record holds any more only adds an alternative that matches nothing.
 */
export const crmSearchWords = pgTable(
  'crm_search_words',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    lexeme: text('lexeme').notNull(),
  },
  (t) => [uniqueIndex('crm_search_words_idx').on(t.companyId, t.lexeme.op('text_pattern_ops'))],
);

/**
 * Typed copies of the values the list conditions and sorts compare (docs/decisions/028): one row per
 * record and field with a value, kept by statement triggers on crm_records (migration 0018), in a
 * B-tree per kind led by the field (whose id stands for company, type and field at once) and ending
 * with the record, so a condition or a sort reads one field's copies and nothing else (index-only).
 * Short text is lower-cased, as the text conditions compare it; pick lists, users, lookups and
 * checkboxes are answered by the tenant GIN of crm_records, long text by the records themselves.
 */
export const crmRecordValues = pgTable(
  'crm_record_values',
  {
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** text, e-mail, phone and URL fields (at most 255 characters), lower-cased. */
    text: text('text'),
    /** number and currency fields. */
    number: numeric('number'),
    /** date and date-time fields, as stored (ISO text, which sorts as time does). */
    moment: text('moment'),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.fieldId] }),
    index('crm_record_values_text_idx')
      .on(t.fieldId, t.text, t.recordId)
      .where(sql`${t.text} IS NOT NULL`),
    index('crm_record_values_number_idx')
      .on(t.fieldId, t.number, t.recordId)
      .where(sql`${t.number} IS NOT NULL`),
    index('crm_record_values_moment_idx')
      .on(t.fieldId, t.moment, t.recordId)
      .where(sql`${t.moment} IS NOT NULL`),
  ],
);

/**
 * Every distinct text a field's copies hold (docs/decisions/028, session 13), kept beside the copies
 * by the same triggers: "contains" and "ends with" test a field's few distinct texts here, then read
 * the copies of the texts that pass from crm_record_values_text_idx, instead of testing every copy.
 * Texts no record holds any more stay (a stale text only costs a probe that finds nothing): removing
 * one safely would have to lock out a writer adding it back.
 */
export const crmValueTexts = pgTable(
  'crm_value_texts',
  {
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.text] })],
);
