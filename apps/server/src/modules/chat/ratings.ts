import { and, avg, count, desc, eq, inArray } from 'drizzle-orm';
import { CHAT_MESSAGES, type Rating } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { findPeople, knownUserNameSql } from '../accounts/people.ts';
import { activeMembership, type Viewer } from './rooms.ts';
import { chatMessages, sellerRatings } from './tables.ts';

/**
 * Ratings of seller companies by buyers they talked with. One rating per buyer and company, which
 * the buyer may change; the mini-site shows them as reviews (sellerRatingSummary).
 */

/** The seller company a buyer talked with in a room, when both sides have written in it. */
export async function ratableCompany(db: Tx, viewer: Viewer, roomId: number): Promise<number | null> {
  if (viewer.userType !== 'others') return null;
  const { room } = await activeMembership(db, roomId, viewer.id);
  if (room.type !== 'direct') return null;
  const senders = await db
    .selectDistinct({ id: chatMessages.senderId })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), inArray(chatMessages.messageType, ['text', 'image', 'document'])));
  const writers = await findPeople(db, { ids: senders.map((sender) => sender.id) });
  const buyerWrote = writers.some((writer) => writer.id === viewer.id);
  const seller = writers.find((writer) => writer.userType !== 'others' && writer.companyId !== null);
  return buyerWrote && seller ? seller.companyId : null;
}

export async function myRating(db: Tx, buyerId: number, companyId: number): Promise<Rating | null> {
  const [row] = await db
    .select({ rating: sellerRatings, buyerName: knownUserNameSql(sellerRatings.buyerId) })
    .from(sellerRatings)
    .where(and(eq(sellerRatings.buyerId, buyerId), eq(sellerRatings.companyId, companyId)));
  return row ? toRating(row) : null;
}

function toRating(row: { rating: typeof sellerRatings.$inferSelect; buyerName: string }): Rating {
  return {
    id: row.rating.id,
    rating: row.rating.rating,
    comment: row.rating.comment,
    buyer_name: row.buyerName,
    created_at: row.rating.updatedAt.toISOString(),
  };
}

export async function rateSeller(db: Tx, viewer: Viewer, body: { room_id: number; rating: number; comment?: string }) {
  if (viewer.userType !== 'others') throw forbidden(CHAT_MESSAGES.ratingBuyerOnly);
  const companyId = await ratableCompany(db, viewer, body.room_id);
  if (!companyId) throw invalid({ rating: [CHAT_MESSAGES.ratingNotEligible] });
  const now = new Date();
  await db
    .insert(sellerRatings)
    .values({ companyId, buyerId: viewer.id, roomId: body.room_id, rating: body.rating, comment: body.comment || null })
    .onConflictDoUpdate({
      target: [sellerRatings.buyerId, sellerRatings.companyId],
      set: { rating: body.rating, comment: body.comment || null, roomId: body.room_id, updatedAt: now },
    });
  return (await myRating(db, viewer.id, companyId))!;
}

/** Average, count and the latest ratings of a seller company: what the mini-site shows as reviews. */
export async function sellerRatingSummary(db: Tx, companyId: number, limit = 20) {
  const [[totals], rows] = await Promise.all([
    db
      .select({ average: avg(sellerRatings.rating), count: count() })
      .from(sellerRatings)
      .where(eq(sellerRatings.companyId, companyId)),
    db
      .select({ rating: sellerRatings, buyerName: knownUserNameSql(sellerRatings.buyerId) })
      .from(sellerRatings)
      .where(eq(sellerRatings.companyId, companyId))
      .orderBy(desc(sellerRatings.updatedAt), desc(sellerRatings.id))
      .limit(limit),
  ]);
  return {
    company_id: companyId,
    average: totals.average === null ? null : Math.round(Number(totals.average) * 10) / 10,
    count: totals.count,
    ratings: rows.map(toRating),
  };
}
