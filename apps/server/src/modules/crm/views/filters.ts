import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  type ConditionId,
  CRM_MESSAGES,
  type FieldValue,
  FILTER_CONDITIONS,
  LIST_CONDITIONS,
  type RecordTypeId,
  VALUELESS_CONDITIONS,
} from '@tradeloop/contracts/crm/records';
import type { Filter } from '@tradeloop/contracts/crm/views';
import { invalid } from '../../../platform/errors.ts';
import { userNameSql } from '../../accounts/public.ts';
import { conditionsOf, findField, normalizeValue, type FieldDef } from '../forms/fields.ts';
import { crmRecords } from '../records/tables.ts';
import { crmRecordValues, crmValueTexts } from '../listing/tables.ts';
import { textsHeld, valuesContain } from '../listing/tenant-index.ts';
import { sqlList } from '../../../db/sql.ts';
import type { CrmHooks } from '../records/hooks.ts';

/**
 * Filters of spec section 5 compiled to SQL. Every value travels as a bound parameter; field names
 * too (`values->>$n`), so nothing a user types is ever spliced into the statement.
 *
 * Equality on stored values is written as containment of the tenant's exact value keys
 * (tenant-index.ts), which its GIN index answers, and so is a text's "is", "contains" or "ends with" once
 * its field's texts are looked up (overlap with their keys); ranges and negations are checked on the rows
 * the indexes leave.
 */

type Scalar = string | number | boolean;
/** Whose records a filter runs on: the tenant-scoped value index needs it. */
export type Tenant = { companyId: number; typeId: RecordTypeId };
export type Compiled = { tenant: Tenant; field: FieldDef; condition: ConditionId; values: Scalar[] };

const or = (parts: SQL[]) => (parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`);
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const valueText = (field: FieldDef) => sql`(${crmRecords.values}->>${field.name}::text)`;
const contains = (tenant: Tenant, field: FieldDef, value: Scalar | Scalar[]) =>
  valuesContain(tenant.companyId, tenant.typeId, { [field.name]: value as FieldValue });
const numeric = (field: FieldDef) =>
  sql`(CASE WHEN jsonb_typeof(${crmRecords.values}->${field.name}::text) = 'number' THEN (${crmRecords.values}->>${field.name}::text)::numeric END)`;

const columns = {
  owner_id: crmRecords.ownerId,
  created_by: crmRecords.createdBy,
  created_at: crmRecords.createdAt,
  updated_at: crmRecords.updatedAt,
} as const;

function fail(field: FieldDef, message: string): never {
  throw invalid({ [`filters.${field.name}`]: [message] }, message);
}

/** Checks the condition fits the field, and turns the filter value into typed, normalized values. */
export function prepareFilter(crm: CrmHooks, tenant: Tenant, fields: FieldDef[], filter: Filter): Compiled {
  const field = findField(fields, filter.id);
  if (!field) throw invalid({ filters: [CRM_MESSAGES.fieldUnknown] }, CRM_MESSAGES.fieldUnknown);
  const condition = Number(filter.condition) as ConditionId;
  if (!conditionsOf(crm, field).includes(condition)) {
    fail(field, CRM_MESSAGES.conditionNotApplicable(field.label, FILTER_CONDITIONS[condition].label));
  }
  if (VALUELESS_CONDITIONS.includes(condition)) return { tenant, field, condition, values: [] };
  const raw = Array.isArray(filter.value) ? filter.value : [filter.value];
  const given = raw.filter((item) => item !== undefined && item !== null && String(item).trim() !== '');
  if (given.length === 0) fail(field, CRM_MESSAGES.conditionNeedsValue(field.label));
  if (given.length > 1 && !LIST_CONDITIONS.includes(condition) && !isMultiValue(field, condition)) {
    fail(field, CRM_MESSAGES.conditionBadValue(field.label));
  }
  return { tenant, field, condition, values: given.map((item) => filterValue(field, item as Scalar)) };
}

const isMultiValue = (field: FieldDef, condition: ConditionId) =>
  field.fieldType === 'multiselect' && (condition === 3 || condition === 4);

/** A filter value in the form values are stored in; free text stays text for the text conditions. */
function filterValue(field: FieldDef, value: Scalar): Scalar {
  if (field.storage === 'external') return String(value).trim();
  switch (field.fieldType) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'url':
      return String(value).trim().toLowerCase();
    case 'date':
    case 'datetime': {
      const text = String(value).trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
        const day = normalizeValue({ ...field, fieldType: 'date' }, text);
        if ('value' in day) return text;
      } else if (field.fieldType === 'datetime') {
        const instant = normalizeValue(field, text);
        if ('value' in instant && typeof instant.value === 'string') return instant.value;
      }
      return fail(field, CRM_MESSAGES.conditionBadValue(field.label));
    }
    case 'multiselect':
    case 'select': {
      const option = field.optionList.find((item) => item.toLowerCase() === String(value).trim().toLowerCase());
      return option ?? String(value);
    }
    case 'checkbox': {
      const checked = normalizeValue(field, value);
      if ('value' in checked && typeof checked.value === 'boolean') return checked.value;
      return fail(field, CRM_MESSAGES.conditionBadValue(field.label));
    }
    default: {
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(number)) fail(field, CRM_MESSAGES.conditionBadValue(field.label));
      return number;
    }
  }
}

// ── text: case-insensitive, on values or nothing else ───────────────────────────────────────────

const pattern = (values: Scalar[], prefix: string, suffix: string) =>
  `${prefix}${likeEscape(String(values[0]))}${suffix}`;

function textCondition({ field, condition, values }: Compiled): SQL {
  const expr = valueText(field);
  const lower = sql`lower(${expr})`;
  switch (condition) {
    case 1:
      return sql`${lower} IN (${sqlList(values)})`;
    case 2:
      return sql`(${expr} IS NULL OR ${lower} NOT IN (${sqlList(values)}))`;
    case 3:
      return sql`${expr} ILIKE ${pattern(values, '%', '%')}`;
    case 4:
      return sql`(${expr} IS NULL OR ${expr} NOT ILIKE ${pattern(values, '%', '%')})`;
    case 5:
      return sql`(${expr} IS NOT NULL AND ${lower} <> ${values[0]})`;
    case 6:
      return sql`${expr} ILIKE ${pattern(values, '%', '')}`;
    case 13:
      return sql`(${expr} IS NULL OR ${lower} <> ${values[0]})`;
    case 14:
      return sql`(${expr} IS NOT NULL AND ${lower} NOT IN (${sqlList(values)}))`;
    default:
      return emptiness(expr, condition);
  }
}

function emptiness(expr: SQL | AnyColumn, condition: ConditionId): SQL {
  return condition === 7 ? sql`${expr} IS NULL` : sql`${expr} IS NOT NULL`;
}

// ── exact values (pick lists, numbers, dates, users, lookups): containment for the index ──────

function exactCondition(compiled: Compiled, ordered?: (op: string, value: Scalar) => SQL): SQL {
  const { tenant, field, condition, values } = compiled;
  const anyOf = or(values.map((value) => contains(tenant, field, field.settings.multiple ? [value] : value)));
  const expr = valueText(field);
  switch (condition) {
    case 1:
      return anyOf;
    case 2:
    case 13:
      return sql`NOT ${anyOf}`;
    case 5:
    case 14:
      return sql`(${expr} IS NOT NULL AND NOT ${anyOf})`;
    case 9:
      return ordered!('<', values[0]);
    case 10:
      return ordered!('>', values[0]);
    case 11:
      return ordered!('<=', values[0]);
    case 12:
      return ordered!('>=', values[0]);
    default:
      return emptiness(expr, condition);
  }
}

const compare = (expr: SQL) => (op: string, value: Scalar) => sql`${expr} ${sql.raw(op)} ${value}`;

function numberCondition(compiled: Compiled): SQL {
  return exactCondition(compiled, compare(numeric(compiled.field)));
}

/** Dates and date-times compared as ISO text; a date on a date-time field means that whole UTC day. */
function dayBounds(value: Scalar): [string, string] {
  const text = String(value);
  if (text.length === 10) {
    const next = new Date(`${text}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return [`${text}T00:00:00.000Z`, next.toISOString()];
  }
  return [text, new Date(new Date(text).getTime() + 1).toISOString()];
}

function rangeCondition(expr: SQL, cast: (value: string) => SQL, compiled: Compiled): SQL {
  const { condition, values } = compiled;
  const within = (value: Scalar) => {
    const [start, end] = dayBounds(value);
    return sql`(${expr} >= ${cast(start)} AND ${expr} < ${cast(end)})`;
  };
  const anyOf = or(values.map(within));
  const [start, end] = values.length ? dayBounds(values[0]) : ['', ''];
  switch (condition) {
    case 1:
      return anyOf;
    case 2:
    case 13:
      return sql`(${expr} IS NULL OR NOT ${anyOf})`;
    case 5:
    case 14:
      return sql`(${expr} IS NOT NULL AND NOT ${anyOf})`;
    case 9:
      return sql`${expr} < ${cast(start)}`;
    case 10:
      return sql`${expr} >= ${cast(end)}`;
    case 11:
      return sql`${expr} < ${cast(end)}`;
    case 12:
      return sql`${expr} >= ${cast(start)}`;
    default:
      return emptiness(expr, condition);
  }
}

function dateCondition(compiled: Compiled): SQL {
  if (compiled.field.fieldType === 'datetime') {
    return rangeCondition(valueText(compiled.field), (value) => sql`${value}`, compiled);
  }
  return exactCondition(compiled, compare(valueText(compiled.field)));
}

function multiCondition({ tenant, field, condition, values }: Compiled): SQL {
  const anyOf = or(values.map((value) => contains(tenant, field, [value])));
  switch (condition) {
    case 1:
      return anyOf;
    case 2:
      return sql`NOT ${anyOf}`;
    case 3:
      return contains(tenant, field, values);
    case 4:
      return sql`NOT ${contains(tenant, field, values)}`;
    default:
      return emptiness(valueText(field), condition);
  }
}

function checkboxCondition({ tenant, field, condition, values }: Compiled): SQL {
  const checked = contains(tenant, field, true);
  const wantChecked = values[0] === true ? condition === 1 : condition === 5;
  return wantChecked ? checked : sql`NOT ${checked}`;
}

// ── columns of crm_records (owner, dates, conversion) ─────────────────────────────────────────

function columnCondition(compiled: Compiled): SQL {
  const { field, condition, values } = compiled;
  if (field.name === 'is_converted') {
    const converted = values[0] === true ? condition === 1 : condition === 5;
    return converted ? sql`${crmRecords.convertedAt} IS NOT NULL` : sql`${crmRecords.convertedAt} IS NULL`;
  }
  const column: AnyColumn = columns[field.name as keyof typeof columns];
  if (field.fieldType === 'datetime')
    return rangeCondition(sql`${column}`, (value) => sql`${value}::timestamptz`, compiled);
  switch (condition) {
    case 1:
      return sql`${column} IN (${sqlList(values)})`;
    case 2:
    case 13:
      return sql`(${column} IS NULL OR ${column} NOT IN (${sqlList(values)}))`;
    case 5:
    case 14:
      return sql`(${column} IS NOT NULL AND ${column} NOT IN (${sqlList(values)}))`;
    default:
      return emptiness(column, condition);
  }
}

function compileOne(crm: CrmHooks, compiled: Compiled): SQL {
  if (compiled.field.storage === 'column') return columnCondition(compiled);
  if (compiled.field.storage === 'external') {
    const { tenant, field, condition, values } = compiled;
    return crm.field(field.name)!.condition(tenant.companyId, condition, values.map(String));
  }
  switch (compiled.field.fieldType) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'url':
      return textCondition(compiled);
    case 'number':
    case 'currency':
      return numberCondition(compiled);
    case 'date':
    case 'datetime':
      return dateCondition(compiled);
    case 'multiselect':
      return multiCondition(compiled);
    case 'checkbox':
      return checkboxCondition(compiled);
    default:
      return exactCondition(compiled);
  }
}

const MERGEABLE = new Set(['select', 'multiselect', 'number', 'currency', 'date', 'user', 'lookup']);

/** "is X" on one value of an exact-valued field: several of them fold into a single containment. */
function mergeable(compiled: Compiled) {
  return (
    compiled.condition === 1 &&
    compiled.values.length === 1 &&
    compiled.field.storage === 'values' &&
    MERGEABLE.has(compiled.field.fieldType)
  );
}

/**
 * All filters combined with AND; an empty list is no condition. Equalities fold into one containment
 * ({"a": 1, "b": 2}), which the index answers exactly in one scan.
 */
export function compileFilters(crm: CrmHooks, tenant: Tenant, fields: FieldDef[], filters: Filter[]): SQL[] {
  return planFilters(crm, prepareFilters(crm, tenant, fields, filters)).conditions;
}

export function prepareFilters(crm: CrmHooks, tenant: Tenant, fields: FieldDef[], filters: Filter[]): Compiled[] {
  return filters.map((filter) => prepareFilter(crm, tenant, fields, filter));
}

/**
 * A list's filters as crm_records conditions, and, for the filters the typed copies answer exactly
 * (crm_record_values, docs/decisions/028), the sets of record ids they accept with the filters left.
 */
export type FilterPlan = {
  /** Every filter on crm_records, equalities folded into one containment of the tenant GIN. */
  conditions: SQL[];
  /** Whether the tenant GIN answers one of the conditions (an equality, "contains all", "checked", a text's keys). */
  tenantIndexed: boolean;
  /** Record ids each answered filter accepts (SELECT record_id FROM crm_record_values …). */
  sets: SQL[];
  /** The conditions of the filters no set answers. */
  unanswered: SQL[];
};

/** The lower-case texts of its field each "contains" or "ends with" accepts, where they were few enough to look up. */
export type HeldTexts = Map<Compiled, string[]>;

/**
 * `texts` brings the tenant GIN's text keys in: "is" on a text field and each "contains" or "ends with"
 * whose texts it holds become key conditions. Without it every text condition is checked on the values.
 */
export function planFilters(crm: CrmHooks, compiled: Compiled[], texts?: HeldTexts): FilterPlan {
  const folded: Record<string, FieldValue> = {};
  const rest: SQL[] = [];
  const sets: SQL[] = [];
  const unanswered: SQL[] = [];
  let tenantIndexed = false;
  for (const item of compiled) {
    const multi = item.field.fieldType === 'multiselect' || item.field.settings.multiple;
    const held = texts ? textKeysCondition(item, texts.get(item)) : null;
    const condition = held ?? (mergeable(item) && !(item.field.name in folded) ? null : compileOne(crm, item));
    if (condition) rest.push(condition);
    else folded[item.field.name] = (multi ? [item.values[0]] : item.values[0]) as FieldValue;
    tenantIndexed ||= condition === null || held !== null || answeredByTenantIndex(item);
    const set = copiesAccepting(item);
    if (set) sets.push(set);
    else
      unanswered.push(
        condition ??
          valuesContain(item.tenant.companyId, item.tenant.typeId, { [item.field.name]: folded[item.field.name] }),
      );
  }
  const names = Object.keys(folded);
  const tenant = compiled[0]?.tenant;
  const conditions = names.length && tenant ? [valuesContain(tenant.companyId, tenant.typeId, folded), ...rest] : rest;
  return { conditions, tenantIndexed, sets, unanswered };
}

function answeredByTenantIndex({ field, condition, values }: Compiled) {
  if (field.storage !== 'values') return false;
  if (field.fieldType === 'checkbox') return values[0] === true ? condition === 1 : condition === 5;
  return (condition === 1 && MERGEABLE.has(field.fieldType)) || (condition === 3 && field.fieldType === 'multiselect');
}

// ── texts through the tenant GIN's exact and folded keys (migration 0039) ─────────────────────

const isCopiedText = (field: FieldDef) => copyColumn(field) === crmRecordValues.text;

/**
 * "Is" on a text field, and "contains" or "ends with" whose texts were looked up, as the records holding
 * one of those lower-case texts; null for any other filter.
 */
function textKeysCondition(compiled: Compiled, texts: string[] | undefined): SQL | null {
  const { tenant, field, condition, values } = compiled;
  if (!isCopiedText(field)) return null;
  if (condition === 1) return textsHeld(tenant.companyId, tenant.typeId, field.name, values.map(String));
  if ((condition === 3 || condition === 6) && texts)
    return textsHeld(tenant.companyId, tenant.typeId, field.name, texts);
  return null;
}

/** The "contains" and "ends with" filters on text fields, with the LIKE pattern their field's texts must match. */
export function textPatterns(compiled: Compiled[]): { filter: Compiled; fieldId: number; like: string }[] {
  return compiled
    .filter((item) => isCopiedText(item.field) && (item.condition === 3 || item.condition === 6))
    .map((filter) => ({
      filter,
      fieldId: filter.field.id!,
      like: pattern(filter.values, '%', filter.condition === 3 ? '%' : ''),
    }));
}

// ── typed copies (crm_record_values): the filters whose accepted records are a set of copies ────

/** The column of crm_record_values holding a field's copies, or null when its values are not copied. */
export function copyColumn(field: FieldDef) {
  if (field.storage !== 'values' || field.id === null) return null;
  switch (field.fieldType) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
      return crmRecordValues.text;
    case 'number':
    case 'currency':
      return crmRecordValues.number;
    case 'date':
    case 'datetime':
      return crmRecordValues.moment;
    default:
      return null;
  }
}

/**
 * The records a filter accepts, as the ids of copies passing the same test its SQL on the values
 * makes, read from the field's B-tree alone (an index-only scan); or null when the filter accepts
 * records without a value (negations, "is empty") or is "is not empty", which narrows nothing. The
 * copy of a text is lower-cased as that SQL lowers it, so "contains" and "ends with" are LIKE on it
 * with the pattern lower-cased: what ILIKE does. They test the field's distinct texts (crm_value_texts)
 * and read the copies of those that pass.
 */
function copiesAccepting(compiled: Compiled): SQL | null {
  const { field, condition, values } = compiled;
  const column = copyColumn(field);
  if (!column) return null;
  const copies = (test: SQL) =>
    sql`select ${crmRecordValues.recordId} from ${crmRecordValues} where ${crmRecordValues.fieldId} = ${field.id} and ${test}`;
  const ordered = COMPARISONS[condition];
  switch (field.fieldType) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
      if (condition === 1) return copies(sql`${column} IN (${sqlList(values)})`);
      if (condition === 3 || condition === 6) {
        const like = sql`lower(${pattern(values, '%', condition === 3 ? '%' : '')})`;
        return copies(sql`${column} IN (${textsLike(field, like)})`);
      }
      return null;
    case 'number':
    case 'currency':
    case 'date':
      return ordered ? copies(compare(sql`${column}`)(ordered, values[0])) : null;
    case 'datetime':
      return condition === 1 || ordered
        ? copies(rangeCondition(sql`${column}`, (value) => sql`${value}`, compiled))
        : null;
    default:
      return null;
  }
}

/** The field's distinct texts a LIKE pattern accepts: a field holds far fewer texts than copies. */
const textsLike = (field: FieldDef, like: SQL) =>
  sql`select ${crmValueTexts.text} from ${crmValueTexts} where ${crmValueTexts.fieldId} = ${field.id} and ${crmValueTexts.text} LIKE ${like}`;

const COMPARISONS: Partial<Record<ConditionId, string>> = { 9: '<', 10: '>', 11: '<=', 12: '>=' };

/** Checks filters against the fields without running them (saving a view or a filter). */
export function validateFilters(crm: CrmHooks, fields: FieldDef[], filters: Filter[]) {
  for (const filter of filters) prepareFilter(crm, { companyId: 0, typeId: 1 }, fields, filter);
}

export const SORTABLE_TYPES = new Set([
  'text',
  'textarea',
  'email',
  'phone',
  'url',
  'number',
  'currency',
  'date',
  'datetime',
  'select',
  'checkbox',
  'user',
]);

/** ORDER BY for a field: pick lists in their options' order, users by name, numbers as numbers. */
export function sortExpression(crm: CrmHooks, field: FieldDef): SQL {
  if (field.storage === 'external') {
    const sort = crm.field(field.name)?.sort;
    if (sort) return sort();
  }
  if (field.storage === 'column') {
    if (field.name === 'is_converted') return sql`${crmRecords.convertedAt}`;
    const column = columns[field.name as keyof typeof columns];
    if (field.fieldType === 'user') return userNameSql(column);
    return sql`${column}`;
  }
  switch (field.fieldType) {
    case 'number':
    case 'currency':
      return numeric(field);
    case 'select':
      return sql`array_position(ARRAY[${sqlList(field.optionList)}]::text[], ${valueText(field)})`;
    case 'user':
      return userNameSql(numeric(field));
    case 'date':
    case 'datetime':
    case 'checkbox':
      return valueText(field);
    default:
      return sql`lower(${valueText(field)})`;
  }
}
