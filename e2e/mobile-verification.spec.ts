import { expect, test, type Page } from './test.ts';
import { MOBILE_MESSAGES } from '@tradeloop/contracts/accounts-mobile';
import { TIMINGS } from '@tradeloop/contracts/common';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import {
  chooseOption,
  codeTextedTo,
  expectAccessible,
  MOBILE_DISMISSED_COOKIE,
  newMobileNumber,
  signIn,
  signUp,
  smsInbox,
  uniqueEmail,
  expectShown,
} from './support.ts';

async function newSeller(page: Page, label: string) {
  await signUp(
    page,
    {
      kind: 'seller',
      fullName: 'Meera Iyer',
      email: uniqueEmail(label),
      companyName: 'Iyer Pumps',
      companyType: 'Manufacturers',
    },
    { mobilePrompt: true },
  );
}

const promptDialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The prompt's timer runs from when the profile is known; the clock moves only after that. */
const promptState = (page: Page, state: 'armed' | 'waiting' | 'off') =>
  expect(page.getByTestId('mobile-prompt')).toHaveAttribute('data-state', state);
const promptArmed = (page: Page) => promptState(page, 'armed');

test('a seller verifies a new mobile number with the texted code', async ({ page }) => {
  await page.clock.install();
  await newSeller(page, 'mobile');
  await promptArmed(page);

  // The prompt waits 90,000 ms after load (the test moves the page's clock, the rule stays). The clock
  // also runs on by itself while the test works, seconds on a loaded machine: hence the margin.
  const margin = 15_000;
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs - margin);
  await expect(promptDialog(page, 'Add your mobile number')).toHaveCount(0);
  await page.clock.fastForward(margin);
  const dialog = promptDialog(page, 'Add your mobile number');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the new-number modal');

  // Step 1: the number, checked with the spec's messages.
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expectShown(dialog, MOBILE_MESSAGES.required);
  await chooseOption(page, 'Country', 'India (+91)', 'India');
  const numberField = dialog.getByRole('textbox', { name: 'Mobile number' });
  await numberField.pressSequentially('12ab345');
  await expect(numberField).toHaveValue('12345');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expectShown(dialog, MOBILE_MESSAGES.invalid);
  const number = newMobileNumber('97');
  await numberField.fill(number);
  await dialog.getByRole('button', { name: 'Send code' }).click();

  // Step 2: the 4-digit code; resend waits for the countdown.
  const codeStep = promptDialog(page, 'Verify Your Mobile Number');
  await expect(codeStep).toBeVisible();
  const resend = codeStep.getByRole('button', { name: /^Resend code in 2:00$/ });
  await expect(resend).toBeDisabled();
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expectShown(codeStep, MOBILE_MESSAGES.otpRequired);
  await expectAccessible(page, 'the code step');

  const first = await codeTextedTo(`+91${number}`);
  const codeField = codeStep.getByRole('textbox', { name: 'Verification code' });
  const wrong = String((Number(first) + 1) % 10_000).padStart(4, '0');
  await codeField.pressSequentially(`${wrong.slice(0, 2)}-x${wrong.slice(2)}`);
  await expect(codeField).toHaveValue(wrong);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  // A server message goes in the modal's alert, and the alert clears after 5 seconds.
  await expect(codeStep.getByRole('alert').filter({ hasText: MOBILE_MESSAGES.wrongCode })).toBeVisible();
  await page.clock.fastForward(TIMINGS.alertClearMs);
  await expect(codeStep.getByText(MOBILE_MESSAGES.wrongCode)).toHaveCount(0);

  await page.clock.fastForward(TIMINGS.resendCountdownSeconds * 1000);
  await codeStep.getByRole('button', { name: 'Resend code', exact: true }).click();
  await expect(codeStep.getByRole('button', { name: /^Resend code in / })).toBeDisabled();
  await expect.poll(async () => (await smsInbox()).filter((sms) => sms.to === `+91${number}`).length).toBe(2);
  const code = await codeTextedTo(`+91${number}`);
  await codeField.fill('');
  await codeField.pressSequentially(code);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expectShown(page, MOBILE_MESSAGES.saved);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The profile shows the verified number.
  await page.goto('/profile');
  await expect(page.getByText('Mobile number verified')).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue(number);
});

test('closing the prompt keeps it away for 2 hours', async ({ page, context }) => {
  await page.clock.install();
  await newSeller(page, 'dismiss');
  await promptArmed(page);
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs);
  const dialog = promptDialog(page, 'Add your mobile number');
  await expect(dialog).toBeVisible();
  const before = Date.now() / 1000;
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const cookie = (await context.cookies()).find((item) => item.name === MOBILE_DISMISSED_COOKIE);
  expect(cookie).toBeDefined();
  const lifetime = cookie!.expires - before;
  expect(lifetime).toBeGreaterThan(TIMINGS.mobilePromptDismissalMs / 1000 - 60);
  expect(lifetime).toBeLessThanOrEqual(TIMINGS.mobilePromptDismissalMs / 1000 + 60);

  await page.reload();
  await promptState(page, 'off');
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs * 2);
  await expect(dialog).toHaveCount(0);

  // Once the dismissal is gone (2 hours later), the prompt comes back.
  await context.clearCookies({ name: MOBILE_DISMISSED_COOKIE });
  await page.reload();
  await promptArmed(page);
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs);
  await expect(dialog).toBeVisible();
});

test('the prompt waits while a seller fills in a CRM form, and opens once it is saved', async ({ page }) => {
  await page.clock.install();
  await newSeller(page, 'busy');
  await page.goto('/crm/leads');
  await promptArmed(page);
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const form = page.getByRole('dialog', { name: 'New lead' });
  await form.getByLabel('First name').fill('Ravi');
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs);
  // Due, it waits: the form keeps what was typed, and nothing covers it.
  await promptState(page, 'waiting');
  await page.clock.fastForward(TIMINGS.mobilePromptRetryMs);
  const prompt = promptDialog(page, 'Add your mobile number');
  await expect(prompt).toHaveCount(0);
  await expect(form.getByLabel('First name')).toHaveValue('Ravi');
  await form.getByLabel('Last name').fill('Menon');
  await form.getByLabel('Company').fill('Menon Traders');
  await form.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ravi Menon' })).toBeVisible();
  await page.clock.fastForward(TIMINGS.mobilePromptRetryMs);
  await expect(prompt).toBeVisible();
});

test('a sub-user is never prompted for a mobile number', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO_ACCOUNTS.subuser, DEMO_PASSWORD, { mobilePrompt: true });
  await expect(page.getByText('Your workspace is the CRM')).toBeVisible();
  await promptState(page, 'off');
  await page.clock.fastForward(TIMINGS.mobilePromptDelayMs * 2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
