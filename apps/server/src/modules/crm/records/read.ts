import { requireVisible } from './permissions.ts';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  type CrmRecord,
  type RecordRef,
  recordTitle,
  type RecordTypeId,
  type Refs,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { findPeople, userNameSql } from '../../accounts/public.ts';
import type { FieldDef } from '../forms/fields.ts';
import { crmForms } from '../forms/tables.ts';
import { crmRecords } from './tables.ts';

/** The columns every record answer needs, with its owner's name and its form's unique id. */
export const recordSelection = {
  id: crmRecords.id,
  uniqueId: crmRecords.uniqueId,
  typeId: crmRecords.typeId,
  companyId: crmRecords.companyId,
  formId: crmRecords.formId,
  values: crmRecords.values,
  ownerId: crmRecords.ownerId,
  ownerName: userNameSql(crmRecords.ownerId),
  formUniqueId: crmForms.uniqueId,
  createdAt: crmRecords.createdAt,
  updatedAt: crmRecords.updatedAt,
  deletedAt: crmRecords.deletedAt,
  convertedAt: crmRecords.convertedAt,
  convertedContactId: crmRecords.convertedContactId,
  convertedAccountId: crmRecords.convertedAccountId,
  convertedDealId: crmRecords.convertedDealId,
  sourceLeadId: crmRecords.sourceLeadId,
};
export function selectRecords(tx: Tx) {
  return tx.select(recordSelection).from(crmRecords).innerJoin(crmForms, eq(crmForms.id, crmRecords.formId));
}
export type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];
/** The columns an answer's record is made of; times as Dates, or as ISO text already (lists). */
export type RecordFields = Pick<
  RecordRow,
  'id' | 'uniqueId' | 'formUniqueId' | 'typeId' | 'values' | 'ownerId' | 'ownerName' | 'sourceLeadId'
> & {
  createdAt: Date | string;
  updatedAt: Date | string;
  deletedAt: Date | string | null;
  convertedAt: Date | string | null;
};

const iso = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

export function toRecord(row: RecordFields): CrmRecord {
  return {
    id: row.id,
    unique_id: row.uniqueId,
    crm_user_form_unique_id: row.formUniqueId,
    type_id: row.typeId,
    title: recordTitle(row.typeId, row.values),
    owner: row.ownerId && row.ownerName ? { id: row.ownerId, full_name: row.ownerName } : null,
    values: row.values,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    deleted_at: row.deletedAt === null ? null : iso(row.deletedAt),
    converted_at: row.convertedAt === null ? null : iso(row.convertedAt),
    source_lead_id: row.sourceLeadId,
  };
}

/**
 * One live record of the company that the running request's role may see, or 404 (another company's
 * record answers the same). `asWritten`: the record this call has just written, re-read whoever owns it now.
 */
export async function findRecord(
  tx: Tx,
  companyId: number,
  where: { id?: number; uniqueId?: string; typeId?: RecordTypeId },
  options: { deleted?: boolean; asWritten?: boolean } = {},
): Promise<RecordRow> {
  if (where.uniqueId !== undefined && !/^[0-9a-f-]{36}$/i.test(where.uniqueId)) throw notFound();
  const conditions: (SQL | undefined)[] = [
    eq(crmRecords.companyId, companyId),
    where.id !== undefined ? eq(crmRecords.id, where.id) : undefined,
    where.uniqueId !== undefined ? eq(crmRecords.uniqueId, where.uniqueId) : undefined,
    where.typeId !== undefined ? eq(crmRecords.typeId, where.typeId) : undefined,
    options.deleted ? undefined : isNull(crmRecords.deletedAt),
  ];
  const [row] = await selectRecords(tx)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw notFound();
  if (!options.asWritten) requireVisible(row);
  return row;
}

export function toRef(row: {
  id: number;
  uniqueId: string;
  typeId: RecordTypeId;
  values: CrmRecord['values'];
}): RecordRef {
  return { id: row.id, unique_id: row.uniqueId, type_id: row.typeId, title: recordTitle(row.typeId, row.values) };
}

/** Live records of one type of the company under further conditions, with the columns a reference needs. */
export function liveRefRows(tx: Tx, companyId: number, typeId: RecordTypeId, ...conditions: (SQL | undefined)[]) {
  return tx
    .select({ id: crmRecords.id, uniqueId: crmRecords.uniqueId, typeId: crmRecords.typeId, values: crmRecords.values })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, typeId),
        isNull(crmRecords.deletedAt),
        ...conditions,
      ),
    );
}

/** Live records of the company by id, as references. */
export async function refsByIds(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, RecordRef>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: crmRecords.id, uniqueId: crmRecords.uniqueId, typeId: crmRecords.typeId, values: crmRecords.values })
    .from(crmRecords)
    .where(and(eq(crmRecords.companyId, companyId), inArray(crmRecords.id, unique), isNull(crmRecords.deletedAt)));
  return new Map(rows.map((row) => [row.id, toRef(row)]));
}

/** Names of the users and titles of the records that user and lookup values of `rows` point to. */
export async function collectRefs(
  tx: Tx,
  companyId: number,
  fields: FieldDef[],
  rows: { values: CrmRecord['values'] }[],
): Promise<Refs> {
  const userIds = new Set<number>();
  const recordIds = new Set<number>();
  for (const field of fields) {
    if (field.storage !== 'values' || (field.fieldType !== 'user' && field.fieldType !== 'lookup')) continue;
    const target = field.fieldType === 'user' ? userIds : recordIds;
    for (const row of rows) {
      const value = row.values[field.name];
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') target.add(id);
    }
  }
  const refs: Refs = { users: {}, records: {} };
  if (userIds.size) {
    const found = await findPeople(tx, { ids: [...userIds], companyId });
    for (const user of found) refs.users[user.id] = user.name;
  }
  for (const [id, ref] of await refsByIds(tx, companyId, [...recordIds])) refs.records[id] = ref;
  return refs;
}
