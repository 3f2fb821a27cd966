import { expect, test } from './test.ts';
import { MOBILE_MESSAGES } from '@tradeloop/contracts/accounts-mobile';
import { DEV_INBOX } from '@tradeloop/contracts/dev-inbox';
import { expectAccessible, newMobileNumber, signUp, uniqueEmail, expectShown } from './support.ts';

// The server `npm start` runs when no provider is configured (playwright.config.ts, PROVIDERLESS_URL).
test.use({ baseURL: process.env.E2E_PROVIDERLESS_URL });

test('a new buyer reads the texted code in the development inbox and verifies the mobile number', async ({
  page,
  context,
}) => {
  await signUp(page, { kind: 'buyer', fullName: 'Devi Nair', email: uniqueEmail('dev-inbox') });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add and verify a mobile number' }).click();
  const numberStep = page.getByRole('dialog', { name: 'Add your mobile number' });
  await numberStep.getByRole('textbox', { name: 'Country', exact: true }).fill('India');
  await page.getByRole('option', { name: 'India (+91)', exact: true }).click();
  const number = newMobileNumber('96');
  await numberStep.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await numberStep.getByRole('button', { name: 'Send code' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Verify Your Mobile Number' });
  await expect(codeStep).toBeVisible();

  // No SMS gateway: the code is in the development inbox, in another tab.
  const inbox = await context.newPage();
  await inbox.goto(DEV_INBOX.path);
  await expect(inbox.getByRole('heading', { level: 1, name: DEV_INBOX.title })).toBeVisible();
  await inbox.getByRole('tab', { name: new RegExp(DEV_INBOX.channels.sms) }).click();
  const texted = inbox.getByTestId('dev-inbox-message').filter({ hasText: `To +91${number}` });
  await expect(texted).toBeVisible();
  await expectAccessible(inbox, 'the development inbox');
  const code = (await texted.getByTestId('dev-inbox-text').textContent())?.match(/\b\d{4}\b/)?.[0];
  expect(code).toBeDefined();

  await codeStep.getByRole('textbox', { name: 'Verification code' }).fill(code!);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expectShown(page, MOBILE_MESSAGES.saved);
  await page.reload();
  await expect(page.getByText('Mobile number verified')).toBeVisible();
});

test('a server that sends through its providers has no development inbox', async ({ page, request }) => {
  const withProviders = process.env.E2E_BASE_URL!;
  expect((await request.get(`${withProviders}/api/v1/dev/inbox`)).status()).toBe(404);
  await page.goto(`${withProviders}${DEV_INBOX.path}`);
  await expect(page.getByText(DEV_INBOX.closed)).toBeVisible();
});
