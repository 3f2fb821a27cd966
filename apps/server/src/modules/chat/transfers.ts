import { and, asc, eq, isNull } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import type { ChatContext } from './context.ts';
import { postSystemMessage, publishStored } from './messages.ts';
import { activeMemberIds, activeMembership, type Viewer } from './rooms.ts';
import { chatMembers, chatTransfers } from './tables.ts';
import { findContact, loadContacts } from './views.ts';

/**
 * A seller (or sub-user) hands a direct conversation to a colleague of the same company: the colleague
 * joins with the whole history and the read position of the person handing over, who leaves the room.
 * The colleague's messages may carry the hand-over's id as chat_transfer_id.
 */
export async function transferRoom(ctx: ChatContext, viewer: Viewer, roomId: number, toUserId: number) {
  if (!viewer.companyId || viewer.userType === 'others') throw forbidden(CHAT_MESSAGES.transferColleagueOnly);
  const colleague = await findContact(ctx.db, toUserId);
  if (!colleague || colleague.company_id !== viewer.companyId || colleague.id === viewer.id) {
    throw invalid({ user_id: [CHAT_MESSAGES.transferColleagueOnly] });
  }
  const before = await activeMemberIds(ctx.db, roomId);
  const { transferId, messageId } = await ctx.db.transaction(async (tx) => {
    const { room, member } = await activeMembership(tx, roomId, viewer.id);
    if (room.type !== 'direct') throw invalid({ room_id: [CHAT_MESSAGES.transferNotYours] });
    const [transfer] = await tx
      .insert(chatTransfers)
      .values({ roomId, fromUserId: viewer.id, toUserId })
      .returning({ id: chatTransfers.id });
    await tx
      .insert(chatMembers)
      .values({
        roomId,
        userId: toUserId,
        lastReadMessageId: member.lastReadMessageId,
        lastDeliveredMessageId: member.lastReadMessageId,
      })
      .onConflictDoUpdate({
        target: [chatMembers.roomId, chatMembers.userId],
        set: { leftAt: null, joinedAt: new Date(), requestStatus: 'accepted', isArchived: false },
      });
    const messageId = await postSystemMessage(
      tx,
      roomId,
      viewer.id,
      `${(await findContact(tx, viewer.id))?.full_name ?? 'A colleague'} handed this conversation to ${colleague.full_name}`,
      { chatTransferId: transfer.id },
    );
    await tx
      .update(chatMembers)
      .set({ leftAt: new Date(), pinnedAt: null })
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, viewer.id)));
    return { transferId: transfer.id, messageId };
  });
  await publishStored(ctx, roomId, messageId, toUserId, [viewer.id]);
  ctx.realtime.toUsers([...before, toUserId], 'room.updated', { room_id: roomId });
  ctx.realtime.toUsers([viewer.id], 'room.removed', { room_id: roomId });
  return { chat_transfer_id: transferId, room_id: roomId };
}

export async function roomTransfers(db: Tx, roomId: number) {
  const rows = await db
    .select()
    .from(chatTransfers)
    .where(eq(chatTransfers.roomId, roomId))
    .orderBy(asc(chatTransfers.id));
  const contacts = await loadContacts(
    db,
    rows.flatMap((row) => [row.fromUserId, row.toUserId]),
  );
  return rows.flatMap((row) => {
    const from = contacts.get(row.fromUserId);
    const to = contacts.get(row.toUserId);
    return from && to
      ? [{ chat_transfer_id: row.id, from_user: from, to_user: to, created_at: row.createdAt.toISOString() }]
      : [];
  });
}

/** The latest hand-over of a room to this user, for the composer to send with. */
export async function latestTransferTo(db: Tx, roomId: number, userId: number) {
  const rows = await db
    .select({ id: chatTransfers.id })
    .from(chatTransfers)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.roomId, chatTransfers.roomId), eq(chatMembers.userId, chatTransfers.toUserId)),
    )
    .where(and(eq(chatTransfers.roomId, roomId), eq(chatTransfers.toUserId, userId), isNull(chatMembers.leftAt)));
  return rows.at(-1)?.id ?? null;
}
