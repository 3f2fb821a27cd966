import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatFile,
  type ChatMessage,
  type SendMessageFields,
} from '@tradeloop/contracts/chat';
import { productTitle } from '@tradeloop/contracts/catalog';
import type { z } from 'zod';
import type { sendMessageFieldsSchema } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden, invalid, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { ChatContext } from './context.ts';
import { storeFiles, type IncomingFile, type StoredFile } from './files.ts';
import { queueOfflineEmails } from './offline-mail.ts';
import {
  activeMemberIds,
  activeMembership,
  directKey,
  findDirectRoom,
  haveTalked,
  roomView,
  visibleTo,
  type Viewer,
} from './rooms.ts';
import { findPeople, findPerson, knownUserNameSql } from '../accounts/public.ts';
import { productUrlOf, findListing } from '../market/public.ts';
import { chatAttachments, chatBlocks, chatMembers, chatMessages, chatRooms, chatTransfers } from './tables.ts';
import { findContact, loadMessages, shapeMessage, toChatFile } from './views.ts';

type SendInput = z.output<typeof sendMessageFieldsSchema>;
export type { SendMessageFields };

export async function messageById(db: Tx, viewerId: number, messageId: number): Promise<ChatMessage> {
  const [message] = await loadMessages(db, viewerId, { where: eq(chatMessages.id, messageId), order: [] });
  if (!message) throw notFound();
  return message;
}

async function messageByClientId(db: Tx, senderId: number, clientId: string) {
  const [row] = await db
    .select({ id: chatMessages.id, roomId: chatMessages.roomId })
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

type Target = {
  room: typeof chatRooms.$inferSelect;
  members: number[];
  created: boolean;
  recipientId: number | null;
  /** The message brings a product the room was not about yet: for the seller, a new request. */
  newProduct: boolean;
};

/** Puts a direct room on the product the buyer now writes about; true when that is a new product for it. */
async function moveToProduct(tx: Tx, room: typeof chatRooms.$inferSelect, product: ProductContext) {
  if (!product || room.type !== 'direct') return { room, newProduct: false };
  if (product.productId !== room.productId) {
    await tx.update(chatRooms).set(product).where(eq(chatRooms.id, room.id));
  }
  return { room: { ...room, ...product }, newProduct: product.productId !== room.productId };
}

/** A room that exists with its active members, one query; 404 unless the sender is one of them. */
async function roomForSender(tx: Tx, senderId: number, roomId: number) {
  const [row] = await tx
    .select({
      room: chatRooms,
      members: sql<number[]>`(select coalesce(array_agg(m.user_id), '{}') from chat_members m
        where m.room_id = ${chatRooms.id} and m.left_at is null)`.mapWith((ids: unknown[] | null) =>
        (ids ?? []).map(Number),
      ),
    })
    .from(chatRooms)
    .where(and(eq(chatRooms.id, roomId), isNull(chatRooms.deletedAt)))
    .limit(1);
  if (!row || !row.members.includes(senderId)) throw notFound();
  return row;
}

type ProductContext = { productId: number; productName: string; productUrl: string } | null;

/**
 * The product a conversation is about, as the catalogue names it (one product name everywhere): the
 * client's name and link are not trusted. A product no longer listed, or of another company than the
 * seller written to, carries no context.
 */
async function productContext(
  tx: Tx,
  productId: number | undefined,
  companyId?: number | null,
): Promise<ProductContext> {
  if (!productId) return null;
  const listing = await findListing(tx, String(productId)).catch(() => null);
  if (!listing || (companyId !== undefined && listing.companyId !== companyId)) return null;
  const productName = productTitle({ pre_title_name: listing.preTitleName, name: listing.name });
  return { productId: listing.productId, productName, productUrl: productUrlOf(listing) };
}

/** Opens the direct room with a recipient: the one first opened between them, or a new one. */
async function directRoomWith(tx: Tx, sender: Viewer, recipientId: number, input: SendInput): Promise<Target> {
  if (recipientId === sender.id) throw invalid({ recipient_id: [CHAT_MESSAGES.cannotMessageSelf] });
  const recipient = await findContact(tx, recipientId);
  if (!recipient) throw invalid({ recipient_id: [CHAT_MESSAGES.recipientNotFound] });
  const product = await productContext(tx, input.product_id, recipient.company_id);
  const existing = await findDirectRoom(tx, sender.id, recipientId);
  if (existing) {
    // The sender handed this conversation over earlier and writes again: they rejoin it.
    await tx
      .insert(chatMembers)
      .values({ roomId: existing.id, userId: sender.id })
      .onConflictDoUpdate({ target: [chatMembers.roomId, chatMembers.userId], set: { leftAt: null } });
    const found = await roomForSender(tx, sender.id, existing.id);
    return { ...found, ...(await moveToProduct(tx, found.room, product)), created: false, recipientId };
  }
  const strangers = !(await haveTalked(tx, sender.id, recipientId));
  const [room] = await tx
    .insert(chatRooms)
    .values({
      type: 'direct',
      directKey: directKey(sender.id, recipientId),
      createdBy: sender.id,
      productId: product?.productId ?? null,
      productName: product?.productName ?? null,
      productUrl: product?.productUrl ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!room) {
    // Both wrote first at the same moment: the other transaction made the room.
    const raced = await findDirectRoom(tx, sender.id, recipientId);
    if (!raced) throw new AppError(409, CHAT_MESSAGES.recipientNotFound);
    return { ...(await roomForSender(tx, sender.id, raced.id)), created: false, recipientId, newProduct: false };
  }
  await tx.insert(chatMembers).values([
    { roomId: room.id, userId: sender.id, role: 'member', requestStatus: 'accepted' },
    { roomId: room.id, userId: recipientId, role: 'member', requestStatus: strangers ? 'pending' : 'accepted' },
  ]);
  return { room, members: [sender.id, recipientId], created: true, recipientId, newProduct: false };
}

async function resolveTarget(tx: Tx, sender: Viewer, input: SendInput): Promise<Target> {
  if (input.roomId) {
    const { room, members } = await roomForSender(tx, sender.id, input.roomId);
    const other = room.type === 'direct' ? (members.find((id) => id !== sender.id) ?? null) : null;
    const otherCompany = other && input.product_id ? ((await findContact(tx, other))?.company_id ?? null) : null;
    const product = otherCompany ? await productContext(tx, input.product_id, otherCompany) : null;
    return { ...(await moveToProduct(tx, room, product)), members, created: false, recipientId: other };
  }
  if (input.recipient_id) return directRoomWith(tx, sender, input.recipient_id, input);
  throw invalid({ recipient_id: [CHAT_MESSAGES.recipientRequired] });
}

async function replyParent(tx: Tx, viewerId: number, roomId: number, parentId: number) {
  const [parent] = await tx
    .select({
      id: chatMessages.id,
      body: chatMessages.body,
      messageType: chatMessages.messageType,
      senderId: chatMessages.senderId,
      deletedAt: chatMessages.deletedAt,
      senderName: knownUserNameSql(chatMessages.senderId),
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, parentId), eq(chatMessages.roomId, roomId), visibleTo(viewerId)))
    .limit(1);
  if (!parent) throw invalid({ replied_parent_id: [CHAT_MESSAGES.replyParentNotFound] });
  return parent;
}

async function checkTransfer(tx: Tx, senderId: number, roomId: number, transferId: number) {
  const [transfer] = await tx
    .select({ id: chatTransfers.id })
    .from(chatTransfers)
    .where(
      and(eq(chatTransfers.id, transferId), eq(chatTransfers.roomId, roomId), eq(chatTransfers.toUserId, senderId)),
    )
    .limit(1);
  if (!transfer) throw invalid({ chat_transfer_id: [CHAT_MESSAGES.transferInvalid] });
}

/**
 * The other members as the sender meets them, one query: whom the sender blocked, who blocked the
 * sender (the message is withheld from them), and who is offline (for the e-mail schedule).
 */
async function othersOf(tx: Tx, senderId: number, others: number[]) {
  if (others.length === 0) return { senderBlocks: [], hiddenFor: [], offline: [] };
  const people = await findPeople(tx, { ids: others, live: true });
  const blocks = await tx
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, senderId), inArray(chatBlocks.blockedId, others)),
        and(inArray(chatBlocks.blockerId, others), eq(chatBlocks.blockedId, senderId)),
      ),
    );
  const rows = people.map((person) => ({
    id: person.id,
    online: person.online,
    blockedBySender: blocks.some((block) => block.blockerId === senderId && block.blockedId === person.id),
    blocksSender: blocks.some((block) => block.blockerId === person.id && block.blockedId === senderId),
  }));
  return {
    senderBlocks: rows.filter((row) => row.blockedBySender).map((row) => row.id),
    hiddenFor: rows.filter((row) => row.blocksSender).map((row) => row.id),
    offline: rows.filter((row) => !row.online && !row.blocksSender).map((row) => row.id),
  };
}

function messageTypeOf(files: StoredFile[]) {
  if (files.length === 0) return 'text' as const;
  return files.every((file) => file.kind === 'image') ? ('image' as const) : ('document' as const);
}

type Written = {
  row: typeof chatMessages.$inferSelect;
  files: ChatFile[];
  parent: Awaited<ReturnType<typeof replyParent>> | null;
  created: boolean;
  recipients: number[];
  offline: number[];
  recipientId: number | null;
  productId: number | null;
  newProduct: boolean;
};

async function writeMessage(
  tx: Tx,
  sender: Viewer,
  input: SendInput,
  text: string,
  files: StoredFile[],
): Promise<Written> {
  const { room, members, created, recipientId, newProduct } = await resolveTarget(tx, sender, input);
  const others = members.filter((id) => id !== sender.id);
  const { senderBlocks, hiddenFor, offline } = await othersOf(tx, sender.id, others);
  if (room.type === 'direct' && senderBlocks.length > 0) throw forbidden(CHAT_MESSAGES.youBlocked);
  const parent = input.replied_parent_id ? await replyParent(tx, sender.id, room.id, input.replied_parent_id) : null;
  if (input.chat_transfer_id) await checkTransfer(tx, sender.id, room.id, input.chat_transfer_id);

  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId: room.id,
      senderId: sender.id,
      body: text,
      messageType: messageTypeOf(files),
      repliedParentId: parent?.id ?? null,
      repliedMessage: parent ? (parent.deletedAt ? '' : parent.body).slice(0, 500) : null,
      chatTransferId: input.chat_transfer_id ?? null,
      clientId: input.client_id ?? null,
      hiddenFor,
    })
    .returning();
  const attachments =
    files.length > 0
      ? await tx
          .insert(chatAttachments)
          .values(files.map((file) => ({ ...file, messageId: row.id })))
          .returning()
      : [];
  // The room's last message and the sender's own pointers, in one statement. Writing in a room one
  // has not accepted yet accepts it.
  await tx.execute(sql`with room as (
      update chat_rooms set last_message_id = ${row.id}::bigint, last_message_at = ${row.createdAt.toISOString()}::timestamptz
      where id = ${room.id}::bigint)
    update chat_members set last_read_message_id = ${row.id}::bigint, last_delivered_message_id = ${row.id}::bigint,
      request_status = 'accepted'
    where room_id = ${room.id}::bigint and user_id = ${sender.id}::bigint`);
  return {
    row,
    files: attachments.map(toChatFile),
    parent,
    created,
    recipients: others.filter((id) => !hiddenFor.includes(id)),
    offline,
    recipientId,
    productId: room.productId,
    newProduct,
  };
}

/**
 * A buyer's first message to a seller, or the first about another product ("Chat now" on it), becomes
 * a request in the seller's CRM: the event is written in the message's own transaction, so the lead
 * can't be lost between the two.
 */
async function emitFirstMessage(ctx: ChatContext, tx: Tx, sender: Viewer, written: Written) {
  if (!(written.created || written.newProduct) || sender.userType !== 'others' || !written.recipientId) return;
  const seller = await findContact(tx, written.recipientId);
  if (!seller?.company_id || seller.user_type === 'others') return;
  await ctx.events.emit(tx, 'chat.first_message', {
    buyerId: sender.id,
    sellerId: seller.id,
    sellerCompanyId: seller.company_id,
    roomId: written.row.roomId,
    messageId: written.row.id,
    productId: written.productId,
    message: written.row.body,
  });
}

/** What happens after a message is stored: live delivery and offline e-mail. */
async function publishMessage(ctx: ChatContext, sender: Viewer, written: Written, message: ChatMessage) {
  ctx.realtime.toUsers([sender.id, ...written.recipients], 'message.created', { message });
  await queueOfflineEmails(ctx, written.offline, message.room_id, message.id).catch((error) =>
    ctx.log.warn({ err: error }, 'could not schedule offline chat e-mail'),
  );
}

/** Names and avatars of senders, kept a minute per database, so a burst of messages costs no lookups. */
const senderCards = new WeakMap<object, Map<number, { name: string; avatar: string | null; until: number }>>();
const SENDER_CARD_TTL_MS = 60_000;

async function senderCard(ctx: ChatContext, senderId: number) {
  const cards = senderCards.get(ctx.db) ?? new Map();
  senderCards.set(ctx.db, cards);
  const cached = cards.get(senderId);
  if (cached && cached.until > Date.now()) return cached;
  const row = await findPerson(ctx.db, senderId);
  const card = { name: row?.name ?? '', avatar: row?.avatar ?? null, until: Date.now() + SENDER_CARD_TTL_MS };
  cards.set(senderId, card);
  return card;
}

async function shapeWritten(ctx: ChatContext, sender: Viewer, written: Written) {
  const card = await senderCard(ctx, sender.id);
  return shapeMessage(written.row, {
    senderName: card.name,
    senderAvatar: card.avatar,
    parent: written.parent,
    call: null,
    files: written.files,
    read: false,
    delivered: false,
  });
}

/**
 * POST rooms/send-message: files are checked and stored first, the message is written in one
 * transaction (files removed again if it fails), then delivered. A repeated client_id stores nothing new.
 */
export async function sendMessage(
  ctx: ChatContext,
  sender: Viewer,
  input: SendInput,
  files: IncomingFile[],
): Promise<ChatMessage> {
  const text = input.message.trim();
  if (!text && files.length === 0) throw invalid({ message: [CHAT_MESSAGES.messageRequired] });
  const repeated = input.client_id ? await messageByClientId(ctx.db, sender.id, input.client_id) : null;
  if (repeated) return messageById(ctx.db, sender.id, repeated.id);

  const stored = await storeFiles(ctx.storage, files);
  let written: Written;
  try {
    written = await ctx.db.transaction(async (tx) => {
      const written = await writeMessage(tx, sender, input, text, stored);
      await emitFirstMessage(ctx, tx, sender, written);
      return written;
    });
  } catch (error) {
    await ctx.storage.remove(stored.flatMap((file) => [file.storageKey, file.thumbKey ?? '']));
    const raced = isUniqueViolation(error) && input.client_id;
    const again = raced ? await messageByClientId(ctx.db, sender.id, input.client_id!) : null;
    if (again) return messageById(ctx.db, sender.id, again.id);
    throw error;
  }
  const message = await shapeWritten(ctx, sender, written);
  await publishMessage(ctx, sender, written, message);
  return message;
}

/** A message of a room the viewer is in, that the viewer wrote; for edits and deletions. */
async function ownMessage(db: Tx, viewer: Viewer, messageId: number, notOwn: string) {
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), visibleTo(viewer.id)))
    .limit(1);
  if (!message) throw notFound();
  await activeMembership(db, message.roomId, viewer.id);
  if (message.senderId !== viewer.id) throw forbidden(notOwn);
  if (message.deletedAt) throw new AppError(409, CHAT_MESSAGES.alreadyDeleted);
  if (message.messageType === 'call' || message.messageType === 'system') throw forbidden(CHAT_MESSAGES.editTextOnly);
  return message;
}

async function publishChange(ctx: ChatContext, roomId: number, messageId: number, viewerId: number) {
  const message = await messageById(ctx.db, viewerId, messageId);
  const [row] = await ctx.db
    .select({ hiddenFor: chatMessages.hiddenFor })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  const members = await activeMemberIds(ctx.db, roomId);
  ctx.realtime.toUsers(
    members.filter((id) => !row.hiddenFor.includes(id)),
    'message.updated',
    { message },
  );
  return message;
}

export async function editMessage(ctx: ChatContext, viewer: Viewer, messageId: number, text: string) {
  const message = await ownMessage(ctx.db, viewer, messageId, CHAT_MESSAGES.editOwnOnly);
  const now = new Date();
  await ctx.db
    .update(chatMessages)
    .set({ body: text, editedAt: now, updatedAt: now })
    .where(eq(chatMessages.id, message.id));
  return publishChange(ctx, message.roomId, message.id, viewer.id);
}

/** Deletes one's own message: the text and files go, a marker stays in the conversation. */
export async function deleteMessage(ctx: ChatContext, viewer: Viewer, messageId: number) {
  const message = await ownMessage(ctx.db, viewer, messageId, CHAT_MESSAGES.deleteOwnOnly);
  const now = new Date();
  const removed = await ctx.db.transaction(async (tx) => {
    await tx
      .update(chatMessages)
      .set({ body: '', deletedAt: now, updatedAt: now })
      .where(eq(chatMessages.id, message.id));
    return tx.delete(chatAttachments).where(eq(chatAttachments.messageId, message.id)).returning();
  });
  await ctx.storage
    .remove(removed.flatMap((file) => [file.storageKey, file.thumbKey ?? '']))
    .catch((error) => ctx.log.warn({ err: error }, 'could not remove files of a deleted message'));
  return publishChange(ctx, message.roomId, message.id, viewer.id);
}

/**
 * GET chat-history/{userId}: newest first. The first page fixes an anchor (its newest id); later pages
 * count from it, so messages that arrive meanwhile never shift them. Paged by full URL (next_page_url).
 */
export async function history(
  db: Tx,
  viewer: Viewer,
  userId: number,
  query: { room_id?: number; page: number; anchor?: number; per_page: number },
) {
  let roomId = query.room_id;
  if (!roomId) roomId = (await findDirectRoom(db, viewer.id, userId))?.id;
  const empty = { data: [], currentPage: 1, lastPage: 1, perPage: query.per_page, total: 0 };
  if (!roomId) return { ...empty, next_page_url: null, prev_page_url: null, room: null };
  const room = await roomView(db, viewer, roomId);
  const anchor = query.anchor ?? room.last_message?.id ?? 0;
  const where = and(eq(chatMessages.roomId, roomId), lte(chatMessages.id, anchor), visibleTo(viewer.id))!;
  const [[{ total }], data] = await Promise.all([
    db.select({ total: count() }).from(chatMessages).where(where),
    loadMessages(db, viewer.id, {
      where,
      // By the server's timestamp (ids break ties), so a page reads in the order the messages were written.
      order: [desc(chatMessages.createdAt), desc(chatMessages.id)],
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const url = (page: number) =>
    `/chat/v1/chat-history/${userId}?room_id=${roomId}&anchor=${anchor}&per_page=${query.per_page}&page=${page}`;
  return {
    data,
    currentPage: query.page,
    lastPage,
    perPage: query.per_page,
    total,
    next_page_url: query.page < lastPage ? url(query.page + 1) : null,
    prev_page_url: query.page > 1 ? url(query.page - 1) : null,
    room,
  };
}

function activeRoomsOf(viewerId: number) {
  return sql`${chatMessages.roomId} in (select m.room_id from chat_members m join chat_rooms r on r.id = m.room_id
    where m.user_id = ${viewerId}::bigint and m.left_at is null and r.deleted_at is null)`;
}

/** Messages containing the words, in one conversation or all of the viewer's. */
export async function searchMessages(db: Tx, viewer: Viewer, query: { q: string; room_id?: number; page: number }) {
  const perPage = CHAT_LIMITS.searchPageSize;
  if (query.room_id) await activeMembership(db, query.room_id, viewer.id);
  const pattern = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
  const where = and(
    activeRoomsOf(viewer.id),
    query.room_id ? eq(chatMessages.roomId, query.room_id) : undefined,
    isNull(chatMessages.deletedAt),
    visibleTo(viewer.id),
    ilike(chatMessages.body, pattern),
  )!;
  const [[{ total }], messages] = await Promise.all([
    db.select({ total: count() }).from(chatMessages).where(where),
    loadMessages(db, viewer.id, {
      where,
      order: [desc(chatMessages.id)],
      limit: perPage,
      offset: (query.page - 1) * perPage,
    }),
  ]);
  const roomIds = [...new Set(messages.map((message) => message.room_id))];
  const rooms = new Map(await Promise.all(roomIds.map(async (id) => [id, await roomView(db, viewer, id)] as const)));
  return {
    data: messages.map((message) => ({
      message,
      room_name: rooms.get(message.room_id)?.name ?? '',
      room_type: rooms.get(message.room_id)?.type ?? ('direct' as const),
    })),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
  };
}

/**
 * Replay for a reconnecting client: messages after the last one it saw, and edits or deletions since
 * the last event it saw, in every room it is in.
 */
export async function missedSince(db: Tx, viewer: Viewer, afterId: number, since?: Date) {
  const base = and(activeRoomsOf(viewer.id), visibleTo(viewer.id));
  const fresh = await loadMessages(db, viewer.id, {
    where: and(base, gt(chatMessages.id, afterId))!,
    order: [asc(chatMessages.id)],
    limit: CHAT_LIMITS.replayMax + 1,
  });
  const changed = since
    ? await loadMessages(db, viewer.id, {
        where: and(base, lte(chatMessages.id, afterId), gt(chatMessages.updatedAt, since))!,
        order: [asc(chatMessages.id)],
        limit: CHAT_LIMITS.replayMax,
      })
    : [];
  const truncated = fresh.length > CHAT_LIMITS.replayMax;
  return { messages: [...changed, ...fresh.slice(0, CHAT_LIMITS.replayMax)], truncated };
}

/** Ids of rooms the user is in; for checks that must be cheap (typing, delivery). */
export async function memberRoomIds(db: Tx, userId: number, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  const rows = await db
    .select({ roomId: chatMembers.roomId })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.roomId, roomIds), isNull(chatMembers.leftAt)));
  return rows.map((row) => row.roomId);
}

/** A line the conversation shows about itself (group changes, hand-overs), written by the actor. */
export async function postSystemMessage(
  tx: Tx,
  roomId: number,
  actorId: number,
  text: string,
  extra: { chatTransferId?: number; callId?: number; type?: 'system' | 'call' } = {},
) {
  const [message] = await tx
    .insert(chatMessages)
    .values({
      roomId,
      senderId: actorId,
      body: text,
      messageType: extra.type ?? 'system',
      chatTransferId: extra.chatTransferId ?? null,
      callId: extra.callId ?? null,
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  await tx
    .update(chatRooms)
    .set({ lastMessageId: message.id, lastMessageAt: message.createdAt })
    .where(eq(chatRooms.id, roomId));
  await tx
    .update(chatMembers)
    .set({
      lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${message.id}::bigint)`,
      lastDeliveredMessageId: sql`greatest(${chatMembers.lastDeliveredMessageId}, ${message.id}::bigint)`,
    })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, actorId)));
  return message.id;
}

/** Sends a stored message to the room's active members (and anyone else named, such as a removed member). */
export async function publishStored(
  ctx: ChatContext,
  roomId: number,
  messageId: number,
  viewerId: number,
  also: number[] = [],
) {
  const message = await messageById(ctx.db, viewerId, messageId);
  const members = await activeMemberIds(ctx.db, roomId);
  ctx.realtime.toUsers([...new Set([...members, ...also])], 'message.created', { message });
  return message;
}
