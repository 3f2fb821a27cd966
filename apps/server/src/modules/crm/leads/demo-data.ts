import type { Tx } from '../../../db/client.ts';
import { cachesOr } from '../../catalog/public.ts';
import { submittedEnquiries } from '../../quotes/public.ts';
import { leadFromQuote } from './service.ts';
import type { CrmHooks } from '../records/hooks.ts';

/**
 * The loop on the demo data: every demo quote request is a lead with its type_1 thread in its
 * seller's CRM, exactly as if the buyer had just sent it. Runs after the quotes' demo data.
 */
export async function loadCrmWorkDemoData(crm: CrmHooks, tx: Tx) {
  const rows = await submittedEnquiries(tx);
  const caches = await cachesOr(tx);
  for (const row of rows) {
    if (row.productId === null) continue;
    await leadFromQuote(crm, tx, { ...row, enquiryId: row.id, productId: row.productId }, caches);
  }
  return rows.length;
}
