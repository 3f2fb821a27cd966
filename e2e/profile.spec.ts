import { expect, test } from '@playwright/test';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { chooseOption, expectAccessible, signUp, uniqueEmail } from './support.ts';

test('a seller completes the profile and the changes survive a reload', async ({ page }) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Arjun Kulkarni',
    email: uniqueEmail('profile'),
    companyName: 'Kulkarni Valves',
    companyType: 'Distributors',
  });
  await page.goto('/profile');
  const percent = page.getByTestId('profile-completion-percent');
  await expect(percent).toBeVisible();
  const before = Number.parseInt((await percent.textContent()) ?? '0', 10);
  await expectAccessible(page, 'the profile (seller)');

  // Basic details: location from the reference lists, then the street address.
  await chooseOption(page, 'Country', 'India', true);
  await chooseOption(page, 'State or province', 'Maharashtra', true);
  await chooseOption(page, 'City', 'Pune', true);
  await page.getByLabel('Street address', { exact: true }).fill('Plot 14, MIDC Bhosari');
  await page.getByLabel('Postal code', { exact: true }).fill('411026');
  const basic = page.getByRole('form', { name: 'Basic details' });
  await basic.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.updated).first()).toBeVisible();
  await expect(basic.getByText('All changes saved.')).toBeVisible();
  await expectAccessible(page, 'basic details saved');

  // Job details, on their own tab.
  await page.getByRole('tab', { name: 'Job details' }).click();
  await page.getByLabel('Designation').fill('Head of Exports');
  await chooseOption(page, 'Time zone', /^Asia\/Kolkata/, 'Kolkata');
  await expectAccessible(page, 'job details');
  const job = page.getByRole('form', { name: 'Job details' });
  await job.getByRole('button', { name: 'Save changes' }).click();
  await expect(job.getByText('All changes saved.')).toBeVisible();
  await expect.poll(async () => Number.parseInt((await percent.textContent()) ?? '0', 10)).toBeGreaterThan(before);

  await page.reload();
  // The open tab is part of the URL, so the reload shows job details again.
  await expect(page).toHaveURL(/\/profile\?tab=job$/);
  await expect(page.getByLabel('Designation')).toHaveValue('Head of Exports');
  await expect(page.getByRole('textbox', { name: 'Time zone', exact: true })).toHaveValue(/^Asia\/Kolkata/);
  await page.getByRole('tab', { name: 'Basic details' }).click();
  await expect(page.getByRole('textbox', { name: 'Country', exact: true })).toHaveValue('India');
  await expect(page.getByRole('textbox', { name: 'State or province', exact: true })).toHaveValue('Maharashtra');
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');
  await expect(page.getByLabel('Street address', { exact: true })).toHaveValue('Plot 14, MIDC Bhosari');
  await expect(page.getByLabel('Postal code', { exact: true })).toHaveValue('411026');
  expect(Number.parseInt((await percent.textContent()) ?? '0', 10)).toBeGreaterThan(before);
});
