import type { Permission } from '@tradeloop/contracts/accounts-roles';
import type { LocalUser } from '@tradeloop/contracts/auth';
import { useSession } from './session.ts';

/**
 * What the signed-in user's role lets it do (decision 038), read from the local user data kept at
 * sign-in. `permissions` null means not limited by a role (the owner, a buyer); data stored before
 * roles existed has no `permissions` at all and is treated the same way: the server decides.
 * The web only hides what a role cannot do; every call is still checked by the server.
 */
export function userCan(user: Pick<LocalUser, 'permissions'> | null, permission: Permission): boolean {
  const permissions = user?.permissions;
  if (permissions === null || permissions === undefined) return true;
  return permissions.includes(permission);
}

/** `can(permission)` for the signed-in user; re-renders when the stored user data changes. */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSession();
  return (permission) => userCan(user, permission);
}
