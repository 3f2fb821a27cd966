import { expect, test } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { expectAccessible, openAccountMenu, signIn } from './support.ts';

test('a sub-user is kept to the CRM, the dashboard and the public pages', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.subuser, DEMO_PASSWORD);
  await expect(page.getByText('Your workspace is the CRM')).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'CRM' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toHaveCount(0);
  await expectAccessible(page, 'the sub-user dashboard with its account menu');
  await page.keyboard.press('Escape');

  // Not an allowed page: back to the dashboard.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('body')).not.toHaveClass(/crm-body/);

  // CRM pages are allowed and carry the CRM body style.
  await page.goto('/crm');
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/crm-body/);
  await expectAccessible(page, 'the CRM home (sub-user)');

  // Public areas stay open, without the CRM style.
  await page.getByRole('link', { name: 'TradeLoop home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('body')).not.toHaveClass(/crm-body/);
  await expect(page.getByTestId('supplier-card').first()).toBeVisible();
  await expectAccessible(page, 'the home page (sub-user)');
});
