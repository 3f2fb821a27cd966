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
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { AppError, forbidden } from '../../platform/errors.ts';
import { userChannelName, type AuthedSocket } from '../../platform/realtime.ts';
import { setPresence, userName } from '../accounts/people.ts';
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
 * Wraps a socket handler: validates the payload, answers {status, data} (file addresses signed for
 * the socket's user) or {status: false, message}.
 */
function handler<S extends z.ZodType>(
  ctx: ChatContext,
  viewerId: number,
  schema: S,
  run: (payload: z.output<S>) => Promise<unknown>,
): (payload: unknown, ack?: unknown) => void {
  return (payload, ack) => {
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
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
  };
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
  ctx.realtime.onConnection((socket: AuthedSocket) => {
    const { user, token } = socket.data;
    const membersOf = roomCache(ctx, user.id);
    setOnline(ctx, user.id, true).catch((error) => ctx.log.warn({ err: error }, 'presence update failed'));

    socket.on(
      'subscribe',
      handler(ctx, user.id, subscribeSchema, async ({ channel, auth }) => {
        const owner = channelUserId(channel);
        if (owner !== user.id) throw forbidden();
        if (auth !== undefined && !sameSignature(auth, channelSignature(token, socket.id, channel))) throw forbidden();
        await socket.join(userChannelName(user.id));
        return { channel };
      }),
    );

    socket.on(
      'message:send',
      handler(ctx, user.id, socketSendSchema, async (payload) => {
        return sendMessage(
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
        );
      }),
    );

    socket.on(
      'typing',
      handler(ctx, user.id, typingSchema, async ({ room_id, typing }) => {
        const members = await membersOf(room_id);
        if (!members.includes(user.id)) return null;
        const name = await userName(ctx.db, user.id);
        ctx.realtime.toUsers(
          members.filter((id) => id !== user.id),
          'typing',
          { room_id, user_id: user.id, full_name: name ?? '', typing },
        );
        return null;
      }),
    );

    socket.on(
      'delivered',
      handler(ctx, user.id, deliveredSchema, async ({ room_id, message_id }) => {
        const members = await membersOf(room_id);
        if (!members.includes(user.id)) return null;
        if (await markDelivered(ctx.db, user.id, room_id, message_id)) {
          ctx.realtime.toUsers(members, 'message.delivered', { room_id, user_id: user.id, message_id });
        }
        return null;
      }),
    );

    socket.on(
      'sync',
      handler(ctx, user.id, syncRequestSchema, ({ after_id, since }) =>
        missedSince(ctx.db, user, after_id, since ? new Date(since) : undefined),
      ),
    );

    socket.on(
      'call:start',
      handler(ctx, user.id, callStartSchema, ({ room_id, media }) => startCall(ctx, user, room_id, media)),
    );
    socket.on(
      'call:accept',
      handler(ctx, user.id, callIdSchema, ({ call_id }) => acceptCall(ctx, user, call_id)),
    );
    socket.on(
      'call:decline',
      handler(ctx, user.id, callIdSchema, ({ call_id }) => declineCall(ctx, user, call_id)),
    );
    socket.on(
      'call:hangup',
      handler(ctx, user.id, callIdSchema, ({ call_id }) => hangUp(ctx, user, call_id)),
    );
    socket.on(
      'call:signal',
      handler(ctx, user.id, callSignalSchema, ({ call_id, data }) => relaySignal(ctx, user, call_id, data)),
    );

    socket.on('disconnect', () => {
      ctx.realtime
        .isConnected(user.id)
        .then((connected) => (connected ? undefined : setOnline(ctx, user.id, false)))
        .catch((error) => ctx.log.warn({ err: error }, 'presence update failed'));
    });
  });
}
