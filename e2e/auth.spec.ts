import { expect, test } from './test.ts';
import { LOGOUT_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth-constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import {
  PASSWORD,
  expectAccessible,
  openAccountMenu,
  signIn,
  signInThroughForm,
  signUp,
  storedToken,
  uniqueEmail,
  expectShown,
} from './support.ts';

test.describe('Signing up, out and in', () => {
  test('a seller signs up, signs out and signs in again', async ({ page, context }) => {
    const email = uniqueEmail('seller');
    await signUp(page, {
      kind: 'seller',
      fullName: 'Meera Iyer',
      email,
      companyName: 'Iyer Precision Castings',
      companyType: 'Manufacturers',
    });
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Meera');
    await expect(page.getByText('Iyer Precision Castings').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' })).toBeVisible();
    await expectAccessible(page, 'the seller dashboard after sign-up');
    expect(await storedToken(page)).toBeTruthy();

    await openAccountMenu(page);
    await expectAccessible(page, 'the account menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // The logout modal asks first.
    await page
      .getByRole('dialog', { name: LOGOUT_TEXTS.title })
      .getByRole('button', { name: LOGOUT_TEXTS.confirm })
      .click();
    await expect(page).toHaveURL(/\/user\/signin$/);
    expect(await storedToken(page)).toBeNull();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('token');

    // Signed out, a private page asks to sign in and comes back after it.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/user\/signin\?next=%2Fprofile$/);
    await expectAccessible(page, 'sign-in asked for by a private page');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Meera Iyer' })).toBeVisible();
    await expectAccessible(page, 'the profile');

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Meera');
  });

  test('a buyer signs up and lands on a buyer dashboard', async ({ page }) => {
    await signUp(page, { kind: 'buyer', fullName: 'Tomás Ortega', email: uniqueEmail('buyer') });
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Tomás');
    // Offered twice: in the buyer's home and in the quick links.
    await expect(page.getByRole('link', { name: /Find suppliers/ }).first()).toBeVisible();
    await expect(page.getByTestId('profile-completion')).toBeVisible();
    await expectAccessible(page, 'the buyer dashboard');
    // Buyers have no CRM: the link is not offered and the path sends them back.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' })).toHaveCount(0);
    await page.goto('/crm');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an e-mail address already in use is shown on the e-mail field', async ({ page }) => {
    await page.goto('/user/signup');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Work e-mail').fill(DEMO_ACCOUNTS.buyer);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create buyer account' }).click();
    await expectShown(page, AUTH_MESSAGES.emailTaken);
    await expect(page.getByLabel('Work e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'sign-up with an error');
    await expect(page).toHaveURL(/\/user\/signup$/);
  });

  test('a wrong password shows the error on the sign-in form', async ({ page }) => {
    await signInThroughForm(page, DEMO_ACCOUNTS.buyer, 'not-the-password');
    await expectShown(page, AUTH_MESSAGES.badCredentials);
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'sign-in with an error');
    await expect(page).toHaveURL(/\/user\/signin$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a signed-in user opening sign-in or sign-up lands on the dashboard', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    await page.goto('/user/signin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/user/signup');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a visitor asks for a sign-in link by e-mail', async ({ page }) => {
    await page.goto('/user/signin');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByLabel('E-mail address').fill(DEMO_ACCOUNTS.buyer);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expectShown(page, AUTH_MESSAGES.linkSent);
    await expectAccessible(page, 'the sign-in link form');
  });
});
