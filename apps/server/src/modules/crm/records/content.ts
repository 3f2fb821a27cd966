import type { RecordTargetQuery } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { recordByUniqueId, targetRecord } from './targets.ts';

/** Who made something, as answers show it: null once the user is gone. */
export function authorOf(row: { authorId: number | null; authorName: string | null }) {
  return row.authorId !== null && row.authorName !== null ? { id: row.authorId, full_name: row.authorName } : null;
}

/** The caller of a content call: the company it acts in and the user who acts. */
export type Actor = { companyId: number; userId: number };

/**
 * The live record a notes or e-mails call names, by crm_unique_id (the detail page's key) or by one
 * of lead_id, contact_id, account_id and deal_id; another company's record is not found (404).
 */
export function contentRecord(tx: Tx, companyId: number, target: RecordTargetQuery & { crm_unique_id?: string }) {
  if (target.crm_unique_id) return recordByUniqueId(tx, companyId, target.crm_unique_id);
  return targetRecord(tx, companyId, target);
}
