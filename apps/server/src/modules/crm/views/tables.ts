import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Filter, Visibility } from '@tradeloop/contracts/crm/views';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { users } from '../../accounts/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

/**
 * Who sees a view or saved filter (docs/decisions/058): its author only (private), or the company. A new one
 * is private; rows saved before owners existed were shared, and became `company`. Names are unique among
 * the company's shared ones, and among each author's private ones.
 */
const visibility = () => text('visibility').$type<Visibility>().notNull().default('private');

/** Saved columns, sort and filters of a list (lead/custom-index-save), private to its author or shared. */
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
    visibility: visibility(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_views_name_unique')
      .on(t.companyId, t.typeId, sql`lower(${t.name})`)
      .where(sql`${t.visibility} = 'company'`),
    uniqueIndex('crm_views_private_name_unique')
      .on(t.createdBy, t.typeId, sql`lower(${t.name})`)
      .where(sql`${t.visibility} = 'private'`),
    check('crm_views_visibility', sql`${t.visibility} in ('private', 'company')`),
  ],
);

/** Saved filters (lead/filter-save), private to their author or shared. */
export const crmSavedFilters = pgTable(
  'crm_saved_filters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Filter[]>().notNull(),
    visibility: visibility(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_saved_filters_name_unique')
      .on(t.companyId, t.typeId, sql`lower(${t.name})`)
      .where(sql`${t.visibility} = 'company'`),
    uniqueIndex('crm_saved_filters_private_name_unique')
      .on(t.createdBy, t.typeId, sql`lower(${t.name})`)
      .where(sql`${t.visibility} = 'private'`),
    check('crm_saved_filters_visibility', sql`${t.visibility} in ('private', 'company')`),
  ],
);
