import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  callIdSchema,
  callSignalSchema,
  callStartSchema,
  channelUserId,
  deliveredSchema,
  socketSendSchema,
  subscribeSchema,
  syncRequestSchema,
  typingSchema,
} from '@tradeloop/contracts/chat';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { AppError, forbidden } from '../../platform/errors.ts';
import { socketMay, userChannelName, type AuthedSocket, type SocketEvent } from '../../platform/realtime.ts';
import { setPresence, userName } from '../accounts/public.ts';
import { acceptCall, declineCall, hangUp, relaySignal, startCall } from './calls.ts';
import type { ChatContext } from './context.ts';
import { memberRoomIds, missedSince, sendMessage } from './messages.ts';
import { activeMemberIds, markDelivered } from './rooms.ts';
import { chatMembers } from './tables.ts';
import { FILES_PATH } from './views.ts';

/** The signature POST /broadcasting/auth gives for a socket and channel, keyed by the session's token. */
export function channelSignature(token: string, socketId: string, channel: string) {
  const key = createHash('sha256').update(token).digest();
  return `${socketId}:${createHmac('sha256', key).update(`${socketId}:${channel}`).digest('hex')}`;
}

function sameSignature(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Ack = (answer: unknown) => void;

/**
 * Every event a client may send over its socket, with what its handler checks: `chat`, as the REST
 * counterparts do (decision 061), but for the subscription to the user's own channel, which carries
 * reminders too. Handlers are registered from this table only, and the docs list it (`x-socket-events`).
 */
const CHAT_SOCKET_EVENTS = {
  subscribe: { permission: 'own channel', summary: 'Join the user’s own channel (chat.{id})' },
  'message:send': { permission: 'chat', summary: 'Send a text message (as POST rooms/send-message)' },
  typing: { permission: 'chat', summary: 'Tell a room’s members the user is typing' },
  delivered: { permission: 'chat', summary: 'Mark a room’s messages delivered up to one' },
  sync: { permission: 'chat', summary: 'Messages missed since a message or a time' },
  'call:start': { permission: 'chat', summary: 'Ring the other member of a direct room' },
  'call:accept': { permission: 'chat', summary: 'Accept a ringing call' },
  'call:decline': { permission: 'chat', summary: 'Decline a ringing call' },
  'call:hangup': { permission: 'chat', summary: 'End a call' },
  'call:signal': { permission: 'chat', summary: 'Relay WebRTC signalling to the other party' },
} as const satisfies Record<string, Omit<SocketEvent, 'event'>>;

type ChatSocketEvent = keyof typeof CHAT_SOCKET_EVENTS;

/**
 * Registers a socket handler of the table: checks its permission, validates the payload, answers
 * {status, data} (file addresses signed for the socket's user) or {status: false, message}.
 */
function listen<S extends z.ZodType>(
  ctx: ChatContext,
  socket: AuthedSocket,
  event: ChatSocketEvent,
  schema: S,
  run: (payload: z.output<S>) => Promise<unknown>,
) {
  const { permission } = CHAT_SOCKET_EVENTS[event];
  const viewerId = socket.data.user.id;
  socket.on(event, (payload: unknown, ack?: unknown) => {
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
    if (permission !== 'own channel' && !socketMay(socket, permission)) {
      reply({ status: false, message: ROLE_MESSAGES.forbidden });
      return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      reply({ status: false, message: parsed.error.issues[0]?.message ?? SERVER_MESSAGES.validation });
      return;
    }
    run(parsed.data).then(
      (data) => reply({ status: true, data: ctx.fileUrls.signAll(data ?? null, [FILES_PATH], viewerId) }),
      (error: unknown) => {
        if (error instanceof AppError) return reply({ status: false, message: error.message, errors: error.errors });
        ctx.log.error({ err: error }, 'socket handler failed');
        reply({ status: false, message: SERVER_MESSAGES.internal });
      },
    );
  });
}

/** People who share a direct room with the user: they see the user's presence. */
async function presenceAudience(ctx: ChatContext, userId: number) {
  const rows = await ctx.db
    .selectDistinct({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        ne(chatMembers.userId, userId),
        isNull(chatMembers.leftAt),
        sql`${chatMembers.roomId} in (select room_id from chat_members where user_id = ${userId}::bigint and left_at is null)`,
      ),
    )
    .limit(500);
  return rows.map((row) => row.userId);
}

async function setOnline(ctx: ChatContext, userId: number, online: boolean) {
  if (await setPresence(ctx.db, userId, online)) {
    ctx.realtime.toUsers(await presenceAudience(ctx, userId), 'presence', { user_id: userId, online });
  }
}

/** Members of rooms, cached briefly per socket, so typing and delivery marks cost no query each time. */
function roomCache(ctx: ChatContext, userId: number) {
  const members = new Map<number, { ids: number[]; until: number }>();
  return async (roomId: number) => {
    const cached = members.get(roomId);
    if (cached && cached.until > Date.now()) return cached.ids;
    const ids = (await memberRoomIds(ctx.db, userId, [roomId])).length > 0 ? await activeMemberIds(ctx.db, roomId) : [];
    members.set(roomId, { ids, until: Date.now() + 10_000 });
    return ids;
  };
}

export function registerChatSockets(ctx: ChatContext) {
  ctx.realtime.declareEvents(
    Object.entries(CHAT_SOCKET_EVENTS).map(([event, { permission, summary }]) => ({ event, permission, summary })),
  );
  ctx.realtime.onConnection((socket: AuthedSocket) => {
    const { user, token } = socket.data;
    const membersOf = roomCache(ctx, user.id);
    const on = <S extends z.ZodType>(
      event: ChatSocketEvent,
      schema: S,
      run: (payload: z.output<S>) => Promise<unknown>,
    ) => listen(ctx, socket, event, schema, run);
    setOnline(ctx, user.id, true).catch((error) => ctx.log.warn({ err: error }, 'presence update failed'));

    on('subscribe', subscribeSchema, async ({ channel, auth }) => {
      const owner = channelUserId(channel);
      if (owner !== user.id) throw forbidden();
      if (auth !== undefined && !sameSignature(auth, channelSignature(token, socket.id, channel))) throw forbidden();
      await socket.join(userChannelName(user.id));
      return { channel };
    });

    on('message:send', socketSendSchema, (payload) =>
      sendMessage(
        ctx,
        user,
        {
          message: payload.message,
          roomId: payload.room_id,
          recipient_id: payload.recipient_id,
          replied_parent_id: payload.replied_parent_id,
          client_id: payload.client_id,
        },
        [],
      ),
    );

    on('typing', typingSchema, async ({ room_id, typing }) => {
      const members = await membersOf(room_id);
      if (!members.includes(user.id)) return null;
      const name = await userName(ctx.db, user.id);
      ctx.realtime.toUsers(
        members.filter((id) => id !== user.id),
        'typing',
        { room_id, user_id: user.id, full_name: name ?? '', typing },
      );
      return null;
    });

    on('delivered', deliveredSchema, async ({ room_id, message_id }) => {
      const members = await membersOf(room_id);
      if (!members.includes(user.id)) return null;
      if (await markDelivered(ctx.db, user.id, room_id, message_id)) {
        ctx.realtime.toUsers(members, 'message.delivered', { room_id, user_id: user.id, message_id });
      }
      return null;
    });

    on('sync', syncRequestSchema, ({ after_id, since }) =>
      missedSince(ctx.db, user, after_id, since ? new Date(since) : undefined),
    );

    on('call:start', callStartSchema, ({ room_id, media }) => startCall(ctx, user, room_id, media));
    on('call:accept', callIdSchema, ({ call_id }) => acceptCall(ctx, user, call_id));
    on('call:decline', callIdSchema, ({ call_id }) => declineCall(ctx, user, call_id));
    on('call:hangup', callIdSchema, ({ call_id }) => hangUp(ctx, user, call_id));
    on('call:signal', callSignalSchema, ({ call_id, data }) => relaySignal(ctx, user, call_id, data));

    socket.on('disconnect', () => {
      ctx.realtime
        .isConnected(user.id)
        .then((connected) => (connected ? undefined : setOnline(ctx, user.id, false)))
        .catch((error) => ctx.log.warn({ err: error }, 'presence update failed'));
    });
  });
}
