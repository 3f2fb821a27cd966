import {
  recordPermission,
  type Permission,
  type RecordAction,
  type RecordPermissionType,
} from '@tradeloop/contracts/accounts-roles';
import { crmType, type RecordTypeId } from '@tradeloop/contracts/crm/records';

/** The permission an action on a record type needs (decision 038): `crm.leads.create` for leads. */
export function recordTypePermission(typeId: RecordTypeId, action: RecordAction): Permission {
  return recordPermission(crmType(typeId).slug as RecordPermissionType, action);
}
