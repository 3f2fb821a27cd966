import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findPeople } from '../accounts/public.ts';
import { activeMembership, findDirectRoom, type Viewer } from './rooms.ts';
import { chatMessages } from './tables.ts';

/**
 * What the reviews module asks the chat (docs/decisions/045): which seller company a buyer may review
 * for a conversation. The reviews themselves (once the chat's own seller ratings) live in `reviews`.
 */

/**
 * The seller company a buyer talked with in a direct room, when both sides have written in it; null
 * otherwise. A room the viewer is not an active member of is 404, like another's room.
 */
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

/** The buyer's direct conversations with people of company `companyId` that make it reviewable. */
export async function conversationsWithCompany(db: Tx, viewer: Viewer, companyId: number) {
  if (viewer.userType !== 'others') return [];
  const people = await findPeople(db, { companyId, live: true });
  const found: { roomId: number; personName: string; lastMessageAt: Date }[] = [];
  for (const person of people) {
    const room = await findDirectRoom(db, viewer.id, person.id);
    if (!room) continue;
    const company = await ratableCompany(db, viewer, room.id).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    });
    if (company === companyId)
      found.push({ roomId: room.id, personName: person.name, lastMessageAt: room.lastMessageAt ?? room.createdAt });
  }
  return found;
}
