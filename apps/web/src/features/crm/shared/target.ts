import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmKeys } from './api/keys.ts';

const TARGET_PARAM: Record<RecordTypeId, 'lead_id' | 'deal_id' | 'account_id' | 'contact_id'> = {
  1: 'lead_id',
  2: 'deal_id',
  3: 'account_id',
  4: 'contact_id',
};

/** How CRM work calls name a record: { lead_id }, { contact_id }, { account_id } or { deal_id }. */
export function targetParams(typeId: RecordTypeId, id: number) {
  return { [TARGET_PARAM[typeId]]: id } as Record<string, number>;
}

/** Query keys of the work on one record; they sit under the CRM's keys, so a CRM refresh covers them. */
export const workKeys = {
  all: () => [...crmKeys.all, 'work'] as const,
  record: (typeId: RecordTypeId, id: number) => [...workKeys.all(), typeId, id] as const,
  part: (typeId: RecordTypeId, id: number, part: string) => [...workKeys.record(typeId, id), part] as const,
};
