import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  recordPermission,
  ROLE_MESSAGES,
  type Permission,
  type RecordAction,
  type RecordPermissionType,
} from '@tradeloop/contracts/accounts-roles';
import { CRM_TYPE, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import { limitedCaller, mayCaller } from '../../../platform/caller-context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
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
 * How much of a record type the running request's role sees: nothing, the records it owns, or all
 * (no caller: all). The one rule every read of records or of what hangs off them follows (decision 063).
 */
export type RecordScope = 'none' | 'own' | 'all';
export function recordScope(typeId: RecordTypeId): RecordScope {
  if (!mayCaller(permissionForType(typeId, 'view'))) return 'none';
  return !limitedCaller() || mayCaller(permissionForType(typeId, 'all')) ? 'all' : 'own';
}

/**
 * The condition a list of one type adds for the running request: none when the role sees everyone's
 * records, only the caller's own otherwise; 403 when it may not see the type at all.
 */
export function visibleRecordsSql(typeId: RecordTypeId): SQL | undefined {
  requireRecordAction(typeId, 'view');
  const caller = limitedCaller();
  if (!caller || recordScope(typeId) === 'all') return undefined;
  return eq(crmRecords.ownerId, caller.userId);
}

const recordTypeIds = Object.values(CRM_TYPE) as RecordTypeId[];

/**
 * The condition every read of a table hanging off records (activities, timeline, e-mails, threads,
 * engagement …) adds: the row's record, `recordId`, is one the running request sees (its type, and
 * the caller's own without `.all`); undefined when nothing limits the caller. A row on no record is
 * seen when `orphanOwner` is the caller (without `orphanOwner`: always).
 */
export function visibleRecordIdSql(recordId: SQLWrapper, options: { orphanOwner?: SQLWrapper } = {}): SQL | undefined {
  const caller = limitedCaller();
  if (!caller) return undefined;
  const scopes = recordTypeIds.map((typeId) => ({ typeId, scope: recordScope(typeId) }));
  if (scopes.every(({ scope }) => scope === 'all')) return undefined;
  const ofScope = (wanted: RecordScope) => scopes.filter(({ scope }) => scope === wanted).map(({ typeId }) => typeId);
  const all = ofScope('all');
  const own = ofScope('own');
  const seen =
    or(
      all.length ? inArray(crmRecords.typeId, all) : undefined,
      own.length ? and(inArray(crmRecords.typeId, own), eq(crmRecords.ownerId, caller.userId)) : undefined,
    ) ?? sql`false`;
  // Nested so drizzle keeps crm_records' columns qualified inside a query on another table.
  const visible = sql`EXISTS (${sql`SELECT 1 FROM ${crmRecords} WHERE ${crmRecords.id} = ${recordId} AND ${seen}`})`;
  const orphan = options.orphanOwner ? sql`${options.orphanOwner} = ${caller.userId}` : sql`true`;
  return or(and(isNull(recordId), orphan), visible);
}

/** 404 for a record the running request's role may not see (its type, or another user's record). */
export function requireVisible(row: { typeId: RecordTypeId; ownerId: number | null }) {
  const caller = limitedCaller();
  if (!caller) return;
  const scope = recordScope(row.typeId);
  if (scope === 'none' || (scope === 'own' && row.ownerId !== caller.userId)) throw notFound();
}
