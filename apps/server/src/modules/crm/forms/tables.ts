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
import type { FieldSettings, FieldType, RecordTypeId, TabColumns } from '@tradeloop/contracts/crm/records';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

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
