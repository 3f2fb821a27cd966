import { expect, test } from './test.ts';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth-constants';
import { PASSWORD_MESSAGES } from '@tradeloop/contracts/auth-password';
import {
  expectAccessible,
  PASSWORD,
  signIn,
  signInThroughForm,
  signUp,
  smtpInbox,
  uniqueEmail,
  expectShown,
} from './support.ts';

/** A message's source with its quoted-printable encoding undone (soft breaks, =3D). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path of the last reset link the test SMTP server received for the address. */
async function resetLinkMailedTo(address: string) {
  let path = '';
  await expect
    .poll(async () => {
      const mail = (await smtpInbox())
        .filter((item) => item.to.includes(address) && item.subject === PASSWORD_MESSAGES.resetSubject)
        .at(-1);
      path = /https?:\/\/[^/\s]+(\/user\/resetPassword\?token=[\w%-]+)/.exec(decoded(mail?.raw ?? ''))?.[1] ?? '';
      return path;
    })
    .toMatch(/token=/);
  return path;
}

const NEW_PASSWORD = 'Fresh-Start-2027';

test('a seller forgets their password, resets it through the mailed link and signs in', async ({ page, browser }) => {
  const email = uniqueEmail('forgot');
  await signUp(page, {
    kind: 'seller',
    fullName: 'Meera Nair',
    email,
    companyName: 'Nair Pumps',
    companyType: 'Manufacturers',
  });

  // On another device, signed out: the sign-in page leads to the reset page.
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.goto('/user/signin');
  await device.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(device).toHaveURL(/\/user\/resetPassword$/);
  await expect(device.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await device.getByLabel('E-mail address').fill(email);
  await device.keyboard.press('Enter');
  await expectShown(device, PASSWORD_MESSAGES.resetLinkSent);
  await expectAccessible(device, 'the password reset request');

  await device.goto(await resetLinkMailedTo(email));
  await expect(device.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await device.getByLabel('New password').fill('short');
  await device.getByRole('button', { name: 'Set new password' }).click();
  await expectShown(device, AUTH_MESSAGES.passwordTooShort);
  await expectAccessible(device, 'the new password form with an error');
  await device.getByLabel('New password').fill(NEW_PASSWORD);
  await device.getByRole('button', { name: 'Set new password' }).click();
  await expectShown(device, PASSWORD_MESSAGES.passwordReset);
  await expect
    .poll(async () =>
      (await smtpInbox()).some((mail) => mail.to.includes(email) && mail.subject === PASSWORD_MESSAGES.changedSubject),
    )
    .toBe(true);

  await signInThroughForm(device, email, PASSWORD);
  await expectShown(device, AUTH_MESSAGES.badCredentials);
  await signIn(device, email, NEW_PASSWORD);

  // The first device's session ended with the reset.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/user\/signin/);

  // The link worked once.
  const used = await resetLinkMailedTo(email);
  await other.close();
  await page.goto(used);
  await page.getByLabel('New password').fill('Yet-Another-2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectShown(page, PASSWORD_MESSAGES.linkInvalid);
});

test('a signed-in buyer changes the password from the profile', async ({ page }) => {
  const email = uniqueEmail('change');
  await signUp(page, { kind: 'buyer', fullName: 'Tomas Berg', email });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expectShown(dialog, PASSWORD_MESSAGES.wrongPassword);
  await expectAccessible(page, 'the password change modal with an error');
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expectShown(dialog, PASSWORD_MESSAGES.passwordChanged);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // This device stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
});
