import { expect, test } from './test.ts';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import { LEAD_MESSAGES, type LeadThread } from '@tradeloop/contracts/crm/leads';
import {
  chatMessage as message,
  expectAccessible,
  expectShown,
  linkMailedTo,
  openLead,
  publishProduct,
  sendChatMessage as send,
  signIn,
  signUp,
  storedToken,
  uniqueEmail,
} from './support.ts';

/** Issue 43, acceptance 3: a team answers together (decision 062). */

test('a buyer writes to a seller about a product; the sub-user the lead is assigned to opens the chat from the lead and answers; the buyer sees it in the same conversation', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Team Valves ${stamp}`;
  const product = `${company} Gate Valve`;

  // A seller with a product, and a team member whose role sees only their own leads and may chat.
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: 'Tara Owner',
    email: uniqueEmail('team-chat-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const productPath = await publishProduct(seller, product);
  const headers = { authorization: `Bearer ${await storedToken(seller)}` };
  const role = await seller.request.post('/api/v1/roles/permissions/create', {
    headers,
    data: { name: `Lead desk ${stamp}`, permissions: ['crm.leads.view', 'crm.leads.edit', 'crm.work', 'chat'] },
  });
  expect(role.status(), await role.text()).toBe(200);
  const memberName = `Sami Desk ${stamp}`;
  const memberEmail = uniqueEmail('team-chat-member');
  const invited = await seller.request.post('/api/v1/sub_account/create', {
    headers,
    data: { full_name: memberName, email_id: memberEmail, role_id: (await role.json()).data.id },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const memberId = (await invited.json()).data.id as number;
  const link = await linkMailedTo(memberEmail, SUB_ACCOUNT_MESSAGES.inviteSubject, '/user/set-password');

  // The buyer presses Chat now on the product and writes.
  const surname = `Okafor${stamp}`;
  const buyerName = `Ada ${surname}`;
  const buyer = await (await browser.newContext()).newPage();
  await signUp(buyer, { kind: 'buyer', fullName: buyerName, email: uniqueEmail('team-chat-buyer') });
  await buyer.goto(productPath);
  await buyer.getByRole('link', { name: 'Chat now' }).click();
  await expect(buyer.getByTestId('conversation-title')).toHaveText('Tara Owner');
  await send(buyer, 'Do you have the gate valve in DN50?');
  await expect(buyer).toHaveURL(/room=\d+/);
  const roomId = Number(/room=(\d+)/.exec(buyer.url())![1]);

  // The lead the message made goes to the team member (the owner's assignment, through its call).
  let thread: LeadThread | undefined;
  await expect
    .poll(async () => {
      const threads = await seller.request.get('/crm/v1/thread/index?type=2', { headers });
      thread = ((await threads.json()).data.data as LeadThread[]).find((entry) => entry.room_id === roomId);
      return thread?.lead.id;
    })
    .toBeTruthy();
  const assigned = await seller.request.post('/crm/v1/lead/assign', {
    headers,
    data: { lead_id: thread!.lead.id, user_id: memberId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The team member sets a password, signs in and opens the chat from the lead.
  const member = await (await browser.newContext()).newPage();
  await member.goto(link);
  await member.getByLabel('New password').fill('Team-Member-2026');
  await member.getByRole('button', { name: 'Set password' }).click();
  await expectShown(member, SUB_ACCOUNT_MESSAGES.passwordSet);
  await signIn(member, memberEmail, 'Team-Member-2026');
  await openLead(member, surname, buyerName);
  await member.getByRole('tab', { name: /Requests/ }).click();
  const card = member.getByTestId('thread-card').first();
  await expect(card).toHaveAttribute('data-thread-type', '2');
  await expectAccessible(member, "the lead's chat request, for the team member");
  await card.getByRole('button', { name: 'Open the chat' }).click();
  await expectShown(member, LEAD_MESSAGES.chatJoined);
  await expect(member).toHaveURL(new RegExp(`/crm/chat\\?room=${roomId}`));
  await expect(message(member, 'Do you have the gate valve in DN50?')).toBeVisible();
  await expect(member.getByTestId('system-message')).toHaveText(`${memberName} joined the conversation`);
  await expectAccessible(member, 'the conversation the team member joined');
  await send(member, 'Yes, DN50 ships in two weeks.');

  // The buyer sees the answer in the same conversation, with who wrote it.
  await expect(message(buyer, 'Yes, DN50 ships in two weeks.')).toBeVisible();
  await expect(buyer).toHaveURL(new RegExp(`room=${roomId}`));
  await expect(message(buyer, 'Yes, DN50 ships in two weeks.')).toContainText(memberName);
  await buyer.goto('/chat');
  await expect(buyer.getByTestId('room-item')).toHaveCount(1);
  await buyer.getByTestId('room-item').click();
  await expect(message(buyer, 'Do you have the gate valve in DN50?')).toBeVisible();
  await expect(message(buyer, 'Yes, DN50 ships in two weeks.')).toBeVisible();
  await expectAccessible(buyer, 'the conversation a team member answered');

  // Opening the chat again joins no one: no second notice.
  await openLead(member, surname, buyerName);
  await member.getByRole('tab', { name: /Requests/ }).click();
  await member.getByTestId('thread-card').first().getByRole('button', { name: 'Open the chat' }).click();
  await expect(member).toHaveURL(new RegExp(`/crm/chat\\?room=${roomId}`));
  await expect(member.getByTestId('system-message')).toHaveCount(1);
});
