import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadThread } from '@tradeloop/contracts/crm/leads';
import { createTestApp, settled } from '../../../../test/helpers.ts';
import { chatUser, get, post, sendText, tab, type ChatUser } from '../../chat/test-support.ts';
import { crm } from '../test-support.ts';

/**
 * Issue 43: a team answers together (decision 062). A sub-user who may see a lead and holds `chat`
 * joins the buyer's conversation on it from the lead's thread; the buyer goes on in the same room.
 */

let app: FastifyInstance;
let owner: ChatUser;
let assignee: ChatUser;
let colleague: ChatUser;
let reader: ChatUser;
let buyer: ChatUser;
let stranger: ChatUser;
let thread: LeadThread;

async function roleWith(name: string, permissions: string[]) {
  const response = await post(app, owner, '/api/v1/roles/permissions/create', { name, permissions });
  expect(response.statusCode).toBe(200);
  return response.json().data.id as number;
}

async function giveRole(user: ChatUser, roleId: number) {
  const response = await post(app, owner, '/api/v1/sub_account/role', { user_id: user.id, role_id: roleId });
  expect(response.statusCode).toBe(200);
}

async function chatThreadOf(seller: ChatUser, from: ChatUser) {
  const response = await crm(app, seller, 'GET', 'thread/index?type=2');
  expect(response.statusCode).toBe(200);
  const threads = response.json().data.data as LeadThread[];
  return threads.find((entry) => entry.buyer_user_id === from.id)!;
}

const openChat = (user: ChatUser, threadId: number) => crm(app, user, 'POST', `thread/${threadId}/chat`);

async function assign(leadId: number, user: ChatUser) {
  const response = await crm(app, owner, 'POST', 'lead/assign', { lead_id: leadId, user_id: user.id });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await chatUser(app, 'seller', { name: 'Team Owner' });
  assignee = await chatUser(app, 'subuser', { parent: owner, name: 'Sam Assignee' });
  colleague = await chatUser(app, 'subuser', { parent: owner, name: 'Cleo Colleague' });
  reader = await chatUser(app, 'subuser', { parent: owner, name: 'Rita Reader' });
  buyer = await chatUser(app, 'buyer', { name: 'Bo Buyer' });
  stranger = await chatUser(app, 'seller', { name: 'Other Owner' });
  // Own records only (no crm.leads.all): each sees the leads assigned to them.
  const desk = await roleWith('Desk', ['crm.leads.view', 'crm.work', 'chat']);
  const readOnly = await roleWith('Reader', ['crm.leads.view', 'crm.work']);
  await giveRole(assignee, desk);
  await giveRole(colleague, desk);
  await giveRole(reader, readOnly);

  await sendText(app, buyer, { recipient_id: owner.id, message: 'Do you ship to Oslo?' });
  await settled(app);
  thread = await chatThreadOf(owner, buyer);
  expect(thread.room_id).not.toBeNull();
  await assign(thread.lead.id, assignee);
});

afterAll(async () => {
  await app.close();
});

describe('POST /crm/v1/thread/{id}/chat', () => {
  it('lets the sub-user the lead is assigned to join the conversation and answer it', async () => {
    // Before: the room is not theirs.
    expect((await get(app, assignee, `/chat/v1/rooms/${thread.room_id}`)).statusCode).toBe(404);

    const first = await openChat(assignee, thread.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      data: { room_id: thread.room_id, joined: true },
      message: 'You joined the conversation',
    });
    // Idempotent: a second call joins no one and says nothing.
    const again = await openChat(assignee, thread.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ room_id: thread.room_id, joined: false });
    expect(again.json().message).toBeUndefined();

    // The history is there for them, and they answer in the same room.
    const history = await get(app, assignee, `/chat/v1/chat-history/${buyer.id}?room_id=${thread.room_id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.data.map((message: { message: string }) => message.message)).toContain(
      'Do you ship to Oslo?',
    );
    const answer = await sendText(app, assignee, { roomId: thread.room_id!, message: 'Yes, weekly.' });
    expect(answer.message.room_id).toBe(thread.room_id);

    // The buyer has one conversation with the company, and sees who answered.
    const rooms = await tab(app, buyer, 'all');
    expect(rooms.filter((room) => room.room_id === thread.room_id)).toHaveLength(1);
    expect(rooms).toHaveLength(1);
    const seen = await get(app, buyer, `/chat/v1/chat-history/${owner.id}?room_id=${thread.room_id}`);
    const messages = seen.json().data.data as { message: string; sender_name: string; message_type: string }[];
    expect(messages[0]).toMatchObject({ message: 'Yes, weekly.', sender_name: 'Sam Assignee' });
    expect(messages.map((message) => message.message)).toContain('Sam Assignee joined the conversation');

    // The buyer's next message reaches the owner and the sub-user in the same room.
    const reply = await sendText(app, buyer, { recipient_id: owner.id, message: 'Great, thanks' });
    expect(reply.message.room_id).toBe(thread.room_id);
    expect((await tab(app, assignee, 'all')).map((room) => room.room_id)).toContain(thread.room_id);
  });

  it('answers the owner, already in the room, with the room', async () => {
    const response = await openChat(owner, thread.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ room_id: thread.room_id, joined: false });
  });

  it('answers 404 to a sub-user who may not see the lead (own records, not assigned)', async () => {
    const response = await openChat(colleague, thread.id);
    expect(response.statusCode).toBe(404);
    expect((await get(app, colleague, `/chat/v1/rooms/${thread.room_id}`)).statusCode).toBe(404);
  });

  it('answers 403 to a sub-user whose role lacks chat', async () => {
    await assign(thread.lead.id, reader);
    try {
      expect((await openChat(reader, thread.id)).statusCode).toBe(403);
    } finally {
      await assign(thread.lead.id, assignee);
    }
  });

  it('answers 404 to another company and for forged or missing thread ids', async () => {
    expect((await openChat(stranger, thread.id)).statusCode).toBe(404);
    expect((await openChat(owner, 987_654_321)).statusCode).toBe(404);
    // Another company's thread, named by this company's owner: 404 like a missing one.
    const otherBuyer = await chatUser(app, 'buyer', { name: 'Ola Buyer' });
    await sendText(app, otherBuyer, { recipient_id: stranger.id, message: 'Hello there' });
    await settled(app);
    const theirs = await chatThreadOf(stranger, otherBuyer);
    expect((await openChat(owner, theirs.id)).statusCode).toBe(404);
    expect((await openChat(assignee, theirs.id)).statusCode).toBe(404);
    // A thread written by hand has no conversation.
    const manual = await crm(app, owner, 'POST', 'thread/store', { lead_id: thread.lead.id, thread_name: 'Call' });
    expect(manual.statusCode).toBe(201);
    expect((await openChat(owner, manual.json().data.id)).statusCode).toBe(404);
    expect((await crm(app, buyer, 'POST', `thread/${thread.id}/chat`)).statusCode).toBe(403);
  });

  it('lets the new owner of a reassigned lead join; the one before stays in the conversation', async () => {
    await assign(thread.lead.id, colleague);
    expect((await openChat(assignee, thread.id)).statusCode).toBe(404);
    const joined = await openChat(colleague, thread.id);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data.joined).toBe(true);
    await sendText(app, colleague, { roomId: thread.room_id!, message: 'I take it from here.' });
    expect((await tab(app, assignee, 'all')).map((room) => room.room_id)).toContain(thread.room_id);
  });
});
