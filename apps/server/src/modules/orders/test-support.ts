import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quotationVersions } from './tables.ts';

/** Moves every version of quotation `quotationId` past its validity (tests of expiry). */
export async function expireQuotation(db: Tx, quotationId: number) {
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await db
    .update(quotationVersions)
    .set({ validUntil: yesterday })
    .where(eq(quotationVersions.quotationId, quotationId));
}
