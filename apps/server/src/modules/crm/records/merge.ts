import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CRM_MESSAGES,
  type MergeBody,
  type MergeResult,
  recordTitle,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid } from '../../../platform/errors.ts';
import { isEmptyValue, type FieldDef } from '../forms/fields.ts';
import { loadFields } from '../forms/service.ts';
import type { CrmHooks } from './hooks.ts';
import { requireRecordAction } from './permissions.ts';
import { findRecord, toRef } from './read.ts';
import { rehomeRelated } from './rehome.ts';
import { prepareValues, softDelete, writeValues, type Actor } from './service.ts';
import { crmRecords } from './tables.ts';

/**
 * The kept record's values after a merge, as changes to write: a field the request names takes the
 * chosen side's value; any other field the kept record leaves empty takes the merged one's.
 */
function mergedChanges(fields: FieldDef[], kept: RecordValues, merged: RecordValues, choices: MergeBody['choices']) {
  const unknown = Object.keys(choices).filter((name) => !fields.some((field) => field.name === name));
  if (unknown.length > 0) throw invalid(Object.fromEntries(unknown.map((name) => [name, [CRM_MESSAGES.fieldUnknown]])));
  const changes: RecordValues = {};
  for (const field of fields) {
    const side = choices[field.name] ?? (isEmptyValue(kept[field.name]) ? 'merged' : 'kept');
    if (side === 'kept') continue;
    const value = merged[field.name];
    if (JSON.stringify(value ?? null) !== JSON.stringify(kept[field.name] ?? null)) changes[field.name] = value ?? null;
  }
  return changes;
}

/**
 * Merges record `merged_id` into record `kept_id` (same type; docs/decisions/065): the kept record takes
 * the chosen values, everything related to the merged one moves onto it (rehome.ts), the merged record
 * goes to the trash and the kept one's history tells of the merge. One transaction: all of it or nothing.
 */
export async function mergeRecords(crm: CrmHooks, tx: Tx, actor: Actor, body: MergeBody): Promise<MergeResult> {
  if (body.kept_id === body.merged_id) throw invalid({ merged_id: [CRM_MESSAGES.mergeSameRecord] });
  const ids = [body.kept_id, body.merged_id];
  // Both rows locked, in id order, so two merges of the same pair wait for each other instead of deadlocking.
  await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(and(eq(crmRecords.companyId, actor.companyId), inArray(crmRecords.id, ids)))
    .orderBy(asc(crmRecords.id))
    .for('update');
  const merged = await findRecord(tx, actor.companyId, { id: body.merged_id });
  const before = await findRecord(tx, actor.companyId, { id: body.kept_id });
  if (before.typeId !== merged.typeId) throw invalid({ merged_id: [CRM_MESSAGES.mergeOtherType] });
  requireRecordAction(before.typeId, 'edit');
  requireRecordAction(before.typeId, 'delete');
  if (before.convertedAt || merged.convertedAt) throw conflict(CRM_MESSAGES.mergeConverted);
  const loaded = await loadFields(crm, tx, actor.companyId, before.typeId);
  const fields = loaded.formFields.filter((field) => field.storage === 'values');
  const changes = mergedChanges(fields, before.values, merged.values, body.choices);

  const typeId = before.typeId;
  const moved = await rehomeRelated(crm, tx, {
    companyId: actor.companyId,
    from: { id: merged.id, typeId },
    to: { id: before.id, typeId },
  });
  // The merged record leaves first, so a unique value (an e-mail) it gives the kept one is free.
  await softDelete(crm, tx, actor, merged.uniqueId);
  const kept = await findRecord(tx, actor.companyId, { id: before.id }, { asWritten: true });
  const values = await prepareValues(tx, actor, loaded, changes, {
    existing: kept.values,
    recordId: kept.id,
    requiredScope: 'changed',
  });
  await writeValues(crm, tx, actor, loaded, kept, values);
  const mergedTitle = recordTitle(typeId, merged.values);
  await crm.recordChanged(tx, {
    kind: 'merged',
    companyId: actor.companyId,
    actorId: actor.userId,
    recordId: kept.id,
    typeId,
    merged: { id: merged.id, title: mergedTitle },
    moved,
  });
  return { kept: toRef({ ...kept, values }), merged: toRef(merged), moved };
}
