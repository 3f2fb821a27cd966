import { PERMISSIONS, SEEDED_ROLES, type Permission } from '@tradeloop/contracts/accounts-roles';
import type { UserType } from '@tradeloop/contracts/auth';
import type { roles } from './tables.ts';

/* What a role grants (decision 038): apart from roles.ts, so that the sessions' users read it without the audit log. */

export type RoleRow = typeof roles.$inferSelect;

/** What a role grants: a seeded role's defaults until the company edits it; the owner's, always all. */
export function grantsOf(role: Pick<RoleRow, 'key' | 'permissions'>): readonly Permission[] {
  if (role.key === 'owner') return PERMISSIONS;
  return role.permissions ?? (role.key ? SEEDED_ROLES[role.key].permissions : []);
}

/**
 * What a signed-in user may do, for the access check: null means not limited by a role (the seller who
 * owns the company, a buyer); a sub-user has its role's grants.
 */
export function sessionPermissions(
  userType: UserType,
  role: Pick<RoleRow, 'key' | 'permissions'> | null,
): readonly Permission[] | null {
  if (userType !== 'subuser') return null;
  return role ? grantsOf(role) : [];
}
