import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CallStatus, MessageType } from '@tradeloop/contracts/chat';
import { users } from '../accounts/tables.ts';
import { createdAt } from '../../db/columns.ts';

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A conversation. Direct rooms join two people (plus colleagues a conversation was handed to);
 * `direct_key` ("low:high" user ids) keeps one direct room per pair. Groups have a name and admins.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').$type<'direct' | 'group'>().notNull(),
    name: text('name'),
    avatarKey: text('avatar_key'),
    directKey: text('direct_key'),
    createdBy: userRef('created_by'),
    /** The product the conversation started about; no foreign key, the catalogue owns products. */
    productId: bigint('product_id', { mode: 'number' }),
    productName: text('product_name'),
    productUrl: text('product_url'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('chat_rooms_direct_key_unique').on(t.directKey)],
);

/**
 * One person's place in a room, with the state only they see. Unread counts are derived from
 * `last_read_message_id`, so they cannot drift from the messages.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    role: text('role').$type<'admin' | 'member'>().notNull().default('member'),
    /** pending: a first message from a stranger, shown under new requests until accepted. */
    requestStatus: text('request_status').$type<'accepted' | 'pending' | 'declined'>().notNull().default('accepted'),
    isArchived: boolean('is_archived').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    lastDeliveredMessageId: bigint('last_delivered_message_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Left a group, or was removed: the room stays readable up to here, and no longer lists. */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    body: text('body').notNull().default(''),
    messageType: text('message_type').$type<MessageType>().notNull(),
    repliedParentId: bigint('replied_parent_id', { mode: 'number' }),
    repliedMessage: text('replied_message'),
    chatTransferId: bigint('chat_transfer_id', { mode: 'number' }),
    callId: bigint('call_id', { mode: 'number' }),
    clientId: text('client_id'),
    /** Members who had blocked the sender when it was sent: it never reaches them. */
    hiddenFor: bigint('hidden_for', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Moves on every edit or deletion, so a reconnecting client can replay changes. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    index('chat_messages_updated_idx').on(t.roomId, t.updatedAt),
    uniqueIndex('chat_messages_client_unique').on(t.senderId, t.clientId),
  ],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'document'>().notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Unguessable storage key, also the file's address (see docs/decisions). */
    storageKey: text('storage_key').notNull().unique(),
    thumbKey: text('thumb_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId)],
);

export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

/** A seller hands a conversation to a colleague, who continues it with the history. */
export const chatTransfers = pgTable(
  'chat_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    fromUserId: userRef('from_user_id'),
    toUserId: userRef('to_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_transfers_room_idx').on(t.roomId)],
);

/** Translations cached per message and language. */
export const chatTranslations = pgTable(
  'chat_translations',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** The text that was translated: an edit makes the cached translation stale. */
    sourceText: text('source_text').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.language] })],
);

export const chatCalls = pgTable(
  'chat_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    callerId: userRef('caller_id'),
    calleeId: userRef('callee_id'),
    media: text('media').$type<'audio' | 'video'>().notNull(),
    status: text('status').$type<CallStatus>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_calls_caller_idx').on(t.callerId, t.startedAt),
    index('chat_calls_callee_idx').on(t.calleeId, t.startedAt),
    index('chat_calls_room_idx').on(t.roomId),
  ],
);

/**
 * Durable schedule of the offline e-mail: one row per person and conversation, pushed back by each
 * new message (quiet period) and sent by a timer; it survives restarts because it is a table.
 */
export const chatPendingEmails = pgTable(
  'chat_pending_emails',
  {
    userId: userRef('user_id'),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    firstMessageId: bigint('first_message_id', { mode: 'number' }).notNull(),
    messageCount: integer('message_count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] }), index('chat_pending_emails_due_idx').on(t.dueAt)],
);
