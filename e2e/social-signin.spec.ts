import { expect, test } from './test.ts';
import { SOCIAL_MESSAGES } from '@tradeloop/contracts/auth-social-constants';
import {
  chooseOption,
  expectAccessible,
  MOBILE_DISMISSED_COOKIE,
  storedToken,
  uniqueEmail,
  expectShown,
} from './support.ts';

/**
 * Social sign-in (docs/decisions/037) through the local OpenID Connect provider the test run starts
 * (e2e/oidc-provider.ts), configured as the app's "Google".
 */
test('a new user signs in with Google, lands signed in and completes the registration, then is asked for a mobile number', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('google');
  await page.goto('/user/signin');
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  // Only the configured provider has a button.
  await expect(page.getByRole('link', { name: 'Continue with LinkedIn' })).toHaveCount(0);
  await expectAccessible(page, 'the sign-in page with social buttons');

  await google.click();
  // At the provider: its own sign-in page.
  await expect(page.getByRole('heading', { name: 'Sign in to continue to TradeLoop' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at TradeLoop, signed in, on the dashboard; the hand-off token is gone from the address.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => storedToken(page)).toBeTruthy();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'tl_social')?.httpOnly).toBe(true);

  // A social-login user gets the registration modal at once.
  const registration = page.getByRole('dialog', { name: SOCIAL_MESSAGES.registrationTitle });
  await expect(registration).toBeVisible();
  await expect(registration.getByText('You signed in with Google.')).toBeVisible();
  await expectAccessible(page, 'the registration modal');
  await registration.getByRole('button', { name: 'Save and continue' }).click();
  await expectShown(registration, SOCIAL_MESSAGES.designationRequired);
  await registration.getByRole('textbox', { name: 'Job title' }).fill('Purchasing manager');
  await chooseOption(page, 'Country', 'India', true);
  await registration.getByRole('button', { name: 'Save and continue' }).click();
  await expectShown(page, SOCIAL_MESSAGES.registrationSaved);

  // Then the mobile-number prompt, without the 90-second wait of other users.
  const mobile = page.getByRole('dialog', { name: 'Add your mobile number' });
  await expect(mobile).toBeVisible();
  await expectAccessible(page, 'the mobile prompt after the registration');
  await page.keyboard.press('Escape');
  await expect(mobile).toBeHidden();
  expect((await context.cookies()).some((cookie) => cookie.name === MOBILE_DISMISSED_COOKIE)).toBe(true);

  // The profile holds what was saved, and the account is Google's.
  const profile = await page.request.get('/api/v1/profile/view', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });
  expect((await profile.json()).data).toMatchObject({
    email_id: email,
    social_type: 'google',
    email_verified: true,
    designation: 'Purchasing manager',
    country: 'IN',
  });
});

test('a cancelled sign-in at the provider comes back to the sign-in page with a clear message', async ({ page }) => {
  await page.goto('/user/signup');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to continue to TradeLoop' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/user\/signin\?social_error=denied$/);
  await expect(page.getByRole('alert')).toContainText(SOCIAL_MESSAGES.errors.denied);
  await expectAccessible(page, 'the sign-in page with a social sign-in error');
});

test('a seller who continues with Google on the sign-up page is asked for the company first', async ({ page }) => {
  await page.goto('/user/signup');
  await page.getByRole('radio', { name: 'I want to sell' }).click();
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/user\/signup$/);
  await expect(page.getByText('Please enter your company name')).toBeVisible();
  await expectAccessible(page, 'the sign-up page with social buttons');
});
