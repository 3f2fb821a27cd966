import { PERMISSIONS, type Permission } from '@tradeloop/contracts/accounts-roles';

const RECORD_PERMISSION = /^crm\.(leads|deals|accounts|contacts)\.(view|create|edit|delete|all)$/;

/**
 * Checks or unchecks one permission of a role being edited. Doing anything with a record type needs
 * seeing it: checking create, edit, delete or everyone's records also checks view, and unchecking view
 * unchecks the rest of that type. The answer keeps PERMISSIONS' order.
 */
export function togglePermission(current: readonly Permission[], permission: Permission, checked: boolean) {
  const next = new Set(current);
  const record = RECORD_PERMISSION.exec(permission);
  if (checked) {
    next.add(permission);
    if (record) next.add(`crm.${record[1]}.view` as Permission);
  } else {
    next.delete(permission);
    if (record && record[2] === 'view') {
      for (const other of PERMISSIONS) if (other.startsWith(`crm.${record[1]}.`)) next.delete(other);
    }
  }
  return PERMISSIONS.filter((candidate) => next.has(candidate));
}
