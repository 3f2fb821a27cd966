import { z } from 'zod';
import { page } from './common.ts';

/**
 * Chat: rooms, messages, groups, files, translation, calls and ratings (spec sections 1 to 4, 7 and 8).
 * Field names follow spec section 3 (room_id, unread_count, is_archived, is_pinned; message, message_type,
 * recipient_id, roomId, replied_parent_id, replied_message, read, chat_transfer_id, files[]).
 */

export const CHAT_MESSAGES = {
  // Spec section 8: the client throws this when translation fails.
  translationFailed: 'Network response was not ok while Translating text',
  translationUnavailable: 'Translation is not available on this server.',
  translationProviderFailed: 'The translation service did not answer. Please try again later.',
  // Spec section 5, for a file sent as an image that is not one.
  imagesOnly: 'Please upload only PNG, JPEG and JPG',
  fileTypeNotAllowed:
    'This file type is not allowed. Send images (PNG, JPEG, JPG) or documents (PDF, Word, Excel, PowerPoint, text, CSV).',
  fileTooLarge: 'Each file must be at most 10 MB.',
  tooManyFiles: 'You can send at most 10 files in one message.',
  messageRequired: 'Please type a message or attach a file.',
  messageTooLong: 'A message can be at most 5000 characters.',
  recipientRequired: 'Please choose who to send this message to.',
  recipientNotFound: 'This user does not exist.',
  cannotMessageSelf: 'You cannot send a message to yourself.',
  youBlocked: 'You have blocked this user. Unblock them to send a message.',
  cannotBlockSelf: 'You cannot block yourself.',
  notAdmin: 'Only group admins can do this.',
  notGroup: 'This conversation is not a group.',
  groupNameRequired: 'Please enter a group name',
  groupNameTooLong: 'A group name can be at most 80 characters.',
  groupMembersRequired: 'Please add at least one member',
  groupTooLarge: 'A group can have at most 256 members.',
  memberNotFound: 'This person is not a member of the group.',
  lastAdmin: 'Make someone else an admin before you remove yourself as admin.',
  editOwnOnly: 'You can only edit your own messages.',
  deleteOwnOnly: 'You can only delete your own messages.',
  editTextOnly: 'Only the text of a message can be edited.',
  alreadyDeleted: 'This message was deleted.',
  replyParentNotFound: 'The message you are replying to is not in this conversation.',
  transferColleagueOnly: 'You can hand a conversation only to a colleague in your company.',
  transferNotYours: 'Only the person handling this conversation can hand it over.',
  transferInvalid: 'This hand-over does not belong to this conversation.',
  callBusy: 'A call is already in progress in this conversation.',
  callNotFound: 'This call has ended.',
  // Success messages.
  groupCreated: 'Group created successfully.',
  groupUpdated: 'Group updated successfully.',
  groupDeleted: 'Group deleted successfully.',
  groupLeft: 'You left the group.',
  userBlocked: 'User blocked.',
  userUnblocked: 'User unblocked.',
  requestAccepted: 'Request accepted.',
  requestDeclined: 'Request declined.',
  transferred: 'Conversation handed over.',
  // Text shown in place of a deleted message.
  deletedMarker: 'This message was deleted',
} as const;

/** Business limits of the chat. */
export const CHAT_LIMITS = {
  messageMaxChars: 5000,
  filesPerMessage: 10,
  fileMaxBytes: 10 * 1024 * 1024,
  groupNameMaxChars: 80,
  groupMaxMembers: 256,
  historyPageSize: 30,
  roomsPageSize: 30,
  searchPageSize: 30,
  callsPageSize: 30,
  /** Replay on reconnection sends at most this many missed messages; the client reloads history beyond it. */
  replayMax: 500,
  translateMaxChars: 5000,
  /** An offline user's e-mail goes out this long after the last message of a burst... */
  offlineQuietMs: 5 * 60 * 1000,
  /** ...but never later than this after the first. */
  offlineMaxDelayMs: 30 * 60 * 1000,
  /** A call nobody answers within this time is missed. */
  ringTimeoutMs: 45_000,
  thumbnailWidth: 480,
} as const;

export const ROOM_TYPES = ['direct', 'group'] as const;
export const MESSAGE_TYPES = ['text', 'image', 'document', 'call', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Tabs of the chat window (spec section 2); calls lists call history instead of rooms. */
export const CHAT_TABS = ['all', 'unread', 'archive', 'blocked', 'requests', 'chats', 'calls', 'groups'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];
export const ROOM_TABS = ['all', 'unread', 'archive', 'blocked', 'requests', 'chats', 'groups'] as const;
export type RoomTab = (typeof ROOM_TABS)[number];
export const REQUEST_STATUSES = ['accepted', 'pending', 'declined'] as const;
export const CALL_MEDIA = ['audio', 'video'] as const;
export const CALL_STATUSES = ['ringing', 'ongoing', 'ended', 'declined', 'missed', 'cancelled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

const id = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
const idParam = z.coerce.number().int().positive();
const optionalIdField = z.preprocess(
  (value) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value),
  z.coerce.number().int().positive().optional(),
);

export const contactSchema = z.object({
  id,
  full_name: z.string(),
  avatar: z.string().nullable(),
  user_type: z.enum(['seller', 'subuser', 'others']),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const chatFileSchema = z.object({
  id,
  name: z.string(),
  mime: z.string(),
  size: id,
  kind: z.enum(['image', 'document']),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: id.nullable(),
  height: id.nullable(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

export const replyPreviewSchema = z.object({
  id,
  message: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  sender_id: id,
  sender_name: z.string(),
  is_deleted: z.boolean(),
});

export const callSummarySchema = z.object({
  id,
  media: z.enum(CALL_MEDIA),
  status: z.enum(CALL_STATUSES),
  caller_id: id,
  duration_seconds: id.nullable(),
});

export const messageSchema = z.object({
  id,
  room_id: id,
  sender_id: id,
  sender_name: z.string(),
  sender_avatar: z.string().nullable(),
  message: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  replied_parent_id: id.nullable(),
  replied_message: z.string().nullable(),
  reply_to: replyPreviewSchema.nullable(),
  files: z.array(chatFileSchema),
  chat_transfer_id: id.nullable(),
  client_id: z.string().nullable(),
  call: callSummarySchema.nullable(),
  is_edited: z.boolean(),
  edited_at: z.string().nullable(),
  is_deleted: z.boolean(),
  created_at: z.string(),
  /** For one's own message: every other member has read it. For another's: the viewer has read it. */
  read: flag,
  /** For one's own message: every other member's device has received it. */
  delivered: flag,
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const productRefSchema = z.object({ id, name: z.string().nullable(), url: z.string().nullable() });

export const lastMessageSchema = z.object({
  id,
  message: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  sender_id: id,
  is_deleted: z.boolean(),
  created_at: z.string(),
});

/** A room as one user sees it (spec section 3: room_id, unread_count, is_archived, is_pinned). */
export const roomSchema = z.object({
  room_id: id,
  type: z.enum(ROOM_TYPES),
  name: z.string(),
  avatar: z.string().nullable(),
  unread_count: id,
  is_archived: flag,
  is_pinned: flag,
  request_status: z.enum(REQUEST_STATUSES),
  /** The viewer has blocked the other person of a direct room. */
  is_blocked: z.boolean(),
  my_role: z.enum(['admin', 'member']),
  other_user: contactSchema.nullable(),
  product: productRefSchema.nullable(),
  last_message: lastMessageSchema.nullable(),
  last_message_at: z.string().nullable(),
  member_count: id,
  created_at: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const memberSchema = z.object({
  user: contactSchema,
  role: z.enum(['admin', 'member']),
  last_read_message_id: id,
  last_delivered_message_id: id,
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const transferSchema = z.object({
  chat_transfer_id: id,
  from_user: contactSchema,
  to_user: contactSchema,
  created_at: z.string(),
});

export const ratingSchema = z.object({
  id,
  rating: id,
  comment: z.string().nullable(),
  buyer_name: z.string(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const roomDetailSchema = z.object({
  room: roomSchema,
  members: z.array(memberSchema),
  transfers: z.array(transferSchema),
  /** A buyer who has talked with this seller may review them (modules/reviews, decision 045). */
  can_rate: z.boolean(),
  my_rating: ratingSchema.nullable(),
  /** The seller company users the viewer may hand this conversation to (company side of a direct room). */
  colleagues: z.array(contactSchema),
});
export type RoomDetail = z.infer<typeof roomDetailSchema>;

export const roomsQuerySchema = z.object({
  tab: z.enum(ROOM_TABS).default('all'),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.roomsPageSize),
});

export const roomsPageSchema = page(roomSchema);

export const unreadCountsSchema = z.object({
  /** Unread messages in rooms that are not archived (the header badge). */
  unread_count: id,
  archived_unread_count: id,
  /** Rooms with unread messages, not archived. */
  unread_rooms: id,
  requests_count: id,
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

export const historyParamsSchema = z.object({ userId: idParam });
export const historyQuerySchema = z.object({
  room_id: optionalIdField,
  page: z.coerce.number().int().min(1).default(1),
  /** The newest message id of the first page: later pages stay put while new messages arrive. */
  anchor: optionalIdField,
  per_page: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.historyPageSize),
});

/** GET chat-history: newest first, paged by full URL (next_page_url). */
export const historyPageSchema = z.object({
  data: z.array(messageSchema),
  currentPage: id,
  lastPage: id,
  perPage: id,
  total: id,
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
  room: roomSchema.nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** Text fields of POST rooms/send-message (multipart form data; files come as files[]). */
export const sendMessageFieldsSchema = z.object({
  message: z.string().max(CHAT_LIMITS.messageMaxChars, CHAT_MESSAGES.messageTooLong).default(''),
  message_type: z.enum(['text', 'image', 'document', 'file']).optional(),
  recipient_id: optionalIdField,
  roomId: optionalIdField,
  replied_parent_id: optionalIdField,
  replied_message: z.string().max(CHAT_LIMITS.messageMaxChars).optional(),
  /** Accepted for compatibility; read state comes from the read pointers. */
  read: z.string().optional(),
  chat_transfer_id: optionalIdField,
  /** The product the conversation is about (first message from a product page). */
  product_id: optionalIdField,
  product_name: z.string().trim().max(200).optional(),
  product_url: z.string().trim().max(500).optional(),
  /** A client-made id: sending the same message twice (a retry) stores it once. */
  client_id: z.string().trim().min(1).max(64).optional(),
});
export type SendMessageFields = z.input<typeof sendMessageFieldsSchema>;

export const sendMessageResultSchema = z.object({ message: messageSchema, room: roomSchema });

export const markAsReadQuerySchema = z.object({ message_id: idParam, room_id: idParam });
export const markAsReadResultSchema = z.object({ room_id: id, last_read_message_id: id, unread_count: id });

export const pinnedUserBodySchema = z.object({
  room_id: z.coerce.number().int().positive(),
  /** The caller (spec field); the pin is always the caller's own. */
  user_id: z.coerce.number().int().positive().optional(),
});
export const roomIdBodySchema = z.object({ room_id: z.coerce.number().int().positive() });
export const archiveBodySchema = z.object({
  room_id: z.coerce.number().int().positive(),
  is_archived: z.coerce.number().int().min(0).max(1),
});
export const userIdBodySchema = z.object({ user_id: z.coerce.number().int().positive() });
export const roomFlagsSchema = z.object({ room_id: id, is_pinned: flag, is_archived: flag });

export const editMessageBodySchema = z.object({
  message_id: z.coerce.number().int().positive(),
  message: z
    .string()
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(CHAT_LIMITS.messageMaxChars, CHAT_MESSAGES.messageTooLong),
});
export const messageIdBodySchema = z.object({ message_id: z.coerce.number().int().positive() });

const groupName = z
  .string({ error: CHAT_MESSAGES.groupNameRequired })
  .trim()
  .min(1, CHAT_MESSAGES.groupNameRequired)
  .max(CHAT_LIMITS.groupNameMaxChars, CHAT_MESSAGES.groupNameTooLong);
export const createGroupBodySchema = z.object({
  name: groupName,
  member_ids: z
    .array(z.coerce.number().int().positive(), { error: CHAT_MESSAGES.groupMembersRequired })
    .min(1, CHAT_MESSAGES.groupMembersRequired)
    .max(CHAT_LIMITS.groupMaxMembers - 1, CHAT_MESSAGES.groupTooLarge),
});
export const renameGroupBodySchema = z.object({ room_id: z.coerce.number().int().positive(), name: groupName });
export const groupMembersBodySchema = z.object({
  room_id: z.coerce.number().int().positive(),
  user_ids: z
    .array(z.coerce.number().int().positive())
    .min(1, CHAT_MESSAGES.groupMembersRequired)
    .max(CHAT_LIMITS.groupMaxMembers),
});
export const groupMemberBodySchema = z.object({
  room_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive(),
});
export const groupAdminBodySchema = groupMemberBodySchema.extend({ is_admin: z.boolean() });

export const transferBodySchema = z.object({
  room_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive(),
});

export const contactQuerySchema = z
  .object({ user_id: optionalIdField, company_id: optionalIdField })
  .refine((query) => query.user_id !== undefined || query.company_id !== undefined, {
    message: CHAT_MESSAGES.recipientRequired,
    path: ['user_id'],
  });
export const contactResultSchema = z.object({ contact: contactSchema, room_id: id.nullable() });

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  room_id: optionalIdField,
  page: z.coerce.number().int().min(1).default(1),
});
export const searchHitSchema = z.object({
  message: messageSchema,
  room_name: z.string(),
  room_type: z.enum(ROOM_TYPES),
});
export const searchPageSchema = page(searchHitSchema);

export const callSchema = z.object({
  id,
  room_id: id,
  media: z.enum(CALL_MEDIA),
  status: z.enum(CALL_STATUSES),
  direction: z.enum(['outgoing', 'incoming']),
  other_user: contactSchema,
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_seconds: id.nullable(),
});
export type Call = z.infer<typeof callSchema>;
export const callsQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });
export const callsPageSchema = page(callSchema);

export const translationBodySchema = z.object({
  text: z.string().min(1).max(CHAT_LIMITS.translateMaxChars),
  to: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z]{2,4})?$/),
  /** When given, the translation is cached for this message and language. */
  message_id: z.coerce.number().int().positive().optional(),
});
export const translationResultSchema = z.object({ translatedText: z.string() });

export const chatSettingsSchema = z.object({
  translation_enabled: z.boolean(),
  max_file_bytes: id,
  files_per_message: id,
  message_max_chars: id,
});

export const broadcastingAuthBodySchema = z.object({
  socket_id: z.string().min(1).max(100),
  channel_name: z.string().min(1).max(100),
});
export const broadcastingAuthResultSchema = z.object({ auth: z.string() });

/** The private channel of a user (spec section 7): chat.{id}. Laravel-style private- prefix accepted. */
export function userChannel(userId: number) {
  return `chat.${userId}`;
}
export function channelUserId(channel: string): number | null {
  const match = /^(?:private-)?chat\.(\d+)$/.exec(channel);
  return match ? Number(match[1]) : null;
}

/** Events the server pushes on a user's channel. */
export type ServerEvents = {
  'message.created': { message: ChatMessage; room: Room };
  'message.updated': { message: ChatMessage };
  'message.read': { room_id: number; user_id: number; message_id: number };
  'message.delivered': { room_id: number; user_id: number; message_id: number };
  'room.updated': { room_id: number };
  'room.removed': { room_id: number };
  typing: { room_id: number; user_id: number; full_name: string; typing: boolean };
  presence: { user_id: number; online: boolean };
  'call.ring': { call: Call; from: Contact };
  'call.accepted': { call_id: number; by: number };
  'call.declined': { call_id: number; by: number };
  'call.ended': { call_id: number; by: number | null; status: CallStatus };
  'call.signal': { call_id: number; from: number; data: CallSignal };
};

export type CallSignal =
  { type: 'offer'; sdp: string } | { type: 'answer'; sdp: string } | { type: 'candidate'; candidate: unknown };

/** What a client sends: name, payload and acknowledgement. */
export type SocketAck<T> = (answer: { status: true; data: T } | { status: false; message: string }) => void;
export const syncRequestSchema = z.object({
  after_id: z.number().int().min(0),
  /** ISO time of the last event seen: edits and deletions since then are replayed too. */
  since: z.string().datetime().optional(),
});
export const socketSendSchema = z.object({
  room_id: z.number().int().positive().optional(),
  recipient_id: z.number().int().positive().optional(),
  message: z.string().min(1).max(CHAT_LIMITS.messageMaxChars),
  replied_parent_id: z.number().int().positive().optional(),
  client_id: z.string().min(1).max(64).optional(),
});
export const typingSchema = z.object({ room_id: z.number().int().positive(), typing: z.boolean() });
export const deliveredSchema = z.object({
  room_id: z.number().int().positive(),
  message_id: z.number().int().positive(),
});
export const subscribeSchema = z.object({ channel: z.string().max(100), auth: z.string().max(200).optional() });
export const callStartSchema = z.object({ room_id: z.number().int().positive(), media: z.enum(CALL_MEDIA) });
export const callIdSchema = z.object({ call_id: z.number().int().positive() });
export const callSignalSchema = z.object({
  call_id: z.number().int().positive(),
  data: z.union([
    z.object({ type: z.literal('offer'), sdp: z.string().max(100_000) }),
    z.object({ type: z.literal('answer'), sdp: z.string().max(100_000) }),
    z.object({ type: z.literal('candidate'), candidate: z.unknown() }),
  ]),
});
export const syncResultSchema = z.object({ messages: z.array(messageSchema), truncated: z.boolean() });
export type SyncResult = z.infer<typeof syncResultSchema>;
