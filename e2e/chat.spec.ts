import { expect, test, type Browser, type Page } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import {
  chatMessage as message,
  expectAccessible,
  sendChatMessage as send,
  signIn,
  signUp,
  uniqueEmail,
} from './support.ts';

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** The header's chat link tells the unread count in its name. */
function badge(page: Page, unread: number) {
  return page.getByRole('link', { name: unread > 0 ? `Messages, ${unread} unread` : 'Messages', exact: true });
}

test.describe('Chat between a buyer and a seller', () => {
  test('a buyer asks about a product, the seller accepts, replies with a photo and hands over to a sub-user', async ({
    browser,
  }) => {
    const buyer = await newPage(browser);
    const seller = await newPage(browser);
    const buyerName = 'Nora Importer';
    await signUp(buyer, { kind: 'buyer', fullName: buyerName, email: uniqueEmail('chat-buyer') });
    await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
    await seller.goto('/chat?tab=requests');
    await expect(badge(seller, 0)).toBeVisible();
    await expect(seller.getByText('No new requests')).toBeVisible();
    await expectAccessible(seller, 'the chat with no requests');

    // The buyer writes from a product: the first message opens the conversation.
    const sellers = await buyer.request.get('/api/v1/front/sellers?search=Shree%20Ganesh');
    const companyId = (await sellers.json()).data.data[0].company_id as number;
    await buyer.goto(`/chat?company=${companyId}&product_id=7&product_name=${encodeURIComponent('Centrifugal pump')}`);
    await expect(buyer.getByTestId('conversation-title')).toHaveText('Anil Deshmukh');
    await expectAccessible(buyer, 'a new conversation');
    await send(buyer, 'Hello, is the centrifugal pump available in stainless steel?');
    await expect(buyer).toHaveURL(/room=\d+/);

    // The seller sees it live under new requests, with the unread count in the header.
    await expect(badge(seller, 1)).toBeVisible();
    await expect(seller.getByTestId('tab-count-requests')).toHaveText('1');
    const request = seller.getByTestId('room-item').filter({ hasText: buyerName });
    await expect(request.getByTestId('room-unread')).toHaveText('1');
    await request.click();
    await expect(seller.getByTestId('request-banner')).toBeVisible();
    await expectAccessible(seller, 'a conversation request');
    await expect(badge(seller, 0)).toBeVisible();
    await seller.getByRole('button', { name: 'Accept' }).click();
    await expect(seller.getByTestId('request-banner')).toBeHidden();

    // The seller replies with a photo; the buyer sees it live.
    await seller.locator('input[type=file]').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
    await expect(seller.getByText('pump.png · 70 bytes')).toBeVisible();
    await send(seller, 'Yes, in SS316. Here is a photo.');
    const reply = message(buyer, 'Yes, in SS316. Here is a photo.');
    await expect(reply).toBeVisible();
    await expect(reply.getByRole('img', { name: 'pump.png' })).toBeVisible();
    await expectAccessible(buyer, 'a conversation with a photo');
    await expect(badge(buyer, 0)).toBeVisible();

    // The buyer answers the photo as a reply, and translates the seller's message.
    await reply.getByRole('button', { name: 'Message actions' }).click();
    await expectAccessible(buyer, 'the message actions');
    await buyer.getByRole('menuitem', { name: 'Reply' }).click();
    await send(buyer, 'Looks good. What is the lead time?');
    await expect(message(buyer, 'Looks good. What is the lead time?').getByTestId('reply-quote')).toContainText(
      'Yes, in SS316. Here is a photo.',
    );
    await expect(message(seller, 'Looks good. What is the lead time?')).toBeVisible();
    await reply.getByRole('button', { name: 'Translate' }).click();
    await expect(reply.getByTestId('message-text')).toHaveText('[en] Yes, in SS316. Here is a photo.');
    await reply.getByRole('button', { name: 'Show original' }).click();
    await expect(reply.getByTestId('message-text')).toHaveText('Yes, in SS316. Here is a photo.');

    // The buyer pins, then archives the conversation; archived unread messages are counted apart.
    await buyer.getByRole('button', { name: 'Conversation actions' }).click();
    await buyer.getByRole('menuitem', { name: 'Pin' }).click();
    const buyerRoom = buyer.getByTestId('room-item').filter({ hasText: 'Anil Deshmukh' });
    await expect(buyerRoom.getByLabel('Pinned')).toBeVisible();
    await buyer.getByRole('button', { name: 'Conversation actions' }).click();
    await buyer.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(buyerRoom).toBeHidden();
    await buyer.getByRole('tab', { name: 'Archive' }).click();
    await expect(buyer.getByTestId('room-item').filter({ hasText: 'Anil Deshmukh' })).toBeVisible();
    await expectAccessible(buyer, 'the archive');
    await buyer.goto('/dashboard');
    await send(seller, 'Lead time is four weeks.');
    await buyer.goto('/chat?tab=archive');
    await expect(buyer.getByTestId('tab-count-archive')).toHaveText('1');
    await expect(badge(buyer, 0)).toBeVisible();

    // The seller hands the conversation to the sub-user, who answers with the history in view.
    await seller.getByRole('button', { name: 'Conversation details' }).click();
    await expectAccessible(seller, 'the conversation details');
    await seller.getByRole('textbox', { name: 'Colleague' }).click();
    await seller.getByRole('option', { name: 'Rohan Mehta' }).click();
    await seller.getByRole('button', { name: 'Hand over' }).click();
    await expect(seller.getByTestId('room-item').filter({ hasText: buyerName })).toBeHidden();

    const subuser = await newPage(browser);
    await signIn(subuser, DEMO_ACCOUNTS.subuser, DEMO_PASSWORD);
    await subuser.goto('/crm/chat');
    await subuser.getByTestId('room-item').filter({ hasText: buyerName }).click();
    await expect(message(subuser, 'Hello, is the centrifugal pump available in stainless steel?')).toBeVisible();
    await expect(subuser.getByTestId('system-message')).toHaveText(
      'Anil Deshmukh handed this conversation to Rohan Mehta',
    );
    await expectAccessible(subuser, 'the CRM chat (sub-user)');
    await send(subuser, 'Rohan here: I will prepare your quotation today.');

    await buyer.getByTestId('room-item').filter({ hasText: 'Rohan Mehta' }).click();
    await expect(message(buyer, 'Rohan here: I will prepare your quotation today.')).toBeVisible();
    await expect(buyer.getByTestId('conversation-title')).toHaveText('Rohan Mehta');
    await expect(badge(buyer, 0)).toBeVisible();
  });

  test('a first message is among all conversations, and its request banner goes once the recipient replies', async ({
    browser,
  }) => {
    const writer = await newPage(browser);
    const recipient = await newPage(browser);
    await signUp(writer, { kind: 'buyer', fullName: 'Omar Trader', email: uniqueEmail('chat-writer') });
    await signUp(recipient, { kind: 'buyer', fullName: 'Lena Sourcing', email: uniqueEmail('chat-recipient') });
    const recipientId = await recipient.evaluate(
      () => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: number }).id,
    );
    await writer.goto(`/chat?to=${recipientId}`);
    await send(writer, 'Hello, do you buy pumps in bulk?');
    // The writer has gone: no delivery or read receipt of theirs refreshes the recipient's conversation.
    await writer.context().close();

    // The recipient finds it among all conversations (the default tab), not only under new requests.
    await recipient.goto('/chat');
    await recipient.getByTestId('room-item').filter({ hasText: 'Omar Trader' }).click();
    await expect(recipient.getByTestId('request-banner')).toBeVisible();
    // Replying answers the request: the banner follows the room's state.
    await send(recipient, 'Yes, tell me more.');
    await expect(recipient.getByTestId('request-banner')).toBeHidden();
    await expectAccessible(recipient, 'a request answered by a reply');
  });
});
