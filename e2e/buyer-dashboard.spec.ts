import { expect, test } from './test.ts';
import { ONBOARDING_MESSAGES, ONBOARDING_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { RECOMMENDATION_REASON_LABELS } from '@tradeloop/contracts/dashboard';
import { ENQUIRY_STATUS_LABELS } from '@tradeloop/contracts/quotes';
import {
  expectAccessible,
  expectShown,
  publishProduct,
  requestQuote,
  sendChatMessage,
  signUp,
  storedToken,
  uniqueEmail,
} from './support.ts';

/** The interest the buyer names in onboarding: a category the demo catalogue fills. */
const INTEREST = 'Centrifugal Pumps';

test("a buyer's dashboard lists the offer awaiting them first, their chat with its unread count, and recommendations from their interests", async ({
  browser,
}) => {
  // A seller of the story's own (stories on the demo sellers run one at a time) lists two valves.
  const stamp = Date.now().toString(36);
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: `Rekha Nair ${stamp}`,
    email: uniqueEmail('home-seller'),
    companyName: `Nair Flow Controls ${stamp}`,
    companyType: 'Manufacturers',
  });
  const offered = `Gate Valve ${stamp}`;
  const asked = `Globe Valve ${stamp}`;
  const offeredPath = await publishProduct(seller, offered);
  const askedPath = await publishProduct(seller, asked);

  // A buyer signs up and names what they buy when onboarding asks.
  const buyer = await (await browser.newContext()).newPage();
  await signUp(
    buyer,
    { kind: 'buyer', fullName: 'Tomas Lindqvist', email: uniqueEmail('home-buyer') },
    { stayInOnboarding: true },
  );
  await expect(buyer.getByRole('heading', { name: ONBOARDING_TEXTS.steps.interests.label, level: 2 })).toBeVisible();
  await buyer.getByRole('textbox', { name: 'Categories you buy' }).fill(INTEREST);
  await buyer.getByRole('option', { name: new RegExp(`${INTEREST}$`) }).click();
  await buyer.keyboard.press('Escape');
  await buyer.getByRole('button', { name: ONBOARDING_TEXTS.saveAndContinue }).click();
  await expectShown(buyer, ONBOARDING_MESSAGES.interestsSaved);
  await buyer.getByRole('link', { name: ONBOARDING_TEXTS.later }).click();
  await expect(buyer).toHaveURL(/\/dashboard$/);

  // Quote requests for both valves; the seller answers the first with a price.
  await requestQuote(buyer, offeredPath, '10');
  await seller.goto('/enquiries?type=received');
  await seller.getByTestId('enquiry-item').filter({ hasText: offered }).click();
  const thread = seller.getByTestId('enquiry-thread');
  await thread.getByRole('textbox', { name: /Unit price/ }).fill('95');
  await thread.getByTestId('answer-message').fill('Ex-works Kochi, dispatch in a week.');
  await thread.getByTestId('send-answer').click();
  await expect(thread.getByTestId('enquiry-status')).toHaveText(ENQUIRY_STATUS_LABELS.answered);
  // The second request is newer, yet waits for the seller, not for the buyer.
  await requestQuote(buyer, askedPath, '4');

  // The seller writes to the buyer twice.
  const received = await seller.request.get('/api/v1/enquiry/index?type=received', {
    headers: { authorization: `Bearer ${await storedToken(seller)}` },
  });
  const buyerId = ((await received.json()).data.data as { enquiry_user_id: number }[])[0].enquiry_user_id;
  await seller.goto(`/chat?to=${buyerId}`);
  await sendChatMessage(seller, 'Our price for the gate valve is in your enquiries.');
  await sendChatMessage(seller, 'We can also offer the globe valve from stock.');

  // The buyer's home: the offer first, the chat with two unread messages, products from the interest.
  await buyer.goto('/dashboard');
  const enquiries = buyer.getByTestId('home-enquiry');
  await expect(enquiries).toHaveCount(2);
  await expect(enquiries.first()).toContainText(offered);
  await expect(enquiries.first()).toContainText(ENQUIRY_STATUS_LABELS.answered);
  await expect(enquiries.first()).toContainText('Awaits your answer');
  await expect(enquiries.nth(1)).toContainText(asked);
  await expect(enquiries.nth(1)).toContainText(ENQUIRY_STATUS_LABELS.open);
  const conversation = buyer.getByTestId('home-conversation').filter({ hasText: `Rekha Nair ${stamp}` });
  await expect(conversation.getByTestId('home-conversation-unread')).toHaveText('2');
  await expect(buyer.getByTestId('home-unread-total')).toHaveText('2 unread messages');
  const recommendations = buyer.getByTestId('home-recommendation');
  await expect(recommendations.first()).toBeVisible();
  await expect(recommendations.first()).toContainText(`${RECOMMENDATION_REASON_LABELS.interests}: ${INTEREST}`);
  await expectAccessible(buyer, "the buyer's dashboard");

  // It holds at the narrowest breakpoint.
  await buyer.setViewportSize({ width: 600, height: 900 });
  await expect(enquiries.first()).toBeVisible();
  await expect(conversation).toBeVisible();
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
  await expectAccessible(buyer, "the buyer's dashboard at 600 px");

  // Each entry opens where it is answered: the offer in the enquiries, the chat in its room.
  await enquiries.first().click();
  await expect(buyer).toHaveURL(/\/enquiries\?type=sent&id=\d+$/);
  await expect(buyer.getByTestId('enquiry-thread').getByTestId('enquiry-status')).toHaveText(
    ENQUIRY_STATUS_LABELS.answered,
  );
  await buyer.goto('/dashboard');
  await conversation.click();
  await expect(buyer).toHaveURL(/\/chat\?room=\d+/);
  await expect(buyer.getByTestId('message-text').filter({ hasText: 'from stock' })).toBeVisible();
});
