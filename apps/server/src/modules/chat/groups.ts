import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { findPeople, userName } from '../accounts/public.ts';
import type { ChatContext } from './context.ts';
import { storeFiles, type IncomingFile } from './files.ts';
import { postSystemMessage, publishStored } from './messages.ts';
import { activeMemberIds, activeMembership, roomView, type Viewer } from './rooms.ts';
import { chatBlocks, chatMembers, chatRooms } from './tables.ts';

/** Group rooms: any member may leave; only admins rename, change members and admins, or delete. */

async function asMember(db: Tx, viewer: Viewer, roomId: number) {
  const membership = await activeMembership(db, roomId, viewer.id);
  if (membership.room.type !== 'group') throw invalid({ room_id: [CHAT_MESSAGES.notGroup] });
  return membership;
}

async function asAdmin(db: Tx, viewer: Viewer, roomId: number) {
  const membership = await asMember(db, viewer, roomId);
  if (membership.member.role !== 'admin') throw forbidden(CHAT_MESSAGES.notAdmin);
  return membership;
}

async function nameOf(db: Tx, userId: number) {
  return (await userName(db, userId)) ?? 'Someone';
}

/** Existing users among the ids, less those who have blocked the actor (they cannot be added by them). */
async function addableUsers(db: Tx, actorId: number, ids: number[]) {
  const wanted = [...new Set(ids)].filter((id) => id !== actorId);
  if (wanted.length === 0) return [];
  const rows = (await findPeople(db, { ids: wanted, live: true })).map(({ id, name }) => ({ id, name }));
  if (rows.length !== wanted.length) throw invalid({ member_ids: [CHAT_MESSAGES.recipientNotFound] });
  const blockers = await db
    .select({ id: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockedId, actorId), inArray(chatBlocks.blockerId, wanted)));
  const refused = new Set(blockers.map((row) => row.id));
  return rows.filter((row) => !refused.has(row.id));
}

export async function createGroup(ctx: ChatContext, creator: Viewer, body: { name: string; member_ids: number[] }) {
  const { roomId, messageId } = await ctx.db.transaction(async (tx) => {
    const members = await addableUsers(tx, creator.id, body.member_ids);
    if (members.length === 0) throw invalid({ member_ids: [CHAT_MESSAGES.groupMembersRequired] });
    const [room] = await tx
      .insert(chatRooms)
      .values({ type: 'group', name: body.name, createdBy: creator.id })
      .returning({ id: chatRooms.id });
    await tx
      .insert(chatMembers)
      .values([
        { roomId: room.id, userId: creator.id, role: 'admin' as const },
        ...members.map((member) => ({ roomId: room.id, userId: member.id, role: 'member' as const })),
      ]);
    const messageId = await postSystemMessage(
      tx,
      room.id,
      creator.id,
      `${await nameOf(tx, creator.id)} created the group "${body.name}"`,
    );
    return { roomId: room.id, messageId };
  });
  await publishStored(ctx, roomId, messageId, creator.id);
  return roomView(ctx.db, creator, roomId);
}

export async function renameGroup(ctx: ChatContext, viewer: Viewer, roomId: number, name: string) {
  const messageId = await ctx.db.transaction(async (tx) => {
    await asAdmin(tx, viewer, roomId);
    await tx.update(chatRooms).set({ name }).where(eq(chatRooms.id, roomId));
    return postSystemMessage(tx, roomId, viewer.id, `${await nameOf(tx, viewer.id)} renamed the group to "${name}"`);
  });
  await publishStored(ctx, roomId, messageId, viewer.id);
  ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  return roomView(ctx.db, viewer, roomId);
}

export async function addMembers(ctx: ChatContext, viewer: Viewer, roomId: number, userIds: number[]) {
  const messageId = await ctx.db.transaction(async (tx) => {
    await asAdmin(tx, viewer, roomId);
    const current = new Set(await activeMemberIds(tx, roomId));
    const added = (await addableUsers(tx, viewer.id, userIds)).filter((user) => !current.has(user.id));
    if (added.length === 0) return null;
    if (current.size + added.length > CHAT_LIMITS.groupMaxMembers) {
      throw invalid({ user_ids: [CHAT_MESSAGES.groupTooLarge] });
    }
    for (const user of added) {
      await tx
        .insert(chatMembers)
        .values({ roomId, userId: user.id, role: 'member' })
        .onConflictDoUpdate({
          target: [chatMembers.roomId, chatMembers.userId],
          set: { leftAt: null, role: 'member', joinedAt: new Date(), requestStatus: 'accepted' },
        });
    }
    const names = added.map((user) => user.name).join(', ');
    return postSystemMessage(tx, roomId, viewer.id, `${await nameOf(tx, viewer.id)} added ${names}`);
  });
  if (messageId) {
    await publishStored(ctx, roomId, messageId, viewer.id);
    ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  }
  return roomView(ctx.db, viewer, roomId);
}

/** Takes a member out of the group: by an admin (remove) or by themselves (leave). */
async function endMembership(tx: Tx, roomId: number, userId: number) {
  await tx
    .update(chatMembers)
    .set({ leftAt: new Date(), role: 'member', pinnedAt: null })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  // A group never stays without an admin while it has members: the longest-standing member becomes one.
  const admins = await tx
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.role, 'admin'), isNull(chatMembers.leftAt)));
  if (admins.length > 0) return;
  const [next] = await tx
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), isNull(chatMembers.leftAt)))
    .orderBy(asc(chatMembers.joinedAt), asc(chatMembers.userId))
    .limit(1);
  if (next) {
    await tx
      .update(chatMembers)
      .set({ role: 'admin' })
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, next.userId)));
  }
}

export async function removeMember(ctx: ChatContext, viewer: Viewer, roomId: number, userId: number) {
  if (userId === viewer.id) return leaveGroup(ctx, viewer, roomId);
  const messageId = await ctx.db.transaction(async (tx) => {
    await asAdmin(tx, viewer, roomId);
    if (!(await activeMemberIds(tx, roomId)).includes(userId)) {
      throw invalid({ user_id: [CHAT_MESSAGES.memberNotFound] });
    }
    await endMembership(tx, roomId, userId);
    return postSystemMessage(
      tx,
      roomId,
      viewer.id,
      `${await nameOf(tx, viewer.id)} removed ${await nameOf(tx, userId)}`,
    );
  });
  await publishStored(ctx, roomId, messageId, viewer.id);
  ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  ctx.realtime.toUsers([userId], 'room.removed', { room_id: roomId });
  return roomView(ctx.db, viewer, roomId);
}

export async function setAdmin(ctx: ChatContext, viewer: Viewer, roomId: number, userId: number, isAdmin: boolean) {
  await ctx.db.transaction(async (tx) => {
    await asAdmin(tx, viewer, roomId);
    if (!(await activeMemberIds(tx, roomId)).includes(userId)) {
      throw invalid({ user_id: [CHAT_MESSAGES.memberNotFound] });
    }
    if (!isAdmin) {
      const others = await tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(
          and(
            eq(chatMembers.roomId, roomId),
            eq(chatMembers.role, 'admin'),
            isNull(chatMembers.leftAt),
            ne(chatMembers.userId, userId),
          ),
        );
      if (others.length === 0) throw invalid({ user_id: [CHAT_MESSAGES.lastAdmin] });
    }
    await tx
      .update(chatMembers)
      .set({ role: isAdmin ? 'admin' : 'member' })
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  });
  ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  return roomView(ctx.db, viewer, roomId);
}

export async function leaveGroup(ctx: ChatContext, viewer: Viewer, roomId: number) {
  const messageId = await ctx.db.transaction(async (tx) => {
    await asMember(tx, viewer, roomId);
    const messageId = await postSystemMessage(tx, roomId, viewer.id, `${await nameOf(tx, viewer.id)} left the group`);
    await endMembership(tx, roomId, viewer.id);
    return messageId;
  });
  await publishStored(ctx, roomId, messageId, viewer.id);
  ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  ctx.realtime.toUsers([viewer.id], 'room.removed', { room_id: roomId });
  return null;
}

/** POST deleteGroup: an admin deletes the group for everyone. */
export async function deleteGroup(ctx: ChatContext, viewer: Viewer, roomId: number) {
  const members = await ctx.db.transaction(async (tx) => {
    await asAdmin(tx, viewer, roomId);
    const members = await activeMemberIds(tx, roomId);
    await tx.update(chatRooms).set({ deletedAt: new Date() }).where(eq(chatRooms.id, roomId));
    return members;
  });
  ctx.realtime.toUsers(members, 'room.removed', { room_id: roomId });
}

export async function setGroupAvatar(ctx: ChatContext, viewer: Viewer, roomId: number, file: IncomingFile) {
  const { room } = await asAdmin(ctx.db, viewer, roomId);
  const [stored] = await storeFiles(ctx.storage, [file]);
  if (stored.kind !== 'image') {
    await ctx.storage.remove([stored.storageKey]);
    throw invalid({ avatar: [CHAT_MESSAGES.imagesOnly] });
  }
  await ctx.db
    .update(chatRooms)
    .set({ avatarKey: stored.thumbKey ?? stored.storageKey })
    .where(eq(chatRooms.id, roomId));
  const obsolete = [room.avatarKey ?? '', stored.thumbKey ? stored.storageKey : ''];
  await ctx.storage.remove(obsolete.filter(Boolean));
  ctx.realtime.toUsers(await activeMemberIds(ctx.db, roomId), 'room.updated', { room_id: roomId });
  return roomView(ctx.db, viewer, roomId);
}
