import { expect, test } from './test.ts';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { chooseOption, expectAccessible, signUp, uniqueEmail, expectShown } from './support.ts';

/** The smallest valid PNG (1×1). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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
  await expectShown(page, PROFILE_MESSAGES.updated);
  await expect(basic.getByText('All changes saved.')).toBeVisible();
  await expectAccessible(page, 'basic details saved');

  // A profile photo, uploaded at once (issue 42: "Uploads are coming soon"); a file that is no picture is refused.
  const photoInput = basic.locator('input[type="file"]');
  await photoInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(basic.getByRole('alert')).toHaveText(FILE_MESSAGES.imageType);
  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expectShown(page, PROFILE_MESSAGES.avatarSaved);
  await expect(basic.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /^\/uploads\/avatars\//);
  await expectAccessible(page, 'basic details with a profile photo');

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
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  expect(Number.parseInt((await percent.textContent()) ?? '0', 10)).toBeGreaterThan(before);
});
