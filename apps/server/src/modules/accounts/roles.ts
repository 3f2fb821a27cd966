import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  PERMISSION_GROUPS,
  ROLE_MESSAGES,
  SEEDED_ROLE_KEYS,
  SEEDED_ROLES,
  type Permission,
  type RoleBody,
  type RoleRecord,
  type SeededRoleKey,
} from '@tradeloop/contracts/accounts-roles';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditActor } from './audit/service.ts';
import { grantsOf, sessionPermissions, type RoleRow } from './grants.ts';
import { roles, users } from './tables.ts';

/* Roles and permissions (decision 038): what a company's sub-users may do. */

/**
 * The caller acting on roles: its company, from where (for the audit log), and what it may grant
 * (null: everything, the owner).
 */
export type Granter = AuditActor & { permissions: readonly Permission[] | null };

/** What the role of each of these users, or of each holder of a role, lets them do now (for open sockets). */
export async function currentPermissions(db: Tx, whose: { userIds: number[] } | { roleId: number }) {
  // Flat columns: drizzle answers a nested object of a left join as null when its first column is null
  // (a custom role's key), which would read as "no role".
  const rows = await db
    .select({ userId: users.id, userType: users.userType, key: roles.key, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        'roleId' in whose ? eq(users.roleId, whose.roleId) : inArray(users.id, whose.userIds),
        isNull(users.deletedAt),
      ),
    );
  return rows.map(({ userId, userType, key, permissions }) => ({
    userId,
    permissions: sessionPermissions(userType, key === null && permissions === null ? null : { key, permissions }),
  }));
}

/** A new company's roles; answers the id of each seeded one. */
export async function seedRoles(tx: Tx, companyId: number): Promise<Record<SeededRoleKey, number>> {
  const rows = await tx
    .insert(roles)
    .values(SEEDED_ROLE_KEYS.map((key) => ({ companyId, key, name: SEEDED_ROLES[key].name })))
    .returning({ id: roles.id, key: roles.key });
  return Object.fromEntries(rows.map((row) => [row.key, row.id])) as Record<SeededRoleKey, number>;
}

export async function seededRoleId(tx: Tx, companyId: number, key: SeededRoleKey) {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.key, key)));
  if (!row) throw new Error(`company ${companyId} has no ${key} role`);
  return row.id;
}

async function findRole(tx: Tx, companyId: number, id: number): Promise<RoleRow> {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

/** A granter may hand out only what it holds itself (no sub-user raises its own access). */
function requireGrantable(granter: Granter, permissions: readonly Permission[]) {
  const held = granter.permissions;
  if (held && permissions.some((permission) => !held.includes(permission))) throw forbidden(ROLE_MESSAGES.notYours);
}

function toRole(row: RoleRow, users: number): RoleRecord {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    permissions: [...grantsOf(row)],
    users,
    locked: row.key === 'owner',
  };
}

/** GET roles/permissions/list: the company's roles, seeded first, with their users; and every permission. */
export async function listRoles(tx: Tx, companyId: number) {
  const rows = await tx.select().from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.id));
  const counts = await tx
    .select({ roleId: users.roleId, users: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .groupBy(users.roleId);
  const usersOf = new Map(counts.map((row) => [row.roleId, row.users]));
  return {
    roles: rows.map((row) => toRole(row, usersOf.get(row.id) ?? 0)),
    groups: PERMISSION_GROUPS,
  };
}

async function named<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [ROLE_MESSAGES.nameTaken] });
    throw error;
  }
}

/** POST roles/permissions/create. */
export async function createRole(tx: Tx, granter: Granter, body: RoleBody) {
  requireGrantable(granter, body.permissions);
  const [row] = await named(() =>
    tx
      .insert(roles)
      .values({ companyId: granter.companyId, name: body.name, permissions: body.permissions })
      .returning(),
  );
  await recordAudit(tx, granter, {
    action: 'role.created',
    target: { kind: 'role', id: row.id, label: row.name },
    details: { permissions: [...grantsOf(row)] },
  });
  return toRole(row, 0);
}

/** POST roles/permissions/update/{id}: the owner role stays as it is. */
export async function updateRole(tx: Tx, granter: Granter, id: number, body: RoleBody) {
  const role = await findRole(tx, granter.companyId, id);
  if (role.key === 'owner') throw invalid({ id: [ROLE_MESSAGES.ownerLocked] }, ROLE_MESSAGES.ownerLocked);
  requireGrantable(granter, body.permissions);
  const [row] = await named(() =>
    tx
      .update(roles)
      .set({ name: body.name, permissions: body.permissions, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning(),
  );
  const before = grantsOf(role);
  const after = grantsOf(row);
  await recordAudit(tx, granter, {
    action: 'role.updated',
    target: { kind: 'role', id, label: row.name },
    details: {
      previous_name: role.name,
      permissions_added: after.filter((permission) => !before.includes(permission)),
      permissions_removed: before.filter((permission) => !after.includes(permission)),
    },
  });
  const [{ total }] = await tx
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
  return toRole(row, total);
}

/**
 * POST roles/permissions/delete/{id}: a role in use goes only with `moveTo`, another role of the
 * company (not the owner's) that its users get in the same transaction.
 */
export async function deleteRole(tx: Tx, granter: Granter, id: number, moveTo: number | undefined) {
  const role = await findRole(tx, granter.companyId, id);
  if (role.key === 'owner') throw invalid({ id: [ROLE_MESSAGES.ownerLocked] }, ROLE_MESSAGES.ownerLocked);
  const holders = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
  let movedTo: string | undefined;
  if (holders.length > 0) {
    if (moveTo === undefined) throw invalid({ move_to: [ROLE_MESSAGES.inUse] }, ROLE_MESSAGES.inUse);
    const target = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.id, moveTo), eq(roles.companyId, granter.companyId), ne(roles.id, id)));
    if (!target[0] || target[0].key === 'owner') throw invalid({ move_to: [ROLE_MESSAGES.moveToInvalid] });
    requireGrantable(granter, grantsOf(target[0]));
    movedTo = target[0].name;
  }
  // Deleted accounts keep no role, so the foreign key lets the role go.
  await tx
    .update(users)
    .set({ roleId: moveTo ?? null })
    .where(eq(users.roleId, id));
  await tx.delete(roles).where(eq(roles.id, id));
  await recordAudit(tx, granter, {
    action: 'role.deleted',
    target: { kind: 'role', id, label: role.name },
    details: {
      permissions: [...grantsOf(role)],
      ...(movedTo && { moved_to: movedTo, users_moved: holders.length }),
    },
  });
  return { id, moved: holders.map((holder) => holder.id) };
}

/** The role a sub-user is given (invitation or change): the company's, not the owner's, and grantable. */
export async function assignableRole(tx: Tx, granter: Granter, roleId: number) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.companyId, granter.companyId)));
  if (!role || role.key === 'owner') throw invalid({ role_id: [ROLE_MESSAGES.roleRequired] });
  requireGrantable(granter, grantsOf(role));
  return role;
}

/** Role names by id, for lists of people. */
export async function roleNames(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
