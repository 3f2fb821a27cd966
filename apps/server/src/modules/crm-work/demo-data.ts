import type { Tx } from '../../db/client.ts';
import { cachesOr } from '../catalog/references.ts';
import { submittedEnquiries } from '../quotes/enquiries.ts';
import { leadFromQuote } from './loop-service.ts';

/**
 * The loop on the demo data: every demo quote request is a lead with its type_1 thread in its
 * seller's CRM, exactly as if the buyer had just sent it. Runs after the quotes' demo data.
 */
export async function loadCrmWorkDemoData(tx: Tx) {
  const rows = await submittedEnquiries(tx);
  const caches = await cachesOr(tx);
  for (const row of rows) {
    if (row.productId === null) continue;
    await leadFromQuote(tx, { ...row, enquiryId: row.id, productId: row.productId }, caches);
  }
  return rows.length;
}
