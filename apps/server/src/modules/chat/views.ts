import { and, asc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatFile, ChatMessage, Contact } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { findPeople, knownUserNameSql, userAvatarSql, userNameSql, type Person } from '../accounts/public.ts';
import { chatAttachments, chatCalls, chatMembers, chatMessages, chatRooms } from './tables.ts';

/**
 * Read models of the chat: people as contacts and messages as one viewer sees them.
 * Names and avatars come from the accounts module (people.ts), a page of people in one query.
 */

function toContact(person: Person): Contact {
  return {
    id: person.id,
    full_name: person.name,
    avatar: person.avatar ?? null,
    user_type: person.userType,
    company_id: person.companyId ?? null,
    company_name: person.companyName ?? null,
    online: Boolean(person.online),
    last_seen_at: person.lastSeenAt instanceof Date ? person.lastSeenAt.toISOString() : null,
  };
}

export async function loadContacts(db: Tx, ids: number[]): Promise<Map<number, Contact>> {
  const rows = await findPeople(db, { ids });
  return new Map(rows.map((row) => [row.id, toContact(row)]));
}

/** An existing, not deleted user as a contact, or null. */
export async function findContact(db: Tx, userId: number): Promise<Contact | null> {
  const [row] = await findPeople(db, { ids: [userId], live: true });
  return row ? toContact(row) : null;
}

/** The owner of a seller company (the account that signed the company up). */
export async function findCompanyOwner(db: Tx, companyId: number): Promise<Contact | null> {
  const [row] = await findPeople(db, { companyId, userType: 'seller', live: true, limit: 1 });
  return row ? toContact(row) : null;
}

/** Everyone in a company (owner and sub-users), not deleted. */
export async function companyPeople(db: Tx, companyId: number): Promise<Contact[]> {
  const rows = await findPeople(db, { companyId, live: true });
  return rows.map(toContact);
}

/** Where chat files are served; answers and events sign these paths for each user (platform/file-urls.ts). */
export const FILES_PATH = '/chat/v1/files/';
export const fileUrl = (key: string) => `${FILES_PATH}${key}`;

const parent = alias(chatMessages, 'parent');

/** Active members' read and delivery pointers, per room. */
export async function roomPointers(db: Tx, roomIds: number[]) {
  const pointers = new Map<number, { userId: number; read: number; delivered: number }[]>();
  if (roomIds.length === 0) return pointers;
  const rows = await db
    .select({
      roomId: chatMembers.roomId,
      userId: chatMembers.userId,
      read: chatMembers.lastReadMessageId,
      delivered: chatMembers.lastDeliveredMessageId,
    })
    .from(chatMembers)
    .where(and(inArray(chatMembers.roomId, [...new Set(roomIds)]), isNull(chatMembers.leftAt)));
  for (const row of rows) {
    const list = pointers.get(row.roomId) ?? [];
    list.push({ userId: row.userId, read: row.read, delivered: row.delivered });
    pointers.set(row.roomId, list);
  }
  return pointers;
}

export type MessageQuery = { where: SQL; order: SQL[]; limit?: number; offset?: number };

/** Messages as `viewerId` sees them: sender, reply preview, files, call, read and delivered marks. */
export async function loadMessages(db: Tx, viewerId: number, query: MessageQuery): Promise<ChatMessage[]> {
  let statement = db
    .select({
      message: chatMessages,
      senderName: knownUserNameSql(chatMessages.senderId),
      senderAvatar: userAvatarSql(chatMessages.senderId),
      parent: {
        id: parent.id,
        body: parent.body,
        messageType: parent.messageType,
        senderId: parent.senderId,
        deletedAt: parent.deletedAt,
      },
      parentSenderName: userNameSql(parent.senderId),
      call: chatCalls,
    })
    .from(chatMessages)
    .leftJoin(parent, eq(parent.id, chatMessages.repliedParentId))
    .leftJoin(chatCalls, eq(chatCalls.id, chatMessages.callId))
    .where(query.where)
    .orderBy(...query.order)
    .$dynamic();
  if (query.limit !== undefined) statement = statement.limit(query.limit);
  if (query.offset !== undefined) statement = statement.offset(query.offset);
  const rows = await statement;
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.message.id);
  const [attachments, pointers] = await Promise.all([
    db.select().from(chatAttachments).where(inArray(chatAttachments.messageId, ids)).orderBy(asc(chatAttachments.id)),
    roomPointers(
      db,
      rows.map((row) => row.message.roomId),
    ),
  ]);
  const filesByMessage = new Map<number, ChatFile[]>();
  for (const file of attachments) {
    filesByMessage.set(file.messageId, [...(filesByMessage.get(file.messageId) ?? []), toChatFile(file)]);
  }

  return rows.map((row) => {
    const m = row.message;
    const members = pointers.get(m.roomId) ?? [];
    const others = members.filter((member) => member.userId !== m.senderId);
    const viewer = members.find((member) => member.userId === viewerId);
    const own = m.senderId === viewerId;
    const read = own ? others.length > 0 && others.every((other) => other.read >= m.id) : (viewer?.read ?? 0) >= m.id;
    const delivered = own ? others.length > 0 && others.every((o) => Math.max(o.read, o.delivered) >= m.id) : true;
    return shapeMessage(m, {
      senderName: row.senderName,
      senderAvatar: row.senderAvatar ?? null,
      parent: row.parent ? { ...row.parent, senderName: row.parentSenderName ?? '' } : null,
      call: row.call,
      files: filesByMessage.get(m.id) ?? [],
      read,
      delivered,
    });
  });
}

type MessageRow = typeof chatMessages.$inferSelect;
type Parent = {
  id: number;
  body: string;
  messageType: MessageRow['messageType'];
  senderId: number;
  deletedAt: Date | null;
};

/** A message row and what was joined to it, as the API shows it. */
export function shapeMessage(
  m: Pick<
    MessageRow,
    | 'id'
    | 'roomId'
    | 'senderId'
    | 'body'
    | 'messageType'
    | 'repliedParentId'
    | 'repliedMessage'
    | 'chatTransferId'
    | 'clientId'
    | 'editedAt'
    | 'deletedAt'
    | 'createdAt'
  >,
  extras: {
    senderName: string;
    senderAvatar: string | null;
    parent: (Parent & { senderName: string }) | null;
    call: typeof chatCalls.$inferSelect | null;
    files: ChatFile[];
    read: boolean;
    delivered: boolean;
  },
): ChatMessage {
  const deleted = m.deletedAt !== null;
  const { parent, call } = extras;
  return {
    id: m.id,
    room_id: m.roomId,
    sender_id: m.senderId,
    sender_name: extras.senderName,
    sender_avatar: extras.senderAvatar,
    message: deleted ? '' : m.body,
    message_type: m.messageType,
    replied_parent_id: m.repliedParentId,
    replied_message: deleted ? null : m.repliedMessage,
    reply_to:
      parent && !deleted
        ? {
            id: parent.id,
            message: parent.deletedAt ? '' : parent.body,
            message_type: parent.messageType,
            sender_id: parent.senderId,
            sender_name: parent.senderName,
            is_deleted: parent.deletedAt !== null,
          }
        : null,
    files: deleted ? [] : extras.files,
    chat_transfer_id: m.chatTransferId,
    client_id: m.clientId,
    call: call
      ? {
          id: call.id,
          media: call.media,
          status: call.status,
          caller_id: call.callerId,
          duration_seconds: callDuration(call),
        }
      : null,
    is_edited: m.editedAt !== null,
    edited_at: m.editedAt?.toISOString() ?? null,
    is_deleted: deleted,
    created_at: m.createdAt.toISOString(),
    read: extras.read ? 1 : 0,
    delivered: extras.delivered ? 1 : 0,
  };
}

export function toChatFile(file: typeof chatAttachments.$inferSelect): ChatFile {
  return {
    id: file.id,
    name: file.fileName,
    mime: file.mime,
    size: file.size,
    kind: file.kind,
    url: fileUrl(file.storageKey),
    thumb_url: file.thumbKey ? fileUrl(file.thumbKey) : null,
    width: file.width,
    height: file.height,
  };
}

export function callDuration(call: { answeredAt: Date | null; endedAt: Date | null }) {
  if (!call.answeredAt || !call.endedAt) return null;
  return Math.max(0, Math.round((call.endedAt.getTime() - call.answeredAt.getTime()) / 1000));
}

/** A message is visible to a viewer unless it was withheld from them (they had blocked its sender). */
export function visibleTo(viewerId: number): SQL {
  return sql`not (${viewerId}::bigint = any(${chatMessages.hiddenFor}))`;
}

/** The viewer is a member of the room (of the message) and, if they have left, left after it. */
function memberSees(viewerId: number, sentAt?: SQLWrapper): SQL {
  return sql`exists (select 1 from ${chatMembers} where ${chatMembers.roomId} = ${chatRooms.id}
    and ${chatMembers.userId} = ${viewerId}::bigint
    and (${chatMembers.leftAt} is null ${sentAt ? sql`or ${sentAt} <= ${chatMembers.leftAt}` : sql``}))`;
}

/**
 * The stored file behind an address (an attachment, its thumbnail or a group avatar) when the viewer
 * may see it: a member of its conversation, the message not deleted nor withheld from them; else null.
 */
export async function fileByKey(db: Tx, key: string, viewerId: number): Promise<{ mime: string; name: string } | null> {
  const [attachment] = await db
    .select({ mime: chatAttachments.mime, name: chatAttachments.fileName, thumbKey: chatAttachments.thumbKey })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(
      and(
        or(eq(chatAttachments.storageKey, key), eq(chatAttachments.thumbKey, key)),
        isNull(chatMessages.deletedAt),
        isNull(chatRooms.deletedAt),
        visibleTo(viewerId),
        memberSees(viewerId, chatMessages.createdAt),
      ),
    )
    .limit(1);
  if (attachment) {
    return attachment.thumbKey === key ? { mime: 'image/jpeg', name: `thumb-${attachment.name}.jpg` } : attachment;
  }
  const [room] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.avatarKey, key), isNull(chatRooms.deletedAt), memberSees(viewerId)))
    .limit(1);
  return room
    ? { mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg', name: `group-${room.id}.${key.split('.').pop()}` }
    : null;
}
