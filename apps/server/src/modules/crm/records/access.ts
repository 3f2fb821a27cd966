import { and, eq, getTableName, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CRM_TYPE, type RecordTypeId, type RecordValues } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { searchText, type FieldDef } from '../forms/fields.ts';
import type { LoadedFields } from '../forms/service.ts';
import { crmFormFields, crmForms } from '../forms/tables.ts';
import { crmRecords } from './tables.ts';
import { searchVector, valuesContain } from '../listing/tenant-index.ts';

/*
 * What the CRM offers the modules that keep things on its records (crm-work: activities, e-mails,
 * notes, files, tags, threads, statuses; docs/decisions/023). They call these instead of reading
 * crm_records or the form tables.
 */

type RecordRow = typeof crmRecords.$inferSelect;
type RecordColumn = 'uniqueId' | 'typeId' | 'values' | 'deletedAt' | 'companyId' | 'ownerId';

/**
 * One column of the record whose id `id` holds, for another module's query (a scalar subquery on
 * the primary key, nested so drizzle keeps its columns qualified). Null when there is no record.
 */
export function recordColumnSql<K extends RecordColumn>(id: SQLWrapper, column: K) {
  const target = crmRecords[column];
  return sql`(${sql`SELECT ${target} FROM ${crmRecords} WHERE ${crmRecords.id} = ${id}`})`.mapWith(target) as SQL<
    RecordRow[K]
  >;
}

/** True when `id` holds the id of a record that is not in the trash. */
export const recordIsLiveSql = (id: SQLWrapper): SQL =>
  sql`EXISTS (${sql`SELECT 1 FROM ${crmRecords} WHERE ${crmRecords.id} = ${id} AND ${crmRecords.deletedAt} IS NULL`})`;

/** True when `id` holds the id of a live record of one of these types. */
export const recordIsLiveOfTypeSql = (id: SQLWrapper, typeIds: RecordTypeId[]): SQL =>
  sql`EXISTS (${sql`SELECT 1 FROM ${crmRecords} WHERE ${crmRecords.id} = ${id} AND ${crmRecords.deletedAt} IS NULL
    AND ${inArray(crmRecords.typeId, typeIds)}`})`;

/**
 * The id of the record a list query is on, as "table"."column" (a bare "id" inside a subquery would
 * mean the subquery's own): for the conditions an external field compiles (fields.ts).
 */
export const listedRecordId: SQL = sql`${sql.identifier(getTableName(crmRecords))}.${sql.identifier(crmRecords.id.name)}`;

/** Locks the record's row for the rest of the transaction (one writer at a time per record). */
export async function lockRecord(tx: Tx, recordId: number) {
  await tx.select({ id: crmRecords.id }).from(crmRecords).where(eq(crmRecords.id, recordId)).for('update');
}

/** Ids among `ids` of the company's live records of this type. */
export async function liveRecordIds(tx: Tx, companyId: number, typeId: RecordTypeId, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, typeId),
        inArray(crmRecords.id, ids),
        isNull(crmRecords.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** The company's live leads after `afterId`, by id: the batches of a pass over every lead (rescoring). */
export async function liveLeadIdsAfter(tx: Tx, companyId: number, afterId: number, limit: number) {
  const rows = await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, CRM_TYPE.leads),
        isNull(crmRecords.deletedAt),
        sql`${crmRecords.id} > ${afterId}`,
      ),
    )
    .orderBy(crmRecords.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The values of the company's live leads among `ids` (lead scoring's facts), by id. */
export async function liveLeadValues(tx: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, RecordValues>();
  const rows = await tx
    .select({ id: crmRecords.id, values: crmRecords.values })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, CRM_TYPE.leads),
        isNull(crmRecords.deletedAt),
        sql`${crmRecords.id} = any(${sql.param(ids)}::bigint[])`,
      ),
    );
  return new Map(rows.map((row) => [row.id, row.values]));
}

/** The live contacts of the company among `ids`, or pointing at account `accountId` (at most 100). */
export async function liveContacts(tx: Tx, companyId: number, where: { ids?: number[]; accountId?: number }) {
  const condition = where.ids
    ? inArray(crmRecords.id, where.ids)
    : valuesContain(companyId, CRM_TYPE.contacts, { account: where.accountId! });
  return tx
    .select({ typeId: crmRecords.typeId, values: crmRecords.values })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, CRM_TYPE.contacts),
        isNull(crmRecords.deletedAt),
        condition,
      ),
    )
    .limit(100);
}

// ── lead values (the statuses of crm-work keep theirs in the lead_status field) ─────────────────

const LEAD = CRM_TYPE.leads;

/** A field's option list and settings; the form's updated_at moves so its cached fields reload. */
export async function writeFieldOptions(
  tx: Tx,
  loaded: LoadedFields,
  field: FieldDef & { id: number },
  options: string[],
  settings: FieldDef['settings'],
) {
  await tx
    .update(crmFormFields)
    .set({ optionList: options, settings, updatedAt: new Date() })
    .where(eq(crmFormFields.id, field.id));
  // The form's fields are cached by its updated_at: it must move, even within the same millisecond.
  await tx
    .update(crmForms)
    .set({ updatedAt: sql`greatest(now(), ${crmForms.updatedAt} + interval '1 millisecond')` })
    .where(eq(crmForms.id, loaded.form.id));
}

/** Live leads by the value of one of their fields (lower case), counted. */
export async function countLeadsBy(tx: Tx, companyId: number, fieldName: 'lead_status' | 'lead_source') {
  // The name is spelled into the SQL (one of two constants), so GROUP BY sees the selected expression.
  const value = sql<string | null>`${crmRecords.values}->>${sql.raw(`'${fieldName}'`)}`;
  const rows = await tx
    .select({ value, count: sql<number>`count(*)::int` })
    .from(crmRecords)
    .where(and(eq(crmRecords.companyId, companyId), eq(crmRecords.typeId, LEAD), isNull(crmRecords.deletedAt)))
    .groupBy(value);
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

/** How many live leads hold `value` in field `fieldName`. */
export async function countLeadsHolding(tx: Tx, companyId: number, fieldName: string, value: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, LEAD),
        isNull(crmRecords.deletedAt),
        valuesContain(companyId, LEAD, { [fieldName]: value }),
      ),
    );
  return Number(row.count);
}

/** Every lead (live or in the trash) holding `value` in field `fieldName`. */
export async function leadsHolding(tx: Tx, companyId: number, fieldName: string, value: string) {
  return tx
    .select({
      id: crmRecords.id,
      typeId: crmRecords.typeId,
      values: crmRecords.values,
      deletedAt: crmRecords.deletedAt,
    })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, LEAD),
        valuesContain(companyId, LEAD, { [fieldName]: value }),
      ),
    );
}

/** New values for a lead, its keyword index with them, and nothing in its history (a rename). */
export async function replaceLeadValues(tx: Tx, loaded: LoadedFields, leadId: number, values: RecordValues) {
  const companyId = loaded.form.companyId;
  await tx
    .update(crmRecords)
    .set({ values, search: searchVector(companyId, searchText(loaded.formFields, values)) })
    .where(eq(crmRecords.id, leadId));
}
