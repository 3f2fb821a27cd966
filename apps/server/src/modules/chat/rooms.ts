import { and, count, desc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Contact, MessageType, Room, RoomTab, UnreadCounts } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { isLiveUser, userCompanySql, userMatchesSql } from '../accounts/public.ts';
import { chatBlocks, chatMembers, chatMessages, chatRooms } from './tables.ts';
import { fileUrl, loadContacts, visibleTo } from './views.ts';

export type Viewer = Pick<AuthUser, 'id' | 'userType' | 'companyId'>;

/** The viewer's active membership of a room that exists; anything else is 404, like another's room. */
export async function activeMembership(db: Tx, roomId: number, userId: number) {
  const [row] = await db
    .select({ member: chatMembers, room: chatRooms })
    .from(chatMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
    .where(
      and(
        eq(chatMembers.roomId, roomId),
        eq(chatMembers.userId, userId),
        isNull(chatMembers.leftAt),
        isNull(chatRooms.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function activeMemberIds(db: Tx, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), isNull(chatMembers.leftAt)));
  return rows.map((row) => row.userId);
}

export { visibleTo };

function unreadOf(viewerId: number) {
  return sql<number>`(select count(*) from chat_messages x where x.room_id = ${chatMembers.roomId}
    and x.id > ${chatMembers.lastReadMessageId} and x.sender_id <> ${viewerId}
    and x.message_type <> 'system' and x.deleted_at is null and not (${viewerId}::bigint = any(x.hidden_for)))`.mapWith(
    Number,
  );
}

/** The person a direct room is with: another active member, preferring one outside the viewer's company. */
function otherUserOf(viewer: Viewer) {
  return sql<number | null>`(select om.user_id from chat_members om
    where om.room_id = ${chatMembers.roomId} and om.user_id <> ${viewer.id} and om.left_at is null
    order by (${userCompanySql(sql`om.user_id`)} is not distinct from ${viewer.companyId}::bigint) asc, om.joined_at desc limit 1)`.mapWith(
    (value) => (value === null ? null : Number(value)),
  );
}

function blockedBy(viewerId: number) {
  return sql<boolean>`(${chatRooms.type} = 'direct' and exists (select 1 from chat_members om
    join chat_blocks b on b.blocked_id = om.user_id and b.blocker_id = ${viewerId}
    where om.room_id = ${chatMembers.roomId} and om.user_id <> ${viewerId} and om.left_at is null))`;
}

const memberCount = sql<number>`(select count(*) from chat_members mc where mc.room_id = ${chatMembers.roomId}
  and mc.left_at is null)`.mapWith(Number);

const lastMessage = sql<{
  id: number;
  body: string;
  message_type: string;
  sender_id: number;
  deleted: boolean;
  created_at: string;
} | null>`(select json_build_object('id', lm.id, 'body', lm.body, 'message_type', lm.message_type,
  'sender_id', lm.sender_id, 'deleted', lm.deleted_at is not null, 'created_at', lm.created_at)
  from chat_messages lm where lm.id = ${chatRooms.lastMessageId})`;

function tabFilter(tab: RoomTab, viewerId: number): SQL | undefined {
  const accepted = eq(chatMembers.requestStatus, 'accepted');
  const notArchived = eq(chatMembers.isArchived, false);
  const notBlocked = sql`not ${blockedBy(viewerId)}`;
  switch (tab) {
    case 'all':
      // New requests too: a buyer's first message is in the seller's conversations before it is accepted.
      return and(notArchived, notBlocked, ne(chatMembers.requestStatus, 'declined'));
    case 'unread':
      return and(notArchived, notBlocked, ne(chatMembers.requestStatus, 'declined'), gt(unreadOf(viewerId), 0));
    case 'archive':
      return and(accepted, eq(chatMembers.isArchived, true));
    case 'blocked':
      return blockedBy(viewerId);
    case 'requests':
      return and(eq(chatMembers.requestStatus, 'pending'), notBlocked);
    case 'chats':
      return and(accepted, notArchived, notBlocked, eq(chatRooms.type, 'direct'));
    case 'groups':
      return and(accepted, notArchived, eq(chatRooms.type, 'group'));
  }
}

function searchFilter(search: string, viewerId: number): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    ilike(chatRooms.name, pattern),
    ilike(chatRooms.productName, pattern),
    sql`exists (select 1 from chat_members sm
      where sm.room_id = ${chatMembers.roomId} and sm.user_id <> ${viewerId} and sm.left_at is null
      and ${userMatchesSql(sql`sm.user_id`, pattern)})`,
  )!;
}

function roomRows(db: Tx, viewer: Viewer) {
  return db
    .select({
      member: chatMembers,
      room: chatRooms,
      unread: unreadOf(viewer.id),
      otherUserId: otherUserOf(viewer),
      blocked: blockedBy(viewer.id),
      memberCount,
      lastMessage,
    })
    .from(chatMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId));
}

type RoomRow = Awaited<ReturnType<ReturnType<typeof roomRows>['where']>>[number];

function roomName(row: RoomRow, other: Contact | null) {
  if (row.room.type === 'group') return row.room.name ?? 'Group';
  if (!other) return 'Conversation';
  return other.full_name;
}

function toRoom(row: RoomRow, contacts: Map<number, Contact>): Room {
  const other = row.room.type === 'direct' && row.otherUserId ? (contacts.get(row.otherUserId) ?? null) : null;
  const last = row.lastMessage;
  return {
    room_id: row.room.id,
    type: row.room.type,
    name: roomName(row, other),
    avatar:
      row.room.type === 'group' ? (row.room.avatarKey ? fileUrl(row.room.avatarKey) : null) : (other?.avatar ?? null),
    unread_count: row.unread,
    is_archived: row.member.isArchived ? 1 : 0,
    is_pinned: row.member.pinnedAt ? 1 : 0,
    request_status: row.member.requestStatus,
    is_blocked: Boolean(row.blocked),
    my_role: row.member.role,
    other_user: other,
    product: row.room.productId
      ? { id: row.room.productId, name: row.room.productName, url: row.room.productUrl }
      : null,
    last_message: last
      ? {
          id: Number(last.id),
          message: last.deleted ? '' : last.body,
          message_type: last.message_type as MessageType,
          sender_id: Number(last.sender_id),
          is_deleted: last.deleted,
          created_at: new Date(last.created_at).toISOString(),
        }
      : null,
    last_message_at: row.room.lastMessageAt?.toISOString() ?? null,
    member_count: row.memberCount,
    created_at: row.room.createdAt.toISOString(),
  };
}

async function toRooms(db: Tx, rows: RoomRow[]) {
  const contacts = await loadContacts(
    db,
    rows.flatMap((row) => (row.otherUserId ? [row.otherUserId] : [])),
  );
  return rows.map((row) => toRoom(row, contacts));
}

function ownActiveRooms(viewerId: number) {
  return and(eq(chatMembers.userId, viewerId), isNull(chatMembers.leftAt), isNull(chatRooms.deletedAt));
}

/** The rooms of one tab of the chat window: pinned first, then by last message. */
export async function listRooms(
  db: Tx,
  viewer: Viewer,
  query: { tab: RoomTab; search?: string; page: number; per_page: number },
) {
  const where = and(
    ownActiveRooms(viewer.id),
    ne(chatMembers.requestStatus, 'declined'),
    tabFilter(query.tab, viewer.id),
    query.search ? searchFilter(query.search, viewer.id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    roomRows(db, viewer)
      .where(where)
      .orderBy(
        sql`(${chatMembers.pinnedAt} is not null) desc`,
        sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt}) desc`,
        desc(chatRooms.id),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
      .where(where),
  ]);
  return {
    data: await toRooms(db, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

/**
 * The viewer's conversations for their home (decision 066): those with unread messages first, then by
 * last message; archived, blocked and declined ones left out, new requests kept (they await an answer).
 */
export async function recentRooms(db: Tx, viewer: Viewer, limit: number): Promise<Room[]> {
  const rows = await roomRows(db, viewer)
    .where(
      and(
        ownActiveRooms(viewer.id),
        ne(chatMembers.requestStatus, 'declined'),
        eq(chatMembers.isArchived, false),
        sql`not ${blockedBy(viewer.id)}`,
      ),
    )
    .orderBy(
      sql`(${unreadOf(viewer.id)} > 0) desc`,
      sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt}) desc`,
      desc(chatRooms.id),
    )
    .limit(limit);
  return toRooms(db, rows);
}

/** One room as the viewer sees it; 404 unless the viewer is an active member. */
export async function roomView(db: Tx, viewer: Viewer, roomId: number): Promise<Room> {
  const rows = await roomRows(db, viewer).where(and(ownActiveRooms(viewer.id), eq(chatMembers.roomId, roomId)));
  if (rows.length === 0) throw notFound();
  const [room] = await toRooms(db, rows);
  return room;
}

/** Unread counts, kept apart for archived and other rooms, derived from the read pointers. */
export async function unreadCounts(db: Tx, viewer: Viewer): Promise<UnreadCounts> {
  const unread = unreadOf(viewer.id);
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(${unread}) filter (where not ${chatMembers.isArchived}
        and not ${blockedBy(viewer.id)}), 0)`.mapWith(Number),
      archived: sql<number>`coalesce(sum(${unread}) filter (where ${chatMembers.isArchived}), 0)`.mapWith(Number),
      rooms: sql<number>`count(*) filter (where not ${chatMembers.isArchived} and not ${blockedBy(viewer.id)}
        and ${unread} > 0)`.mapWith(Number),
      requests: sql<number>`count(*) filter (where ${chatMembers.requestStatus} = 'pending'
        and not ${blockedBy(viewer.id)})`.mapWith(Number),
    })
    .from(chatMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
    .where(and(ownActiveRooms(viewer.id), ne(chatMembers.requestStatus, 'declined')));
  return {
    unread_count: row?.unread ?? 0,
    archived_unread_count: row?.archived ?? 0,
    unread_rooms: row?.rooms ?? 0,
    requests_count: row?.requests ?? 0,
  };
}

export async function togglePinned(db: Tx, viewer: Viewer, roomId: number) {
  const { member } = await activeMembership(db, roomId, viewer.id);
  const pinnedAt = member.pinnedAt ? null : new Date();
  await db
    .update(chatMembers)
    .set({ pinnedAt })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, viewer.id)));
  return { room_id: roomId, is_pinned: pinnedAt ? 1 : 0, is_archived: member.isArchived ? 1 : 0 } as const;
}

export async function setArchived(db: Tx, viewer: Viewer, roomId: number, archived: boolean) {
  await activeMembership(db, roomId, viewer.id);
  const [member] = await db
    .update(chatMembers)
    .set({ isArchived: archived })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, viewer.id)))
    .returning();
  return { room_id: roomId, is_pinned: member.pinnedAt ? 1 : 0, is_archived: archived ? 1 : 0 } as const;
}

/** Moves the read pointer forward (never back) to a message of the room; answers the new unread count. */
export async function markRead(db: Tx, viewer: Viewer, roomId: number, messageId: number) {
  await activeMembership(db, roomId, viewer.id);
  const [message] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.roomId, roomId)))
    .limit(1);
  if (!message) throw notFound();
  const [moved] = await db
    .update(chatMembers)
    .set({
      lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${messageId}::bigint)`,
      lastDeliveredMessageId: sql`greatest(${chatMembers.lastDeliveredMessageId}, ${messageId}::bigint)`,
    })
    .where(
      and(
        eq(chatMembers.roomId, roomId),
        eq(chatMembers.userId, viewer.id),
        sql`${chatMembers.lastReadMessageId} < ${messageId}::bigint`,
      ),
    )
    .returning({ lastRead: chatMembers.lastReadMessageId });
  const room = await roomView(db, viewer, roomId);
  const [{ lastRead }] = moved
    ? [moved]
    : await db
        .select({ lastRead: chatMembers.lastReadMessageId })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, viewer.id)));
  return {
    moved: Boolean(moved),
    result: { room_id: roomId, last_read_message_id: lastRead, unread_count: room.unread_count },
  };
}

/** A device received messages up to `messageId`; true when the pointer moved. */
export async function markDelivered(db: Tx, userId: number, roomId: number, messageId: number) {
  const moved = await db
    .update(chatMembers)
    .set({ lastDeliveredMessageId: messageId })
    .where(
      and(
        eq(chatMembers.roomId, roomId),
        eq(chatMembers.userId, userId),
        isNull(chatMembers.leftAt),
        sql`${chatMembers.lastDeliveredMessageId} < ${messageId}::bigint`,
        sql`${messageId}::bigint <= (select coalesce(max(id), 0) from chat_messages where room_id = ${roomId}::bigint)`,
      ),
    )
    .returning({ roomId: chatMembers.roomId });
  return moved.length > 0;
}

export async function hasBlocked(db: Tx, blockerId: number, blockedId: number) {
  const [row] = await db
    .select({ id: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

export async function block(db: Tx, blockerId: number, blockedId: number) {
  await db.insert(chatBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function unblock(db: Tx, blockerId: number, blockedId: number) {
  await db.delete(chatBlocks).where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
}

/** Accepting a new request moves the room to the chats; declining hides it from the viewer's lists. */
export async function answerRequest(db: Tx, viewer: Viewer, roomId: number, answer: 'accepted' | 'declined') {
  await activeMembership(db, roomId, viewer.id);
  await db
    .update(chatMembers)
    .set({ requestStatus: answer })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, viewer.id)));
}

/** The direct room first opened between two people, if any. */
export async function findDirectRoom(db: Tx, a: number, b: number) {
  const [room] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.directKey, directKey(a, b)), isNull(chatRooms.deletedAt)))
    .limit(1);
  return room ?? null;
}

export function directKey(a: number, b: number) {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Whether two people share any room, now or before: a first message between strangers is a request. */
export async function haveTalked(db: Tx, a: number, b: number) {
  const [row] = await db
    .select({ roomId: chatMembers.roomId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.userId, a),
        sql`exists (select 1 from chat_members o where o.room_id = ${chatMembers.roomId} and o.user_id = ${b}::bigint)`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function isActiveUser(db: Tx, userId: number) {
  return isLiveUser(db, userId);
}
