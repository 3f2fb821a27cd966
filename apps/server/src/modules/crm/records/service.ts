import { requireRecordAction, visibleRecordsSql } from './permissions.ts';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  CRM_MESSAGES,
  type CrmRecord,
  type FieldValue,
  type RecordTypeId,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, requireAllFound, type FieldErrors } from '../../../platform/errors.ts';
import { findPeople, userName } from '../../accounts/public.ts';
import { isEmptyValue, normalizeValue, searchText, type FieldDef } from '../forms/fields.ts';
import { loadFields, type LoadedFields } from '../forms/service.ts';
import { liveRecordIds } from './access.ts';
import { diffValues } from './changes.ts';
import { findRecord, selectRecords, toRecord, type RecordRow } from './read.ts';
import { crmRecords } from './tables.ts';
import { searchVector, valuesContain } from '../listing/tenant-index.ts';
import type { CrmHooks } from './hooks.ts';

/** Who is acting: the caller's company and the caller. */
export type Actor = { companyId: number; userId: number };

type WriteMode = {
  /** Values already stored (updates). */
  existing?: RecordValues;
  /** The record being written, so it does not collide with itself on unique fields. */
  recordId?: number;
  /** Create and full edit check every required field; inline and bulk edits only the ones they change. */
  requiredScope: 'all' | 'changed' | 'none';
  applyDefaults?: boolean;
  /** Drop unknown fields and invalid values instead of refusing (records made by other modules). */
  lenient?: boolean;
};

const onForm = (field: FieldDef) => field.storage === 'values' && field.sectionId !== null;

/** Holds the company's writers of one record type in line while unique values are checked. */
async function lockUniqueChecks(tx: Tx, loaded: LoadedFields) {
  if (!loaded.formFields.some((field) => field.isUnique)) return;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(4004, hashtext(${`${loaded.form.companyId}:${loaded.form.typeId}`}))`,
  );
}

async function checkUsers(tx: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const found = await findPeople(tx, { ids, companyId, live: true });
  return new Set(found.map((row) => row.id));
}

async function checkLookups(tx: Tx, companyId: number, typeId: RecordTypeId, ids: number[]) {
  return new Set(await liveRecordIds(tx, companyId, typeId, ids));
}

/** User and lookup values must point inside the company. */
async function checkReferences(
  tx: Tx,
  companyId: number,
  fields: FieldDef[],
  values: RecordValues,
  errors: FieldErrors,
) {
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || (field.fieldType !== 'user' && field.fieldType !== 'lookup')) continue;
    const ids = (Array.isArray(value) ? value : [value]) as number[];
    const known =
      field.fieldType === 'user'
        ? await checkUsers(tx, companyId, ids)
        : await checkLookups(tx, companyId, field.settings.lookup_type_id as RecordTypeId, ids);
    if (ids.some((id) => !known.has(id))) {
      errors[field.name] = [
        field.fieldType === 'user' ? CRM_MESSAGES.notUser(field.label) : CRM_MESSAGES.notRecord(field.label),
      ];
    }
  }
}

const CASE_INSENSITIVE = new Set(['text', 'email', 'url']);

/** Another live record of the type already holding `value` in a unique field. */
async function takenBy(tx: Tx, loaded: LoadedFields, field: FieldDef, value: FieldValue, recordId?: number) {
  const sameValue = CASE_INSENSITIVE.has(field.fieldType)
    ? sql`lower(${crmRecords.values}->>${field.name}::text) = lower(${String(value)})`
    : valuesContain(loaded.form.companyId, loaded.form.typeId, { [field.name]: value });
  const [row] = await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, loaded.form.companyId),
        eq(crmRecords.typeId, loaded.form.typeId),
        isNull(crmRecords.deletedAt),
        recordId !== undefined ? ne(crmRecords.id, recordId) : undefined,
        sameValue,
      ),
    )
    .limit(1);
  return row?.id;
}

async function checkUnique(
  tx: Tx,
  loaded: LoadedFields,
  values: RecordValues,
  changed: Set<string>,
  recordId: number | undefined,
  errors: FieldErrors,
) {
  for (const field of loaded.formFields) {
    const value = values[field.name];
    if (!field.isUnique || !changed.has(field.name) || isEmptyValue(value) || errors[field.name]) continue;
    if (await takenBy(tx, loaded, field, value, recordId)) errors[field.name] = [CRM_MESSAGES.unique(field.label)];
  }
}

/**
 * Validates and normalizes a write: types, required and unique flags, and references. Answers the
 * values to store (the existing ones merged with the changes) or throws 422 with every field's message.
 */
export async function prepareValues(tx: Tx, actor: Actor, loaded: LoadedFields, input: RecordValues, mode: WriteMode) {
  const errors: FieldErrors = {};
  const merged: RecordValues = { ...(mode.existing ?? {}) };
  const changed = new Set<string>();
  for (const [name, raw] of Object.entries(input)) {
    const field = loaded.formFields.find((candidate) => candidate.name === name);
    if (!field) {
      if (!mode.lenient) errors[name] = [CRM_MESSAGES.fieldUnknown];
      continue;
    }
    const normalized = normalizeValue(field, raw);
    if ('error' in normalized) {
      if (!mode.lenient) errors[name] = [normalized.error];
      continue;
    }
    changed.add(name);
    if (normalized.value === undefined) delete merged[name];
    else merged[name] = normalized.value;
  }
  if (mode.applyDefaults) {
    for (const field of loaded.formFields) {
      const fallback = field.settings.default_value;
      if (onForm(field) && isEmptyValue(merged[field.name]) && fallback !== undefined && fallback !== null) {
        merged[field.name] = fallback;
        changed.add(field.name);
      }
    }
  }
  for (const field of loaded.formFields) {
    const mustCheck =
      mode.requiredScope === 'all' ? onForm(field) : mode.requiredScope === 'changed' && changed.has(field.name);
    if (field.isRequired && mustCheck && isEmptyValue(merged[field.name]) && !errors[field.name]) {
      errors[field.name] = [CRM_MESSAGES.required(field.label)];
    }
  }
  const changedValues = Object.fromEntries(Object.entries(merged).filter(([name]) => changed.has(name)));
  await checkReferences(tx, actor.companyId, loaded.formFields, changedValues, errors);
  if (Object.keys(errors).length === 0 || mode.lenient) {
    await lockUniqueChecks(tx, loaded);
    await checkUnique(tx, loaded, merged, changed, mode.recordId, errors);
  }
  if (mode.lenient) return dropRejected(merged, mode.existing ?? {}, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return merged;
}

/** Lenient writes keep what passed and leave every rejected field as it was. */
function dropRejected(merged: RecordValues, existing: RecordValues, errors: FieldErrors) {
  for (const name of Object.keys(errors)) {
    if (existing[name] === undefined) delete merged[name];
    else merged[name] = existing[name];
  }
  return merged;
}

const searchOf = (loaded: LoadedFields, values: RecordValues) =>
  searchVector(loaded.form.companyId, searchText(loaded.formFields, values));

async function ownerOf(tx: Tx, actor: Actor, ownerId: number | null | undefined) {
  if (ownerId === undefined || ownerId === null) return actor.userId;
  const known = await checkUsers(tx, actor.companyId, [ownerId]);
  if (!known.has(ownerId)) throw invalid({ owner_id: [CRM_MESSAGES.notUser('Owner')] });
  return ownerId;
}

const assigned = (crm: CrmHooks, tx: Tx, actor: Actor, recordIds: number[], ownerId: number) =>
  crm.recordChanged(tx, { kind: 'assigned', companyId: actor.companyId, actorId: actor.userId, recordIds, ownerId });

export type NewRecord = {
  typeId: RecordTypeId;
  values: RecordValues;
  ownerId?: number | null;
  sourceLeadId?: number | null;
  lenient?: boolean;
  /** Where the record came from, for its history (a quote request, an import …). */
  source?: string;
};

/** Creates a record through its type's form; call inside a transaction. */
export async function createRecord(crm: CrmHooks, tx: Tx, actor: Actor, input: NewRecord): Promise<CrmRecord> {
  requireRecordAction(input.typeId, 'create');
  const loaded = await loadFields(crm, tx, actor.companyId, input.typeId);
  const values = await prepareValues(tx, actor, loaded, input.values, {
    requiredScope: input.lenient ? 'none' : 'all',
    applyDefaults: true,
    lenient: input.lenient,
  });
  const ownerId = await ownerOf(tx, actor, input.ownerId);
  const [created] = await tx
    .insert(crmRecords)
    .values({
      companyId: actor.companyId,
      typeId: input.typeId,
      formId: loaded.form.id,
      ownerId,
      createdBy: actor.userId,
      values,
      search: searchOf(loaded, values),
      sourceLeadId: input.sourceLeadId ?? null,
    })
    .returning({ id: crmRecords.id });
  await crm.recordChanged(tx, {
    kind: 'created',
    companyId: actor.companyId,
    actorId: actor.userId,
    recordId: created.id,
    typeId: input.typeId,
    ownerChosen: input.ownerId !== undefined && input.ownerId !== null,
    source: input.source,
  });
  return toRecord(await findRecord(tx, actor.companyId, { id: created.id }, { asWritten: true }));
}

/** Stores new values and tells the record's history which fields changed. */
export async function writeValues(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  loaded: LoadedFields,
  row: Pick<RecordRow, 'id' | 'typeId' | 'values'>,
  values: RecordValues,
) {
  await tx
    .update(crmRecords)
    .set({ values, search: searchOf(loaded, values), updatedAt: new Date() })
    .where(eq(crmRecords.id, row.id));
  const changes = diffValues(loaded.formFields, row.values, values);
  if (changes.length === 0) return;
  await crm.recordChanged(tx, {
    kind: 'field_changed',
    companyId: actor.companyId,
    actorId: actor.userId,
    recordId: row.id,
    typeId: row.typeId,
    changes,
  });
}

/** Full edit (PUT crm/update_record/{id}): the changed values, every required field checked. */
export async function updateRecord(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  id: number,
  input: RecordValues,
): Promise<CrmRecord> {
  const row = await findRecord(tx, actor.companyId, { id });
  requireRecordAction(row.typeId, 'edit');
  const loaded = await loadFields(crm, tx, actor.companyId, row.typeId);
  const values = await prepareValues(tx, actor, loaded, input, {
    existing: row.values,
    recordId: row.id,
    requiredScope: 'all',
  });
  await writeValues(crm, tx, actor, loaded, row, values);
  return toRecord(await findRecord(tx, actor.companyId, { id }, { asWritten: true }));
}

/** Inline edit of one value (POST crm/update_datalisting_fields); owner_id changes the owner. */
export async function updateOneField(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  target: { uniqueId: string; typeId?: RecordTypeId; field: number | string },
  value: FieldValue | undefined,
): Promise<CrmRecord> {
  const row = await findRecord(tx, actor.companyId, { uniqueId: target.uniqueId, typeId: target.typeId });
  requireRecordAction(row.typeId, 'edit');
  const loaded = await loadFields(crm, tx, actor.companyId, row.typeId);
  if (target.field === 'owner_id') {
    const ownerId = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(ownerId) || ownerId <= 0) throw invalid({ owner_id: [CRM_MESSAGES.notUser('Owner')] });
    const owner = await ownerOf(tx, actor, ownerId);
    await tx.update(crmRecords).set({ ownerId: owner, updatedAt: new Date() }).where(eq(crmRecords.id, row.id));
    if (owner !== row.ownerId) await assigned(crm, tx, actor, [row.id], owner);
    return toRecord(await findRecord(tx, actor.companyId, { id: row.id }, { asWritten: true }));
  }
  const field = loaded.formFields.find((candidate) =>
    typeof target.field === 'number' || /^\d+$/.test(String(target.field))
      ? candidate.id === Number(target.field)
      : candidate.name === target.field,
  );
  if (!field) throw invalid({ form_input_list_id: [CRM_MESSAGES.fieldUnknown] });
  const values = await prepareValues(
    tx,
    actor,
    loaded,
    { [field.name]: value ?? null },
    {
      existing: row.values,
      recordId: row.id,
      requiredScope: 'changed',
    },
  );
  await writeValues(crm, tx, actor, loaded, row, values);
  return toRecord(await findRecord(tx, actor.companyId, { id: row.id }, { asWritten: true }));
}

/** Soft delete (DELETE crm/delete_lead): the record leaves every list and can be restored. */
export async function softDelete(crm: CrmHooks, tx: Tx, actor: Actor, uniqueId: string) {
  const row = await findRecord(tx, actor.companyId, { uniqueId });
  requireRecordAction(row.typeId, 'delete');
  await tx.update(crmRecords).set({ deletedAt: new Date() }).where(eq(crmRecords.id, row.id));
  await crm.recordChanged(tx, {
    kind: 'deleted',
    companyId: actor.companyId,
    actorId: actor.userId,
    recordIds: [row.id],
  });
}

async function assertRestorable(crm: CrmHooks, tx: Tx, actor: Actor, row: RecordRow) {
  const loaded = await loadFields(crm, tx, actor.companyId, row.typeId);
  const errors: FieldErrors = {};
  await lockUniqueChecks(tx, loaded);
  await checkUnique(tx, loaded, row.values, new Set(Object.keys(row.values)), row.id, errors);
  const [first] = Object.values(errors);
  if (first) throw conflict(first[0], errors);
}

export async function restore(crm: CrmHooks, tx: Tx, actor: Actor, uniqueId: string): Promise<CrmRecord> {
  const row = await findRecord(tx, actor.companyId, { uniqueId }, { deleted: true });
  requireRecordAction(row.typeId, 'delete');
  if (row.deletedAt) {
    await assertRestorable(crm, tx, actor, row);
    await tx.update(crmRecords).set({ deletedAt: null, updatedAt: new Date() }).where(eq(crmRecords.id, row.id));
    await crm.recordChanged(tx, {
      kind: 'restored',
      companyId: actor.companyId,
      actorId: actor.userId,
      recordIds: [row.id],
    });
  }
  return toRecord(await findRecord(tx, actor.companyId, { id: row.id }, { asWritten: true }));
}

/** The records among `ids` of the company and type that the running request's role sees. */
function ofCompany(actor: Actor, typeId: RecordTypeId, ids: number[]) {
  return and(
    eq(crmRecords.companyId, actor.companyId),
    eq(crmRecords.typeId, typeId),
    inArray(crmRecords.id, ids),
    visibleRecordsSql(typeId),
  );
}

/** Bulk operations name records of the caller's company and this type only (in the bin or not); 404 otherwise. */
async function requireRecords(tx: Tx, actor: Actor, typeId: RecordTypeId, ids: number[]) {
  const rows = await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(ofCompany(actor, typeId, ids));
  requireAllFound(
    ids,
    rows.map((row) => row.id),
  );
}

export async function bulkDelete(crm: CrmHooks, tx: Tx, actor: Actor, typeId: RecordTypeId, ids: number[]) {
  requireRecordAction(typeId, 'delete');
  await requireRecords(tx, actor, typeId, ids);
  const rows = await tx
    .update(crmRecords)
    .set({ deletedAt: new Date() })
    .where(and(ofCompany(actor, typeId, ids), isNull(crmRecords.deletedAt)))
    .returning({ id: crmRecords.id });
  const recordIds = rows.map((row) => row.id);
  await crm.recordChanged(tx, { kind: 'deleted', companyId: actor.companyId, actorId: actor.userId, recordIds });
  return rows.length;
}

export async function bulkRestore(crm: CrmHooks, tx: Tx, actor: Actor, typeId: RecordTypeId, ids: number[]) {
  requireRecordAction(typeId, 'delete');
  await requireRecords(tx, actor, typeId, ids);
  const rows = await selectRecords(tx).where(and(ofCompany(actor, typeId, ids), isNotNull(crmRecords.deletedAt)));
  for (const row of rows) {
    await assertRestorable(crm, tx, actor, row);
    await tx.update(crmRecords).set({ deletedAt: null, updatedAt: new Date() }).where(eq(crmRecords.id, row.id));
  }
  const recordIds = rows.map((row) => row.id);
  await crm.recordChanged(tx, { kind: 'restored', companyId: actor.companyId, actorId: actor.userId, recordIds });
  return rows.length;
}

export async function bulkAssign(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  typeId: RecordTypeId,
  ids: number[],
  ownerId: number,
) {
  requireRecordAction(typeId, 'edit');
  await requireRecords(tx, actor, typeId, ids);
  const owner = await ownerOf(tx, actor, ownerId);
  const rows = await tx
    .update(crmRecords)
    .set({ ownerId: owner, updatedAt: new Date() })
    .where(and(ofCompany(actor, typeId, ids), isNull(crmRecords.deletedAt)))
    .returning({ id: crmRecords.id });
  await assigned(
    crm,
    tx,
    actor,
    rows.map((row) => row.id),
    owner,
  );
  return { count: rows.length, ownerName: (await userName(tx, owner)) ?? '' };
}

/** Sets one field on many records; each write is checked like an inline edit. */
export async function bulkUpdate(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  typeId: RecordTypeId,
  ids: number[],
  fieldName: string,
  value: FieldValue | undefined,
) {
  requireRecordAction(typeId, 'edit');
  const loaded = await loadFields(crm, tx, actor.companyId, typeId);
  const field = loaded.formFields.find((candidate) => candidate.name === fieldName);
  if (!field) throw invalid({ field: [CRM_MESSAGES.fieldUnknown] });
  await requireRecords(tx, actor, typeId, ids);
  const rows = await selectRecords(tx).where(and(ofCompany(actor, typeId, ids), isNull(crmRecords.deletedAt)));
  if (field.isUnique && rows.length > 1 && !isEmptyValue(value))
    throw invalid({ [field.name]: [CRM_MESSAGES.unique(field.label)] });
  for (const row of rows) {
    const values = await prepareValues(
      tx,
      actor,
      loaded,
      { [field.name]: value ?? null },
      {
        existing: row.values,
        recordId: row.id,
        requiredScope: 'changed',
      },
    );
    await writeValues(crm, tx, actor, loaded, row, values);
  }
  return rows.length;
}
