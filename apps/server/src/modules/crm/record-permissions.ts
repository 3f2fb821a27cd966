import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  recordPermission,
  ROLE_MESSAGES,
  type Permission,
  type RecordAction,
  type RecordPermissionType,
} from '@tradeloop/contracts/accounts-roles';
import { CRM_TYPE, type RecordTypeId } from '@tradeloop/contracts/crm';
import { limitedCaller, mayCaller } from '../../platform/caller-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { crmRecords } from './tables.ts';

/*
 * What a sub-user's role lets it do with CRM records (decision 038). Routes check what their input
 * names; the type and owner of a record named by id are checked here, where the CRM loads it.
 */

const typeNames = Object.fromEntries(Object.entries(CRM_TYPE).map(([name, id]) => [id, name])) as Record<
  RecordTypeId,
  RecordPermissionType
>;

export const permissionForType = (typeId: RecordTypeId, action: RecordAction): Permission =>
  recordPermission(typeNames[typeId], action);

/** A route permission on the record type its validated input names (`type_id`, leads by default). */
export function recordTypePermission(action: RecordAction) {
  return (request: FastifyRequest): Permission => {
    const input = { ...(request.body as object), ...(request.query as object) } as { type_id?: RecordTypeId };
    return permissionForType(input.type_id ?? CRM_TYPE.leads, action);
  };
}

/** 403 unless the running request's role may do `action` on records of this type. */
export function requireRecordAction(typeId: RecordTypeId, action: RecordAction) {
  if (!mayCaller(permissionForType(typeId, action))) throw forbidden(ROLE_MESSAGES.forbidden);
}

/**
 * The condition a list of one type adds for the running request: none when the role sees everyone's
 * records, only the caller's own otherwise; 403 when it may not see the type at all.
 */
export function visibleRecordsSql(typeId: RecordTypeId): SQL | undefined {
  requireRecordAction(typeId, 'view');
  const caller = limitedCaller();
  if (!caller || mayCaller(permissionForType(typeId, 'all'))) return undefined;
  return eq(crmRecords.ownerId, caller.userId);
}

/** 404 for a record the running request's role may not see (its type, or another user's record). */
export function requireVisible(row: { typeId: RecordTypeId; ownerId: number | null }) {
  const caller = limitedCaller();
  if (!caller) return;
  const seesType = mayCaller(permissionForType(row.typeId, 'view'));
  const seesRow = mayCaller(permissionForType(row.typeId, 'all')) || row.ownerId === caller.userId;
  if (!seesType || !seesRow) throw notFound();
}
