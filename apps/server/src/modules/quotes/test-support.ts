import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { enquiries } from './tables.ts';

/** Moves an enquiry's arrival into the past (tests of response times and periods). */
export async function backdateEnquiry(db: Tx, enquiryId: number, createdAt: Date) {
  await db.update(enquiries).set({ createdAt }).where(eq(enquiries.id, enquiryId));
}
