import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  archiveBodySchema,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatSettingsSchema,
  contactQuerySchema,
  contactResultSchema,
  editMessageBodySchema,
  historyPageSchema,
  historyParamsSchema,
  historyQuerySchema,
  markAsReadQuerySchema,
  markAsReadResultSchema,
  messageIdBodySchema,
  messageSchema,
  pinnedUserBodySchema,
  roomDetailSchema,
  roomFlagsSchema,
  roomIdBodySchema,
  roomsPageSchema,
  roomsQuerySchema,
  searchPageSchema,
  searchQuerySchema,
  sendMessageFieldsSchema,
  sendMessageResultSchema,
  unreadCountsSchema,
  userIdBodySchema,
} from '@tradeloop/contracts/chat';
import { invalid, notFound } from '../../platform/errors.ts';
import {
  fileViewer,
  sendPrivateFile,
  signedFileQuerySchema,
  signFileUrlsInAnswers,
  signingRealtime,
} from '../../platform/file-urls.ts';
import { forHoldersOf } from '../../platform/realtime.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { expireStaleCalls } from './calls.ts';
import type { ChatContext, ConversationReview } from './context.ts';
import { contactFor, roomDetail } from './detail.ts';
import { createChatStorage } from './files.ts';
import { deleteMessage, editMessage, history, searchMessages, sendMessage } from './messages.ts';
import { MULTIPART_LIMITS, parseFields, readForm } from './multipart.ts';
import { flushOfflineEmails } from './offline-mail.ts';
import { moreChatRoutes } from './more-routes.ts';
import {
  activeMemberIds,
  answerRequest,
  block,
  isActiveUser,
  listRooms,
  markRead,
  roomView,
  setArchived,
  togglePinned,
  unblock,
  unreadCounts,
} from './rooms.ts';
import { registerChatSockets } from './socket.ts';
import { FILES_PATH, fileByKey } from './views.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chat: {
      context: ChatContext;
      /** Sends the offline e-mails due at `now` (the timer calls it; tests call it with a later time). */
      flushOfflineEmails(now?: Date): Promise<number>;
    };
  }
}

/** How often the durable schedules (offline e-mail, unanswered calls) are checked. */
const SWEEP_INTERVAL_MS = 30_000;

const tags = ['chat'];

/** Chat: the context and timers on the app, then the routes in a scope of their own (with multipart). */
export const chatRoutes = fp(
  async (app: FastifyInstance, options: { conversationReview: ConversationReview }) => {
    const context: ChatContext = {
      db: app.db,
      realtime: signingRealtime(forHoldersOf(app.realtime, 'chat'), app.fileUrls, [FILES_PATH]),
      events: app.events,
      mailer: app.mailer,
      storage: createChatStorage(app.storage),
      fileUrls: app.fileUrls,
      config: app.config,
      log: app.log.child({ module: 'chat' }),
      conversationReview: options.conversationReview,
    };
    app.decorate('chat', { context, flushOfflineEmails: (now?: Date) => flushOfflineEmails(context, now) });
    registerChatSockets(context);

    app.jobs.every('chat.sweep', SWEEP_INTERVAL_MS, async () => {
      await flushOfflineEmails(context);
      await expireStaleCalls(context);
    });

    await app.register(async (scope) => {
      signFileUrlsInAnswers(scope, [FILES_PATH]);
      await scope.register(multipart, { limits: MULTIPART_LIMITS });
      roomRoutes(scope, context);
      await scope.register(moreChatRoutes, { context });
    });
  },
  { name: 'chat' },
);

function roomRoutes(fastify: FastifyInstance, ctx: ChatContext) {
  const route = routes(fastify);

  route.get(
    '/chat/v1/settings',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'What the chat offers here (translation, file limits)',
      data: chatSettingsSchema,
    },
    async () => ({
      translation_enabled: Boolean(ctx.config.translateUrl),
      max_file_bytes: CHAT_LIMITS.fileMaxBytes,
      files_per_message: CHAT_LIMITS.filesPerMessage,
      message_max_chars: CHAT_LIMITS.messageMaxChars,
    }),
  );

  route.get(
    '/chat/v1/rooms',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Rooms of a tab of the chat window: pinned first, then by last message',
      querystring: roomsQuerySchema,
      data: roomsPageSchema,
    },
    async ({ request, user }) => listRooms(ctx.db, user, request.query),
  );

  route.get(
    '/chat/v1/rooms/:roomId',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'A room with its members, hand-overs and rating prompt (group information)',
      params: z.object({ roomId: z.coerce.number().int().positive() }),
      data: roomDetailSchema,
    },
    async ({ request, user }) => roomDetail(ctx, user, request.params.roomId),
  );

  route.get(
    '/chat/v1/unread-counts',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Unread counts, archived and not, and new requests',
      data: unreadCountsSchema,
    },
    async ({ user }) => unreadCounts(ctx.db, user),
  );

  route.get(
    '/chat/v1/contact',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'A person to write to (by user or seller company) and the room already open with them',
      querystring: contactQuerySchema,
      data: contactResultSchema,
    },
    async ({ request, user }) => contactFor(ctx.db, user, request.query),
  );

  route.get(
    '/chat/v1/chat-history/:userId',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Messages of a room (room_id) or of the direct room with userId, newest first, paged by URL',
      params: historyParamsSchema,
      querystring: historyQuerySchema,
      data: historyPageSchema,
    },
    async ({ request, user }) => history(ctx.db, user, request.params.userId, request.query),
  );

  route.post(
    '/chat/v1/rooms/send-message',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Send a message (form data)',
      description:
        'multipart/form-data with files[] (PNG, JPEG, PDF, Word, Excel, PowerPoint, text, CSV; 10 files of 10 MB), message, message_type, recipient_id (first message) or roomId, replied_parent_id, replied_message, read, chat_transfer_id, and optionally product_id, product_name, product_url, client_id. A JSON body with the same fields sends text.',
      consumes: ['multipart/form-data', 'application/json'],
      data: sendMessageResultSchema,
    },
    async ({ request, user: viewer }) => {
      const { fields, files } = await readForm(request);
      const input = parseFields(sendMessageFieldsSchema, fields);
      const message = await sendMessage(ctx, viewer, input, files);
      return { message, room: await roomView(ctx.db, viewer, message.room_id) };
    },
  );

  route.post(
    '/chat/v1/rooms/edit-message',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Edit the text of one of your messages',
      body: editMessageBodySchema,
      data: messageSchema,
    },
    async ({ request, user }) => editMessage(ctx, user, request.body.message_id, request.body.message),
  );

  route.post(
    '/chat/v1/rooms/delete-message',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Delete one of your messages (a marker stays)',
      body: messageIdBodySchema,
      data: messageSchema,
    },
    async ({ request, user }) => deleteMessage(ctx, user, request.body.message_id),
  );

  route.post(
    '/chat/v1/markAsRead',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Mark a room read up to a message',
      querystring: markAsReadQuerySchema,
      data: markAsReadResultSchema,
    },
    async ({ request, user: viewer }) => {
      const { room_id, message_id } = request.query;
      const { moved, result } = await markRead(ctx.db, viewer, room_id, message_id);
      if (moved) {
        const members = await activeMemberIds(ctx.db, room_id);
        ctx.realtime.toUsers(members, 'message.read', {
          room_id,
          user_id: viewer.id,
          message_id: result.last_read_message_id,
        });
      }
      return result;
    },
  );

  route.post(
    '/chat/v1/pinned-user',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Pin or unpin a room (toggles is_pinned)',
      body: pinnedUserBodySchema,
      data: roomFlagsSchema,
    },
    async ({ request, user: viewer }) => {
      const flags = await togglePinned(ctx.db, viewer, request.body.room_id);
      ctx.realtime.toUsers([viewer.id], 'room.updated', { room_id: flags.room_id });
      return flags;
    },
  );

  route.post(
    '/chat/v1/archive-room',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Archive (is_archived 1) or unarchive (0) a room',
      body: archiveBodySchema,
      data: roomFlagsSchema,
    },
    async ({ request, user: viewer }) => {
      const flags = await setArchived(ctx.db, viewer, request.body.room_id, request.body.is_archived === 1);
      ctx.realtime.toUsers([viewer.id], 'room.updated', { room_id: flags.room_id });
      return flags;
    },
  );

  for (const [path, summary, apply, message] of [
    ['/chat/v1/block-user', 'Block a user: their messages never arrive', block, CHAT_MESSAGES.userBlocked],
    ['/chat/v1/unblock-user', 'Unblock a user', unblock, CHAT_MESSAGES.userUnblocked],
  ] as const) {
    route.post(
      path,
      { access: 'user', permission: 'chat', tags, summary, body: userIdBodySchema, data: z.null() },
      async ({ request, user: viewer }) => {
        const target = request.body.user_id;
        if (target === viewer.id) throw invalid({ user_id: [CHAT_MESSAGES.cannotBlockSelf] });
        if (!(await isActiveUser(ctx.db, target))) throw notFound();
        await apply(ctx.db, viewer.id, target);
        ctx.realtime.toUsers([viewer.id], 'room.updated', { room_id: 0 });
        return withMessage(null, message);
      },
    );
  }

  for (const [path, summary, answer, message] of [
    ['/chat/v1/requests/accept', 'Accept a new request', 'accepted', CHAT_MESSAGES.requestAccepted],
    ['/chat/v1/requests/decline', 'Decline a new request (hides it)', 'declined', CHAT_MESSAGES.requestDeclined],
  ] as const) {
    route.post(
      path,
      { access: 'user', permission: 'chat', tags, summary, body: roomIdBodySchema, data: roomFlagsSchema },
      async ({ request, user: viewer }) => {
        await answerRequest(ctx.db, viewer, request.body.room_id, answer);
        ctx.realtime.toUsers([viewer.id], 'room.updated', { room_id: request.body.room_id });
        const room = await roomView(ctx.db, viewer, request.body.room_id);
        return withMessage(
          { room_id: room.room_id, is_pinned: room.is_pinned, is_archived: room.is_archived },
          message,
        );
      },
    );
  }

  route.get(
    '/chat/v1/search',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Search messages in one conversation (room_id) or across all of yours',
      querystring: searchQuerySchema,
      data: searchPageSchema,
    },
    async ({ request, user }) => searchMessages(ctx.db, user, request.query),
  );

  route.get(
    '/chat/v1/files/:key',
    {
      access: 'public',
      tags,
      summary: "A chat file, thumbnail or group picture, to a member of the file's conversation",
      description:
        'Signed in (bearer token), or by the signed address an answer gives (uid, exp, sig: for one user, valid one to two hours). Anyone else, an expired or altered address: 404.',
      params: z.object({ key: z.string().max(64) }),
      querystring: signedFileQuerySchema,
    },
    async ({ request, reply }) => {
      const viewerId = fileViewer(fastify, request);
      const file = viewerId ? await fileByKey(ctx.db, request.params.key, viewerId) : null;
      const stored = file ? await ctx.storage.open(request.params.key) : null;
      if (!file || !stored) throw notFound();
      return sendPrivateFile(reply, { ...stored, mime: file.mime, fileName: file.name });
    },
  );
}
