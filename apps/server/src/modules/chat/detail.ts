import { and, asc, eq, isNull } from 'drizzle-orm';
import { CHAT_MESSAGES, type RoomDetail } from '@tradeloop/contracts/chat';
import type { Review } from '@tradeloop/contracts/reviews';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { ChatContext } from './context.ts';
import { ratableCompany } from './review-eligibility.ts';
import { findDirectRoom, roomView, type Viewer } from './rooms.ts';
import { chatMembers } from './tables.ts';
import { roomTransfers } from './transfers.ts';
import { companyPeople, findCompanyOwner, findContact, loadContacts } from './views.ts';

/** Group information and conversation details: members, hand-overs, rating prompt, colleagues. */
export async function roomDetail(
  { db, conversationReview }: Pick<ChatContext, 'db' | 'conversationReview'>,
  viewer: Viewer,
  roomId: number,
): Promise<RoomDetail> {
  const room = await roomView(db, viewer, roomId);
  const memberRows = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), isNull(chatMembers.leftAt)))
    .orderBy(asc(chatMembers.joinedAt), asc(chatMembers.userId));
  const contacts = await loadContacts(
    db,
    memberRows.map((row) => row.userId),
  );
  const members = memberRows.flatMap((row) => {
    const user = contacts.get(row.userId);
    return user
      ? [
          {
            user,
            role: row.role,
            last_read_message_id: row.lastReadMessageId,
            last_delivered_message_id: row.lastDeliveredMessageId,
            joined_at: row.joinedAt.toISOString(),
          },
        ]
      : [];
  });
  const companyId = await ratableCompany(db, viewer, roomId);
  const memberIds = new Set(memberRows.map((row) => row.userId));
  const colleagues =
    room.type === 'direct' && viewer.companyId && viewer.userType !== 'others'
      ? (await companyPeople(db, viewer.companyId)).filter((person) => !memberIds.has(person.id))
      : [];
  return {
    room,
    members,
    transfers: await roomTransfers(db, roomId),
    can_rate: companyId !== null,
    my_rating: companyId ? await myReview(await conversationReview(db, viewer.id, roomId)) : null,
    colleagues,
  };
}

/** The buyer's review of this conversation, as the rating prompt reads it. */
function myReview(review: Review | null) {
  return review
    ? {
        id: review.id,
        rating: review.rating,
        comment: review.text || null,
        buyer_name: review.buyer_name,
        created_at: review.created_at,
      }
    : null;
}

/** A person to start a conversation with (by user or by seller company), and the room already open with them. */
export async function contactFor(db: Tx, viewer: Viewer, query: { user_id?: number; company_id?: number }) {
  const contact = query.user_id ? await findContact(db, query.user_id) : await findCompanyOwner(db, query.company_id!);
  if (!contact) throw invalid({ user_id: [CHAT_MESSAGES.recipientNotFound] });
  if (contact.id === viewer.id) throw invalid({ user_id: [CHAT_MESSAGES.cannotMessageSelf] });
  const room = await findDirectRoom(db, viewer.id, contact.id);
  let roomId: number | null = null;
  if (room) {
    const [member] = await db
      .select({ roomId: chatMembers.roomId })
      .from(chatMembers)
      .where(and(eq(chatMembers.roomId, room.id), eq(chatMembers.userId, viewer.id), isNull(chatMembers.leftAt)));
    roomId = member?.roomId ?? null;
  }
  return { contact, room_id: roomId };
}
