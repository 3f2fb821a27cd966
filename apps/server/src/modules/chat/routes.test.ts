import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@tradeloop/contracts/reviews';
import { CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import { createTestApp, settled } from '../../../test/helpers.ts';
import { expectPrivateFile } from '../../../test/private-files.ts';
import { outboxMessages } from '../../platform/mail.ts';
import { findPerson } from '../accounts/public.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import {
  chatUser,
  counts,
  fakeLibreTranslate,
  get,
  PNG_1X1,
  post,
  send,
  sendText,
  tab,
  type ChatUser,
} from './test-support.ts';

let app: FastifyInstance;
let translator: Awaited<ReturnType<typeof fakeLibreTranslate>>;
let seller: ChatUser;
let buyer: ChatUser;
let stranger: ChatUser;
let pumpId: number;

beforeAll(async () => {
  translator = await fakeLibreTranslate();
  app = await createTestApp({ TRANSLATE_URL: translator.url });
  [seller, buyer, stranger] = [
    await chatUser(app, 'seller', { name: 'Anil Seller' }),
    await chatUser(app, 'buyer', { name: 'Priya Buyer' }),
    await chatUser(app, 'buyer', { name: 'Sam Stranger' }),
  ];
  const refs = await loadRefs(app);
  pumpId = (await createProductAs(app, { ...seller, email: '' }, inStockProduct(refs))).id;
});

afterAll(async () => {
  await app.close();
  await translator.close();
});

describe('POST /chat/v1/rooms/send-message', () => {
  it('opens a direct room with the first message, which lands under new requests, and all, until accepted', async () => {
    const first: { event: string; payload: unknown }[] = [];
    app.events.on('chat.first_message', 'test.first-message', async (payload) => {
      first.push({ event: 'chat.first_message', payload });
    });
    const sent = await sendText(app, buyer, {
      recipient_id: seller.id,
      message: 'Hello, is the pump in stock?',
      message_type: 'text',
      product_id: pumpId,
      // The catalogue names the product, not the client (one product name everywhere).
      product_name: 'Some other name',
    });
    expect(sent.room).toMatchObject({ type: 'direct', is_pinned: 0, is_archived: 0, unread_count: 0 });
    expect(sent.room).toMatchObject({
      product: { id: pumpId, name: 'Industrial Centrifugal Water Pump' },
      other_user: { id: seller.id },
    });
    await settled(app);
    expect(first).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          buyerId: buyer.id,
          sellerId: seller.id,
          productId: pumpId,
          roomId: sent.room.room_id,
        }),
      }),
    ]);

    expect(await tab(app, seller, 'all')).toEqual([
      expect.objectContaining({ room_id: sent.room.room_id, request_status: 'pending', unread_count: 1 }),
    ]);
    expect(await tab(app, seller, 'requests')).toEqual([
      expect.objectContaining({ room_id: sent.room.room_id, unread_count: 1 }),
    ]);
    expect(await counts(app, seller)).toMatchObject({ unread_count: 1, requests_count: 1, archived_unread_count: 0 });
    expect(await counts(app, buyer)).toMatchObject({ unread_count: 0, requests_count: 0 });

    const accepted = await post(app, seller, '/chat/v1/requests/accept', { room_id: sent.room.room_id });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(CHAT_MESSAGES.requestAccepted);
    expect(await tab(app, seller, 'requests')).toEqual([]);
    expect(await tab(app, seller, 'all')).toEqual([expect.objectContaining({ name: 'Priya Buyer', unread_count: 1 })]);
  });

  it('keeps a declined request out of all', async () => {
    const { room } = await sendText(app, stranger, { recipient_id: seller.id, message: 'Cheap pumps?' });
    await post(app, seller, '/chat/v1/requests/decline', { room_id: room.room_id });
    expect((await tab(app, seller, 'all')).map((r) => r.room_id)).not.toContain(room.room_id);
  });

  it('a second message between them uses the same room and is not a request', async () => {
    const again = await sendText(app, seller, { recipient_id: buyer.id, message: 'Yes, 40 units ready.' });
    const rooms = await tab(app, buyer, 'all');
    expect(rooms).toHaveLength(1);
    expect(rooms[0].room_id).toBe(again.room.room_id);
    expect(await counts(app, buyer)).toMatchObject({ unread_count: 1, requests_count: 0 });
  });

  it('refuses an empty message, a message to oneself and an unknown recipient with field messages', async () => {
    const empty = await send(app, buyer, { recipient_id: seller.id, message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ message: [CHAT_MESSAGES.messageRequired] });
    const self = await send(app, buyer, { recipient_id: buyer.id, message: 'me' });
    expect(self.json().errors).toEqual({ recipient_id: [CHAT_MESSAGES.cannotMessageSelf] });
    const unknown = await send(app, buyer, { recipient_id: 999_999, message: 'hi' });
    expect(unknown.json().errors).toEqual({ recipient_id: [CHAT_MESSAGES.recipientNotFound] });
    const nobody = await send(app, buyer, { message: 'to whom?' });
    expect(nobody.json().errors).toEqual({ recipient_id: [CHAT_MESSAGES.recipientRequired] });
  });

  it('stores a retried message (same client_id) once', async () => {
    const fields = { recipient_id: seller.id, message: 'Retry me', client_id: 'c-123' };
    const a = await sendText(app, buyer, fields);
    const b = await sendText(app, buyer, fields);
    expect(b.message.id).toBe(a.message.id);
  });

  it('accepts a PNG with a thumbnail, checked by content, and serves it at its address', async () => {
    const response = await send(app, seller, { recipient_id: buyer.id, message: 'Photo' }, [
      { name: 'pump.png', type: 'image/png', content: PNG_1X1 },
    ]);
    expect(response.statusCode).toBe(200);
    const { message } = response.json().data;
    expect(message.message_type).toBe('image');
    expect(message.files).toEqual([
      expect.objectContaining({ name: 'pump.png', mime: 'image/png', kind: 'image', width: 1, height: 1 }),
    ]);
    const file = await app.inject({ method: 'GET', url: message.files[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    const thumb = await app.inject({ method: 'GET', url: message.files[0].thumb_url });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(
      (await app.inject({ method: 'GET', url: '/chat/v1/files/0123456789abcdef0123456789abcdef.png' })).statusCode,
    ).toBe(404);
  });

  it('serves files only to members of the conversation: signed in, or by an address signed for each', async () => {
    const response = await send(app, seller, { recipient_id: buyer.id, message: 'Drawing' }, [
      { name: 'drawing.png', type: 'image/png', content: PNG_1X1 },
    ]);
    const { message } = response.json().data;
    await expectPrivateFile(app, message.files[0].url, seller, stranger);
    await expectPrivateFile(app, message.files[0].thumb_url, seller, stranger);
    // The recipient's history carries addresses signed for the recipient.
    const page = (await get(app, buyer, `/chat/v1/chat-history/${seller.id}?room_id=${message.room_id}`)).json().data;
    const seen = page.data.find((item: { id: number }) => item.id === message.id);
    await expectPrivateFile(app, seen.files[0].url, buyer, stranger);
    const key = message.files[0].url.split('?')[0].split('/').pop();
    expect((await app.inject({ method: 'GET', url: `/uploads/chat/${key}` })).statusCode).toBe(404);
  });

  it('refuses a file that only pretends to be an image, and other file types, storing nothing', async () => {
    const fake = await send(app, seller, { recipient_id: buyer.id, message: 'x' }, [
      { name: 'photo.png', type: 'image/png', content: Buffer.from('not an image at all') },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ 'files[]': [CHAT_MESSAGES.imagesOnly] });
    const program = await send(app, seller, { recipient_id: buyer.id, message: 'x' }, [
      { name: 'setup.exe', type: 'application/octet-stream', content: Buffer.from('MZ\x90\x00binary') },
    ]);
    expect(program.json().errors).toEqual({ 'files[]': [CHAT_MESSAGES.fileTypeNotAllowed] });
  });

  it('accepts a PDF as a document', async () => {
    const response = await send(app, seller, { recipient_id: buyer.id, message: '' }, [
      { name: 'quote.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF') },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toMatchObject({ message_type: 'document', files: [{ kind: 'document' }] });
  });
});

describe('GET /chat/v1/chat-history/:userId', () => {
  let roomId: number;
  beforeAll(async () => {
    const a = await chatUser(app, 'buyer');
    const b = await chatUser(app, 'seller');
    roomId = (await sendText(app, a, { recipient_id: b.id, message: 'm1' })).room.room_id;
    for (let i = 2; i <= 5; i += 1) await sendText(app, i % 2 ? a : b, { roomId, message: `m${i}` });
    Object.assign(history, { a, b });
  });
  const history = {} as { a: ChatUser; b: ChatUser };

  it('pages newest first by full URL, and later pages stay put while new messages arrive', async () => {
    const first = (
      await get(app, history.a, `/chat/v1/chat-history/${history.b.id}?room_id=${roomId}&per_page=2`)
    ).json().data;
    expect(first.data.map((m: { message: string }) => m.message)).toEqual(['m5', 'm4']);
    expect(first).toMatchObject({ total: 5, lastPage: 3, currentPage: 1 });
    await sendText(app, history.b, { roomId, message: 'm6 arrives meanwhile' });
    const second = (await get(app, history.a, first.next_page_url)).json().data;
    expect(second.data.map((m: { message: string }) => m.message)).toEqual(['m3', 'm2']);
    const third = (await get(app, history.a, second.next_page_url)).json().data;
    expect(third.data.map((m: { message: string }) => m.message)).toEqual(['m1']);
    expect(third.next_page_url).toBeNull();
  });

  it('finds the direct room by the other user when no room_id is given', async () => {
    const page = (await get(app, history.b, `/chat/v1/chat-history/${history.a.id}`)).json().data;
    expect(page.room.room_id).toBe(roomId);
    expect(page.data[0].message).toBe('m6 arrives meanwhile');
  });

  it("answers 404 for another room's history", async () => {
    const response = await get(app, stranger, `/chat/v1/chat-history/${history.a.id}?room_id=${roomId}`);
    expect(response.statusCode).toBe(404);
  });
});

describe('room visibility', () => {
  it("refuses every room action on another person's room with 404, like a missing one", async () => {
    const { room, message } = await sendText(app, buyer, { recipient_id: seller.id, message: 'private' });
    const roomId = room.room_id;
    const attempts = [
      get(app, stranger, `/chat/v1/rooms/${roomId}`),
      get(app, stranger, `/chat/v1/search?q=private&room_id=${roomId}`),
      post(app, stranger, `/chat/v1/markAsRead?message_id=${message.id}&room_id=${roomId}`),
      post(app, stranger, '/chat/v1/pinned-user', { room_id: roomId, user_id: stranger.id }),
      post(app, stranger, '/chat/v1/archive-room', { room_id: roomId, is_archived: 1 }),
      post(app, stranger, '/chat/v1/requests/accept', { room_id: roomId }),
      post(app, stranger, '/chat/v1/rooms/edit-message', { message_id: message.id, message: 'hacked' }),
      post(app, stranger, '/chat/v1/rooms/delete-message', { message_id: message.id }),
      post(app, stranger, '/chat/v1/deleteGroup', { room_id: roomId }),
      post(app, stranger, '/api/translation', { text: 'x', to: 'de', message_id: message.id }),
      send(app, stranger, { roomId, message: 'let me in' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    const found = (await get(app, stranger, '/chat/v1/search?q=private')).json().data;
    expect(found.total).toBe(0);
  });
});

describe('unread counts, pins and archive', () => {
  it('opening (markAsRead) clears a room; archived unread is counted apart; pinned rooms sort first', async () => {
    const me = await chatUser(app, 'buyer');
    const one = await chatUser(app, 'seller');
    const two = await chatUser(app, 'seller');
    await sendText(app, me, { recipient_id: one.id, message: 'hi one' });
    await sendText(app, me, { recipient_id: two.id, message: 'hi two' });
    const fromOne = await sendText(app, one, { recipient_id: me.id, message: 'reply one' });
    const fromTwo = await sendText(app, two, { recipient_id: me.id, message: 'reply two' });
    expect(await counts(app, me)).toMatchObject({ unread_count: 2, unread_rooms: 2 });
    expect((await tab(app, me, 'all')).map((room) => room.room_id)).toEqual([
      fromTwo.room.room_id,
      fromOne.room.room_id,
    ]);

    const pinned = await post(app, me, '/chat/v1/pinned-user', { room_id: fromOne.room.room_id, user_id: me.id });
    expect(pinned.json().data).toEqual({ room_id: fromOne.room.room_id, is_pinned: 1, is_archived: 0 });
    expect((await tab(app, me, 'all')).map((room) => room.room_id)).toEqual([
      fromOne.room.room_id,
      fromTwo.room.room_id,
    ]);

    await post(app, me, '/chat/v1/archive-room', { room_id: fromTwo.room.room_id, is_archived: 1 });
    expect(await counts(app, me)).toMatchObject({ unread_count: 1, archived_unread_count: 1 });
    expect((await tab(app, me, 'archive')).map((room) => room.room_id)).toEqual([fromTwo.room.room_id]);

    const read = await post(
      app,
      me,
      `/chat/v1/markAsRead?message_id=${fromOne.message.id}&room_id=${fromOne.room.room_id}`,
    );
    expect(read.json().data).toMatchObject({ unread_count: 0, last_read_message_id: fromOne.message.id });
    expect(await counts(app, me)).toMatchObject({ unread_count: 0, archived_unread_count: 1 });
    expect(await tab(app, me, 'unread')).toEqual([]);

    const unpinned = await post(app, me, '/chat/v1/pinned-user', { room_id: fromOne.room.room_id });
    expect(unpinned.json().data.is_pinned).toBe(0);
    await post(app, me, '/chat/v1/archive-room', { room_id: fromTwo.room.room_id, is_archived: 0 });
    expect(await counts(app, me)).toMatchObject({ unread_count: 1, archived_unread_count: 0 });
  });
});

describe('POST /chat/v1/block-user', () => {
  it("a blocked user's messages never arrive, and the blocker cannot write until unblocking", async () => {
    const me = await chatUser(app, 'seller');
    const pest = await chatUser(app, 'buyer');
    const { room } = await sendText(app, pest, { recipient_id: me.id, message: 'first' });
    await post(app, me, '/chat/v1/requests/accept', { room_id: room.room_id });
    expect((await post(app, me, '/chat/v1/block-user', { user_id: pest.id })).json().message).toBe(
      CHAT_MESSAGES.userBlocked,
    );
    const before = await counts(app, me);

    const hidden = await sendText(app, pest, { roomId: room.room_id, message: 'you will not see this' });
    expect(hidden.message.id).toBeGreaterThan(0);
    expect(await counts(app, me)).toEqual(before);
    const page = (await get(app, me, `/chat/v1/chat-history/${pest.id}?room_id=${room.room_id}`)).json().data;
    expect(page.data.map((m: { message: string }) => m.message)).not.toContain('you will not see this');
    expect((await tab(app, me, 'blocked')).map((r) => r.room_id)).toEqual([room.room_id]);
    expect(await tab(app, me, 'all')).toEqual([]);

    const refused = await send(app, me, { roomId: room.room_id, message: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MESSAGES.youBlocked);

    await post(app, me, '/chat/v1/unblock-user', { user_id: pest.id });
    await sendText(app, pest, { roomId: room.room_id, message: 'after unblock' });
    const after = (await get(app, me, `/chat/v1/chat-history/${pest.id}?room_id=${room.room_id}`)).json().data;
    expect(after.data.map((m: { message: string }) => m.message)).toEqual(['after unblock', 'first']);
  });
});

describe('edit and delete', () => {
  it('edits and deletes only your own messages, leaving a marker', async () => {
    const { message, room } = await sendText(app, buyer, { recipient_id: seller.id, message: 'Price per unit?' });
    const notMine = await post(app, seller, '/chat/v1/rooms/edit-message', {
      message_id: message.id,
      message: 'changed',
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(CHAT_MESSAGES.editOwnOnly);
    const edited = await post(app, buyer, '/chat/v1/rooms/edit-message', {
      message_id: message.id,
      message: 'Price per 100 units?',
    });
    expect(edited.json().data).toMatchObject({ message: 'Price per 100 units?', is_edited: true });

    const reply = await sendText(app, seller, {
      roomId: room.room_id,
      message: 'USD 12',
      replied_parent_id: message.id,
    });
    expect(reply.message).toMatchObject({
      replied_parent_id: message.id,
      reply_to: { id: message.id, message: 'Price per 100 units?', sender_name: 'Priya Buyer' },
    });

    expect((await post(app, seller, '/chat/v1/rooms/delete-message', { message_id: message.id })).statusCode).toBe(403);
    const deleted = await post(app, buyer, '/chat/v1/rooms/delete-message', { message_id: message.id });
    expect(deleted.json().data).toMatchObject({ is_deleted: true, message: '', files: [] });
    const again = await post(app, buyer, '/chat/v1/rooms/edit-message', { message_id: message.id, message: 'back' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a reply to a message of another room', async () => {
    const other = await sendText(app, stranger, { recipient_id: seller.id, message: 'elsewhere' });
    const response = await send(app, buyer, {
      recipient_id: seller.id,
      message: 'x',
      replied_parent_id: other.message.id,
    });
    expect(response.json().errors).toEqual({ replied_parent_id: [CHAT_MESSAGES.replyParentNotFound] });
  });
});

describe('groups', () => {
  it('only admins rename, change members and delete; anyone may leave', async () => {
    const admin = await chatUser(app, 'seller', { name: 'Admin' });
    const member = await chatUser(app, 'buyer', { name: 'Member' });
    const extra = await chatUser(app, 'buyer', { name: 'Extra' });
    const created = await post(app, admin, '/chat/v1/groups', { name: 'Pump project', member_ids: [member.id] });
    expect(created.json()).toMatchObject({
      message: CHAT_MESSAGES.groupCreated,
      data: { type: 'group', my_role: 'admin', member_count: 2 },
    });
    const roomId = created.json().data.room_id;
    expect((await tab(app, member, 'groups')).map((r) => r.name)).toEqual(['Pump project']);

    for (const [url, body] of [
      ['/chat/v1/groups/rename', { room_id: roomId, name: 'Mine now' }],
      ['/chat/v1/groups/add-members', { room_id: roomId, user_ids: [extra.id] }],
      ['/chat/v1/groups/remove-member', { room_id: roomId, user_id: admin.id }],
      ['/chat/v1/groups/set-admin', { room_id: roomId, user_id: member.id, is_admin: true }],
      ['/chat/v1/deleteGroup', { room_id: roomId }],
    ] as const) {
      const response = await post(app, member, url, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(CHAT_MESSAGES.notAdmin);
    }

    expect(
      (await post(app, admin, '/chat/v1/groups/add-members', { room_id: roomId, user_ids: [extra.id] })).json().data
        .member_count,
    ).toBe(3);
    expect(
      (await post(app, admin, '/chat/v1/groups/rename', { room_id: roomId, name: 'Pump order 2026' })).json().data.name,
    ).toBe('Pump order 2026');
    await post(app, admin, '/chat/v1/groups/remove-member', { room_id: roomId, user_id: extra.id });
    expect((await get(app, extra, `/chat/v1/rooms/${roomId}`)).statusCode).toBe(404);

    const detail = (await get(app, member, `/chat/v1/rooms/${roomId}`)).json().data;
    expect(detail.members.map((m: { user: { id: number }; role: string }) => [m.user.id, m.role])).toEqual([
      [admin.id, 'admin'],
      [member.id, 'member'],
    ]);

    const deleted = await post(app, admin, '/chat/v1/deleteGroup', { room_id: roomId });
    expect(deleted.json().message).toBe(CHAT_MESSAGES.groupDeleted);
    expect((await get(app, member, `/chat/v1/rooms/${roomId}`)).statusCode).toBe(404);
    expect(await tab(app, member, 'groups')).toEqual([]);
  });

  it('deleteGroup of a direct room is refused', async () => {
    const { room } = await sendText(app, buyer, { recipient_id: seller.id, message: 'not a group' });
    const response = await post(app, buyer, '/chat/v1/deleteGroup', { room_id: room.room_id });
    expect(response.json().errors).toEqual({ room_id: [CHAT_MESSAGES.notGroup] });
  });

  it('a leaving last admin hands admin to the longest-standing member', async () => {
    const admin = await chatUser(app, 'seller');
    const member = await chatUser(app, 'buyer');
    const roomId = (await post(app, admin, '/chat/v1/groups', { name: 'Short lived', member_ids: [member.id] })).json()
      .data.room_id;
    expect((await post(app, admin, '/chat/v1/groups/leave', { room_id: roomId })).statusCode).toBe(200);
    expect((await get(app, member, `/chat/v1/rooms/${roomId}`)).json().data.room.my_role).toBe('admin');
  });
});

describe('POST /chat/v1/rooms/transfer', () => {
  it('hands a conversation to a sub-user, who continues it with the history', async () => {
    const owner = await chatUser(app, 'seller', { name: 'Owner' });
    const sub = await chatUser(app, 'subuser', { parent: owner, name: 'Rohan Sub' });
    const client = await chatUser(app, 'buyer', { name: 'Client' });
    const { room } = await sendText(app, client, { recipient_id: owner.id, message: 'Need 500 valves' });
    await post(app, owner, '/chat/v1/requests/accept', { room_id: room.room_id });
    const detail = (await get(app, owner, `/chat/v1/rooms/${room.room_id}`)).json().data;
    expect(detail.colleagues.map((c: { id: number }) => c.id)).toEqual([sub.id]);

    expect(
      (await post(app, owner, '/chat/v1/rooms/transfer', { room_id: room.room_id, user_id: client.id })).statusCode,
    ).toBe(422);
    const handed = await post(app, owner, '/chat/v1/rooms/transfer', { room_id: room.room_id, user_id: sub.id });
    expect(handed.statusCode).toBe(200);
    const transferId = handed.json().data.chat_transfer_id;

    const subHistory = (await get(app, sub, `/chat/v1/chat-history/${client.id}?room_id=${room.room_id}`)).json().data;
    expect(subHistory.data.map((m: { message: string }) => m.message)).toContain('Need 500 valves');
    const answer = await sendText(app, sub, {
      roomId: room.room_id,
      message: 'I will handle it',
      chat_transfer_id: transferId,
    });
    expect(answer.message).toMatchObject({ chat_transfer_id: transferId });
    const clientRoom = (await tab(app, client, 'all')).find((r) => r.room_id === room.room_id)!;
    expect(clientRoom.name).toBe('Rohan Sub');
    expect((await get(app, owner, `/chat/v1/rooms/${room.room_id}`)).statusCode).toBe(404);

    const outsider = await chatUser(app, 'seller');
    expect(
      (await post(app, outsider, '/chat/v1/rooms/transfer', { room_id: room.room_id, user_id: sub.id })).statusCode,
    ).toBe(422);
  });
});

describe('POST /api/translation', () => {
  it('translates through the provider and caches a message per language', async () => {
    const { message } = await sendText(app, seller, { recipient_id: buyer.id, message: 'Guten Tag' });
    const calls = translator.state.calls;
    const body = { text: 'Guten Tag', to: 'en', message_id: message.id };
    const first = await post(app, buyer, '/api/translation', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: true, translatedText: '[en] Guten Tag' });
    const second = await post(app, buyer, '/api/translation', body);
    expect(second.json().translatedText).toBe('[en] Guten Tag');
    expect(translator.state.calls).toBe(calls + 1);
  });

  it('answers 502 with a clear message when the provider fails', async () => {
    translator.state.fail = true;
    try {
      const response = await post(app, buyer, '/api/translation', { text: 'Hallo', to: 'en' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ status: false, message: CHAT_MESSAGES.translationProviderFailed });
    } finally {
      translator.state.fail = false;
    }
  });

  // It starts a second app, whose start-up alone can take most of the default timeout on a loaded machine.
  it('answers 503 without a provider, and settings say translation is off', async () => {
    const plain = await createTestApp();
    try {
      const user = await chatUser(plain, 'buyer');
      const response = await post(plain, user, '/api/translation', { text: 'Hallo', to: 'en' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(CHAT_MESSAGES.translationUnavailable);
      expect((await get(plain, user, '/chat/v1/settings')).json().data.translation_enabled).toBe(false);
    } finally {
      await plain.close();
    }
    expect((await get(app, buyer, '/chat/v1/settings')).json().data.translation_enabled).toBe(true);
  });
});

describe('offline e-mail', () => {
  it('sends one e-mail per conversation after the quiet period, not one per message', async () => {
    const away = await chatUser(app, 'seller', { name: 'Away Seller' });
    const writer = await chatUser(app, 'buyer', { name: 'Eager Buyer' });
    const { email } = (await findPerson(app.db, away.id))!;
    for (const text of ['one', 'two', 'three']) await sendText(app, writer, { recipient_id: away.id, message: text });
    const mailsTo = async () => outboxMessages(app.db, { recipient: email });
    await app.chat.flushOfflineEmails(new Date());
    expect(await mailsTo()).toHaveLength(0);
    const later = new Date(Date.now() + 6 * 60 * 1000);
    expect(await app.chat.flushOfflineEmails(later)).toBeGreaterThanOrEqual(1);
    expect(await app.chat.flushOfflineEmails(later)).toBe(0);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('3 new messages from Eager Buyer on TradeLoop');
    expect(mails[0].bodyText).toContain('Eager Buyer: three');
  });
});

describe('rating a seller after a conversation (a review of it: modules/reviews, decision 045)', () => {
  it('lets a buyer who talked with a seller review them, once per conversation', async () => {
    const rater = await chatUser(app, 'buyer', { name: 'Rater' });
    const rated = await chatUser(app, 'seller');
    const { room } = await sendText(app, rater, { recipient_id: rated.id, message: 'Quote please' });
    const review = (body: Record<string, unknown>, user = rater) =>
      post(app, user, '/api/v1/front/reviews/create', { room_id: room.room_id, ...body });
    const early = await review({ rating: 5, text: 'Answered every question quickly.' });
    expect(early.json().errors).toEqual({ room_id: [REVIEW_MESSAGES.notEligible] });
    await sendText(app, rated, { roomId: room.room_id, message: 'Sent' });
    expect((await get(app, rater, `/chat/v1/rooms/${room.room_id}`)).json().data).toMatchObject({
      can_rate: true,
      my_rating: null,
    });
    const bad = await review({ rating: 9, text: 'Answered every question quickly.' });
    expect(bad.json().errors).toEqual({ rating: [REVIEW_MESSAGES.ratingRange] });
    const done = await review({ rating: 4, text: 'Quick answers, clear prices.' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      message: REVIEW_MESSAGES.created,
      data: { rating: 4, source: 'conversation' },
    });
    const again = await review({ rating: 5, text: 'Even better the second time.' });
    expect(again.statusCode).toBe(409);
    expect((await get(app, rater, `/chat/v1/rooms/${room.room_id}`)).json().data.my_rating).toMatchObject({
      rating: 4,
      comment: 'Quick answers, clear prices.',
      buyer_name: 'Rater',
    });
    const listed = await app.inject({
      method: 'POST',
      url: '/api/v1/front/mini-site/list-reviews?type=Review',
      payload: { shop_id: rated.companyId },
    });
    expect(listed.json().data).toMatchObject({
      summary: { average: 4, count: 1 },
      data: [{ rating: 4, buyer_name: 'Rater' }],
    });
    expect((await review({ rating: 5, text: 'Answered every question quickly.' }, stranger)).statusCode).toBe(404);
  });
});

describe('GET /chat/v1/search and /chat/v1/contact', () => {
  it('finds words across your conversations and the person behind a company', async () => {
    await sendText(app, buyer, { recipient_id: seller.id, message: 'Do you ship flanges to Hamburg?' });
    const found = (await get(app, seller, '/chat/v1/search?q=flanges')).json().data;
    expect(found.data[0]).toMatchObject({
      room_name: 'Priya Buyer',
      message: { message: 'Do you ship flanges to Hamburg?' },
    });
    const contact = (await get(app, buyer, `/chat/v1/contact?company_id=${seller.companyId}`)).json().data;
    expect(contact.contact).toMatchObject({ id: seller.id, full_name: 'Anil Seller' });
    expect(contact.room_id).toBeGreaterThan(0);
  });
});
