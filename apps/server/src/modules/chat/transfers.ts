import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import { userCompanySql } from '../accounts/public.ts';
import type { ChatContext } from './context.ts';
import { postSystemMessage, publishStored } from './messages.ts';
import { activeMemberIds, activeMembership, type Viewer } from './rooms.ts';
import { chatMembers, chatRooms, chatTransfers } from './tables.ts';
import { findContact, loadContacts } from './views.ts';

/**
 * A colleague becomes an active member of a room with the history, read up to `readUpTo`; true when
 * they were not an active member before (one statement, so two calls at once admit them once).
 */
async function admitColleague(tx: Tx, roomId: number, userId: number, readUpTo: number) {
  const admitted = await tx
    .insert(chatMembers)
    .values({ roomId, userId, lastReadMessageId: readUpTo, lastDeliveredMessageId: readUpTo })
    .onConflictDoUpdate({
      target: [chatMembers.roomId, chatMembers.userId],
      set: { leftAt: null, joinedAt: new Date(), requestStatus: 'accepted', isArchived: false },
      setWhere: isNotNull(chatMembers.leftAt),
    })
    .returning({ userId: chatMembers.userId });
  return admitted.length > 0;
}

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
    await admitColleague(tx, roomId, toUserId, member.lastReadMessageId);
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

/**
 * A seller or sub-user joins a direct conversation their company is in (an active member belongs to
 * it), beside the colleague already there, with the history and that colleague's read position: the
 * buyer goes on in the same room and sees who answers. Whether the caller may answer this buyer is the
 * caller's business (the CRM checks the lead); any other room, or one without a colleague, is 404.
 * Idempotent: an active member is only answered the room.
 */
export async function joinAsColleague(ctx: ChatContext, viewer: Viewer, roomId: number) {
  if (!viewer.companyId) throw notFound();
  const companyId = viewer.companyId;
  const joined = await ctx.db.transaction(async (tx) => {
    const [colleague] = await tx
      .select({ lastRead: chatMembers.lastReadMessageId })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
      .where(
        and(
          eq(chatMembers.roomId, roomId),
          isNull(chatMembers.leftAt),
          isNull(chatRooms.deletedAt),
          eq(chatRooms.type, 'direct'),
          sql`${userCompanySql(chatMembers.userId)} = ${companyId}::bigint`,
        ),
      )
      .orderBy(desc(chatMembers.lastReadMessageId))
      .limit(1);
    if (!colleague) throw notFound();
    if (!(await admitColleague(tx, roomId, viewer.id, colleague.lastRead))) return null;
    const name = (await findContact(tx, viewer.id))?.full_name ?? 'A colleague';
    return postSystemMessage(tx, roomId, viewer.id, `${name} joined the conversation`);
  });
  if (joined !== null) {
    await publishStored(ctx, roomId, joined, viewer.id);
    ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  }
  return { room_id: roomId, joined: joined !== null };
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
