import { CRM_WORK_MESSAGES, type RecordTargetQuery, targetOf } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { findRecord } from './read.ts';

/**
 * The live record a call names by lead_id, contact_id, account_id or deal_id, inside the caller's
 * company: another company's record, or one of another type, is not found (404).
 */
export async function targetRecord(tx: Tx, companyId: number, query: RecordTargetQuery) {
  const target = targetOf(query);
  if (!target) throw invalid({ lead_id: [CRM_WORK_MESSAGES.recordRequired] });
  return findRecord(tx, companyId, target);
}

/** A live record of the company by its unique_id (the detail page's key). */
export function recordByUniqueId(tx: Tx, companyId: number, uniqueId: string) {
  return findRecord(tx, companyId, { uniqueId });
}
