import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../accounts/tables.ts';
import { cachesOr } from '../catalog/references.ts';
import { enquiries } from '../quotes/tables.ts';
import { leadFromQuote } from './loop-service.ts';

/**
 * The loop on the demo data: every demo quote request is a lead with its type_1 thread in its
 * seller's CRM, exactly as if the buyer had just sent it. Runs after the quotes' demo data.
 */
export async function loadCrmWorkDemoData(tx: Tx) {
  const rows = await tx
    .select({
      id: enquiries.id,
      requestGroup: enquiries.requestGroup,
      sellerUserId: enquiries.sellerUserId,
      sellerCompanyId: enquiries.sellerCompanyId,
      buyerUserId: enquiries.enquiryUserId,
      buyerName: users.fullName,
      productId: enquiries.productId,
      productName: enquiries.productName,
      combination: enquiries.combination,
      quantity: enquiries.quantity,
      message: enquiries.message,
    })
    .from(enquiries)
    .innerJoin(users, eq(users.id, enquiries.enquiryUserId))
    .orderBy(asc(enquiries.id));
  const caches = await cachesOr(tx);
  for (const row of rows) {
    if (row.productId === null) continue;
    await leadFromQuote(tx, { ...row, enquiryId: row.id, productId: row.productId }, caches);
  }
  return rows.length;
}
