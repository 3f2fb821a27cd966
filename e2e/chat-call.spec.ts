import { expect, test } from './test.ts';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { expectAccessible, signIn, signUp, uniqueEmail } from './support.ts';

// Chromium's fake camera and microphone, accepted without a permission prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const SELLER_EMAIL = 'ningbo.haitian.hydraulics@seller.tradeloop.test';

test.describe('Calls in a conversation', () => {
  test('a video call rings, is accepted, connects and is hung up; both call histories show it', async ({ browser }) => {
    const buyer = await (await browser.newContext()).newPage();
    const seller = await (await browser.newContext()).newPage();
    await signUp(buyer, { kind: 'buyer', fullName: 'Carl Caller', email: uniqueEmail('caller') });
    await signIn(seller, SELLER_EMAIL, DEMO_PASSWORD);

    const sellers = await buyer.request.get('/api/v1/front/sellers?search=Ningbo');
    const companyId = (await sellers.json()).data.data[0].company_id as number;
    await buyer.goto(`/chat?company=${companyId}`);
    await buyer.getByRole('textbox', { name: 'Message' }).fill('Can we discuss the gear pumps on a call?');
    await buyer.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(buyer).toHaveURL(/room=\d+/);

    await seller.goto('/chat?tab=requests');
    await seller.getByTestId('room-item').filter({ hasText: 'Carl Caller' }).click();
    await seller.getByRole('button', { name: 'Accept' }).click();
    await expect(seller.getByTestId('request-banner')).toBeHidden();

    await buyer.getByRole('button', { name: 'Start video call' }).click();
    await expect(buyer.getByTestId('call-status')).toHaveText('Ringing…');
    await expect(seller.getByTestId('call-status')).toHaveText('Incoming video call');
    await expectAccessible(seller, 'an incoming call');
    await seller.getByRole('button', { name: 'Accept' }).click();

    await expect(buyer.getByTestId('call-status')).toContainText('Connected');
    await expect(seller.getByTestId('call-status')).toContainText('Connected');
    await expect
      .poll(() =>
        seller.getByLabel("Carl Caller's video").evaluate((video: HTMLVideoElement) => video.srcObject !== null),
      )
      .toBe(true);
    await expectAccessible(seller, 'a connected call');

    await buyer.getByRole('button', { name: 'Hang up' }).click();
    await expect(seller.getByTestId('call-status')).toHaveText('Call ended');
    await expect(buyer.getByTestId('call-window')).toBeHidden();

    for (const [page, direction] of [
      [buyer, 'Outgoing'],
      [seller, 'Incoming'],
    ] as const) {
      await page.getByRole('tab', { name: 'Calls' }).click();
      await expect(page.getByTestId('call-item').first().getByTestId('call-outcome')).toContainText(
        `${direction} · Answered`,
      );
      await expectAccessible(page, 'the call history');
    }
    await expect(buyer.getByTestId('message').filter({ hasText: 'Video call' })).toBeVisible();
  });
});
