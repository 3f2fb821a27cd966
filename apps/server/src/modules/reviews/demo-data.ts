import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/public.ts';
import { findDirectRoom } from '../chat/public.ts';
import { submittedEnquiries } from '../quotes/public.ts';
import { refreshCompanyRating } from './service.ts';
import { reviews } from './tables.ts';

/**
 * Demo reviews of the demo seller (decision 045): two buyers review their enquiries (one answered by
 * the seller), a third the conversation he had without an enquiry. The demo buyer's enquiry is left
 * unreviewed, so signing in as the demo buyer shows the form.
 */

const JAMES = 'james.miller@buyer.tradeloop.test';
const FATIMA = 'fatima.mansouri@buyer.tradeloop.test';
const LUKAS = 'lukas.schneider@buyer.tradeloop.test';
const day = 24 * 60 * 60 * 1000;

export async function loadReviewsDemoData(tx: Tx) {
  const people = await findPeople(tx, { emails: [DEMO_ACCOUNTS.seller, JAMES, FATIMA, LUKAS] });
  const byEmail = new Map(people.map((person) => [person.email, person]));
  const seller = byEmail.get(DEMO_ACCOUNTS.seller);
  if (!seller?.companyId) return;
  const companyId = seller.companyId;
  const enquiries = (await submittedEnquiries(tx)).filter((enquiry) => enquiry.sellerCompanyId === companyId);
  const firstOf = (email: string) => {
    const buyer = byEmail.get(email);
    return buyer ? enquiries.find((enquiry) => enquiry.buyerUserId === buyer.id) : undefined;
  };
  const rows: (typeof reviews.$inferInsert)[] = [];
  const james = firstOf(JAMES);
  if (james)
    rows.push({
      companyId,
      buyerId: james.buyerUserId,
      enquiryId: james.id,
      productName: james.productName,
      rating: 5,
      body: 'Clear answers and fast quotations. The pumps arrived on the promised date, well packed.',
      reply: 'Thank you, James. It was a pleasure to work on the Houston water plant with you.',
      repliedAt: new Date(Date.now() - 2 * day),
      repliedBy: seller.id,
      createdAt: new Date(Date.now() - 3 * day),
    });
  const fatima = firstOf(FATIMA);
  if (fatima)
    rows.push({
      companyId,
      buyerId: fatima.buyerUserId,
      enquiryId: fatima.id,
      productName: fatima.productName,
      rating: 4,
      body: 'Good prices and complete certificates. The first offer took two days, otherwise very smooth.',
      createdAt: new Date(Date.now() - 5 * day),
    });
  const lukas = byEmail.get(LUKAS);
  const room = lukas ? await findDirectRoom(tx, lukas.id, seller.id) : null;
  if (lukas && room)
    rows.push({
      companyId,
      buyerId: lukas.id,
      roomId: room.id,
      rating: 4,
      body: 'Quick and precise answers about stock and dispatch of the ball valves.',
      createdAt: new Date(Date.now() - day),
    });
  if (rows.length === 0) return;
  await tx.insert(reviews).values(rows.map((row) => ({ ...row, updatedAt: row.createdAt })));
  await refreshCompanyRating(tx, companyId);
}
