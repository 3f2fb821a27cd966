import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createTestApp } from '../../../test/helpers.ts';
import {
  chatUser,
  emitWithAck,
  nextEvent,
  PNG_1X1,
  post,
  record,
  send,
  sendText,
  socketOf,
  type ChatUser,
  withTwoInstances,
} from './test-support.ts';

/** As the rate limiter's tests: the Redis test runs when TEST_REDIS_URL names a server (CI's second run does). */
const REDIS_URL = process.env.TEST_REDIS_URL;

let app: FastifyInstance;
let url: string;
let seller: ChatUser;
let buyer: ChatUser;
let outsider: ChatUser;

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  seller = await chatUser(app, 'seller', { name: 'Live Seller' });
  buyer = await chatUser(app, 'buyer', { name: 'Live Buyer' });
  outsider = await chatUser(app, 'buyer', { name: 'Outsider' });
});

afterAll(() => app.close());

describe('socket handshake', () => {
  it('refuses a socket without a valid bearer token', async () => {
    const socket = connect(url, { auth: { token: 'forged' }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
    socket.close();
  });

  it('marks the user online while connected (the profile online flag) and offline after', async () => {
    const user = await chatUser(app, 'buyer');
    const socket = await socketOf(url, user);
    await expect.poll(() => onlineOf(user.id)).toBe(true);
    socket.close();
    await expect.poll(() => onlineOf(user.id)).toBe(false);
  });
});

async function onlineOf(userId: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/chat/v1/contact?user_id=${userId}`,
    headers: { authorization: `Bearer ${outsider.token}` },
  });
  return response.json().data.contact.online as boolean;
}

describe('private channels chat.{id}', () => {
  it('delivers a message live to the room members only, never to anyone else', async () => {
    const [sellerSocket, buyerSocket, outsiderSocket] = await Promise.all([
      socketOf(url, seller),
      socketOf(url, buyer),
      socketOf(url, outsider),
    ]);
    const outsiderSeen = record(outsiderSocket);
    try {
      const arriving = nextEvent<{ message: { message: string; sender_id: number } }>(sellerSocket, 'message.created');
      const echo = nextEvent(buyerSocket, 'message.created');
      const { room } = await sendText(app, buyer, { recipient_id: seller.id, message: 'Live hello' });
      expect((await arriving).message).toMatchObject({ message: 'Live hello', sender_id: buyer.id });
      await echo;

      const typing = nextEvent<{ room_id: number; user_id: number; typing: boolean }>(buyerSocket, 'typing');
      await emitWithAck(sellerSocket, 'typing', { room_id: room.room_id, typing: true });
      expect(await typing).toMatchObject({ room_id: room.room_id, user_id: seller.id, typing: true });

      // The outsider tries to type into, mark and read the room: nothing of it reaches anyone.
      await emitWithAck(outsiderSocket, 'typing', { room_id: room.room_id, typing: true });
      await emitWithAck(outsiderSocket, 'delivered', { room_id: room.room_id, message_id: 1 });
      const replay = await emitWithAck<{ messages: unknown[] }>(outsiderSocket, 'sync', { after_id: 0 });
      expect(replay.data.messages).toEqual([]);

      // A file's address goes to each member signed for them; so does a replay after reconnecting.
      const withFile = nextEvent<{ message: { files: { url: string }[] } }>(sellerSocket, 'message.created');
      const ownFile = nextEvent<{ message: { files: { url: string }[] } }>(buyerSocket, 'message.created');
      await send(app, buyer, { roomId: room.room_id, message: 'Plan' }, [
        { name: 'plan.png', type: 'image/png', content: PNG_1X1 },
      ]);
      const sellerUrl = (await withFile).message.files[0].url;
      expect(new URL(sellerUrl, url).searchParams.get('uid')).toBe(String(seller.id));
      expect(new URL((await ownFile).message.files[0].url, url).searchParams.get('uid')).toBe(String(buyer.id));
      expect((await app.inject({ method: 'GET', url: sellerUrl })).statusCode).toBe(200);
      const synced = await emitWithAck<{ messages: { files: { url: string }[] }[] }>(sellerSocket, 'sync', {
        after_id: 0,
      });
      const replayed = synced.data.messages.flatMap((message) => message.files);
      expect(replayed.map((file) => new URL(file.url, url).searchParams.get('uid'))).toEqual([String(seller.id)]);

      const read = nextEvent<{ user_id: number }>(buyerSocket, 'message.read');
      const last = (await sendText(app, buyer, { roomId: room.room_id, message: 'Second' })).message;
      await post(app, seller, `/chat/v1/markAsRead?message_id=${last.id}&room_id=${room.room_id}`);
      expect(await read).toMatchObject({ user_id: seller.id, room_id: room.room_id });

      expect(outsiderSeen.filter((event) => event.event !== 'presence')).toEqual([]);
    } finally {
      for (const socket of [sellerSocket, buyerSocket, outsiderSocket]) socket.close();
    }
  });

  it('authorises only your own channel at POST /broadcasting/auth and on subscribe', async () => {
    const socket = await socketOf(url, buyer);
    try {
      const own = await post(app, buyer, '/broadcasting/auth', {
        socket_id: socket.id,
        channel_name: `private-chat.${buyer.id}`,
      });
      expect(own.statusCode).toBe(200);
      const auth = own.json().auth;
      const other = await post(app, buyer, '/broadcasting/auth', {
        socket_id: socket.id,
        channel_name: `private-chat.${seller.id}`,
      });
      expect(other.statusCode).toBe(403);
      expect((await emitWithAck(socket, 'subscribe', { channel: `private-chat.${buyer.id}`, auth })).status).toBe(true);
      expect((await emitWithAck(socket, 'subscribe', { channel: `chat.${buyer.id}`, auth })).status).toBe(false);
      expect((await emitWithAck(socket, 'subscribe', { channel: `chat.${seller.id}` })).status).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('replays what a reconnecting client missed: new messages, edits and deletions', async () => {
    const { room, message } = await sendText(app, buyer, { recipient_id: seller.id, message: 'Before the drop' });
    const droppedAt = new Date().toISOString();
    await sendText(app, buyer, { roomId: room.room_id, message: 'While you were away 1' });
    await sendText(app, buyer, { roomId: room.room_id, message: 'While you were away 2' });
    await post(app, buyer, '/chat/v1/rooms/edit-message', {
      message_id: message.id,
      message: 'Before the drop (edited)',
    });

    const socket = await socketOf(url, seller);
    try {
      const replay = await emitWithAck<{ messages: { message: string }[]; truncated: boolean }>(socket, 'sync', {
        after_id: message.id,
        since: droppedAt,
      });
      expect(replay.status).toBe(true);
      expect(replay.data.messages.map((m) => m.message)).toEqual([
        'Before the drop (edited)',
        'While you were away 1',
        'While you were away 2',
      ]);
      expect(replay.data.truncated).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('does not deliver a blocked user’s message to the blocker’s socket', async () => {
    const blocker = await chatUser(app, 'seller');
    const pest = await chatUser(app, 'buyer');
    const { room } = await sendText(app, pest, { recipient_id: blocker.id, message: 'hi' });
    await post(app, blocker, '/chat/v1/block-user', { user_id: pest.id });
    const socket = await socketOf(url, blocker);
    const seen = record(socket);
    try {
      await sendText(app, pest, { roomId: room.room_id, message: 'blocked words' });
      const control = nextEvent(socket, 'message.created');
      await sendText(app, outsider, { recipient_id: blocker.id, message: 'someone else' });
      await control;
      expect(seen.map((event) => (event.payload as { message?: { message: string } }).message?.message)).not.toContain(
        'blocked words',
      );
    } finally {
      socket.close();
    }
  });
});

describe('calls', () => {
  it('rings, is accepted, relays signalling, hangs up, and both histories show it', async () => {
    const caller = await chatUser(app, 'buyer', { name: 'Caller' });
    const callee = await chatUser(app, 'seller', { name: 'Callee' });
    const { room } = await sendText(app, caller, { recipient_id: callee.id, message: 'Can we talk?' });
    const [callerSocket, calleeSocket, outsiderSocket] = await Promise.all([
      socketOf(url, caller),
      socketOf(url, callee),
      socketOf(url, outsider),
    ]);
    try {
      const ring = nextEvent<{ call: { id: number; direction: string } }>(calleeSocket, 'call.ring');
      const started = await emitWithAck<{ id: number; status: string }>(callerSocket, 'call:start', {
        room_id: room.room_id,
        media: 'video',
      });
      expect(started.data).toMatchObject({ status: 'ringing' });
      expect((await ring).call).toMatchObject({ id: started.data.id, direction: 'incoming' });
      const busy = await emitWithAck(callerSocket, 'call:start', { room_id: room.room_id, media: 'audio' });
      expect(busy.status).toBe(false);
      expect((await emitWithAck(outsiderSocket, 'call:accept', { call_id: started.data.id })).status).toBe(false);

      const accepted = nextEvent(callerSocket, 'call.accepted');
      await emitWithAck(calleeSocket, 'call:accept', { call_id: started.data.id });
      await accepted;
      const offer = nextEvent<{ data: { type: string; sdp: string } }>(calleeSocket, 'call.signal');
      await emitWithAck(callerSocket, 'call:signal', {
        call_id: started.data.id,
        data: { type: 'offer', sdp: 'v=0 fake' },
      });
      expect((await offer).data).toEqual({ type: 'offer', sdp: 'v=0 fake' });

      const ended = nextEvent<{ status: string }>(calleeSocket, 'call.ended');
      await emitWithAck(callerSocket, 'call:hangup', { call_id: started.data.id });
      expect((await ended).status).toBe('ended');

      for (const [user, direction] of [
        [caller, 'outgoing'],
        [callee, 'incoming'],
      ] as const) {
        const calls = (
          await app.inject({ method: 'GET', url: '/chat/v1/calls', headers: { authorization: `Bearer ${user.token}` } })
        ).json().data.data;
        expect(calls[0]).toMatchObject({ id: started.data.id, status: 'ended', direction, media: 'video' });
        expect(calls[0].duration_seconds).toBeGreaterThanOrEqual(0);
      }
    } finally {
      for (const socket of [callerSocket, calleeSocket, outsiderSocket]) socket.close();
    }
  });
});

describe('a call past its ring time-out', () => {
  it('goes on once answered, while one nobody answered is missed', async () => {
    // A server whose calls ring for half a second: the time-out passes during the test, not after it.
    const shortRing = await createTestApp({ CALL_RING_TIMEOUT_MS: '500' });
    const shortUrl = await shortRing.listen({ port: 0, host: '127.0.0.1' });
    // One after the other: companies made at once would race for the same generated slug.
    const caller = await chatUser(shortRing, 'buyer', { name: 'Patient Caller' });
    const answering = await chatUser(shortRing, 'seller', { name: 'Answering Seller' });
    const away = await chatUser(shortRing, 'seller', { name: 'Away Seller' });
    const answered = (await sendText(shortRing, caller, { recipient_id: answering.id, message: 'Call?' })).room;
    const unanswered = (await sendText(shortRing, caller, { recipient_id: away.id, message: 'Call?' })).room;
    const sockets = await Promise.all([caller, answering].map((user) => socketOf(shortUrl, user)));
    const [callerSocket, answeringSocket] = sockets;
    try {
      const start = (room: { room_id: number }) =>
        emitWithAck<{ id: number }>(callerSocket, 'call:start', { room_id: room.room_id, media: 'audio' });
      const call = (await start(answered)).data;
      await emitWithAck(answeringSocket, 'call:accept', { call_id: call.id });
      // Rung after the answered call, so its time-out comes after the answered call's.
      const missedEnd = nextEvent<{ call_id: number; status: string }>(callerSocket, 'call.ended');
      const missed = (await start(unanswered)).data;
      expect(await missedEnd).toEqual({ call_id: missed.id, by: null, status: 'missed' });

      const ended = nextEvent<{ status: string }>(answeringSocket, 'call.ended');
      expect((await emitWithAck(callerSocket, 'call:hangup', { call_id: call.id })).status).toBe(true);
      expect((await ended).status).toBe('ended');
    } finally {
      for (const socket of sockets) socket.close();
      await shortRing.close();
    }
  });
});

describe.skipIf(!REDIS_URL)('two server instances sharing one Redis (TEST_REDIS_URL)', () => {
  it('a message sent through one instance reaches a socket connected to the other', async () => {
    await withTwoInstances(REDIS_URL!, async (one, two) => {
      const twoUrl = await two.listen({ port: 0, host: '127.0.0.1' });
      const a = await chatUser(one, 'buyer');
      const b = await chatUser(one, 'seller');
      const socket = await socketOf(twoUrl, b);
      try {
        const arriving = nextEvent<{ message: { message: string } }>(socket, 'message.created');
        await sendText(one, a, { recipient_id: b.id, message: 'Across instances' });
        expect((await arriving).message.message).toBe('Across instances');
      } finally {
        socket.close();
      }
    });
  });
});
