import { expect, test } from './test.ts';
import { EMAIL_MESSAGES } from '@tradeloop/contracts/accounts-email';
import { expectAccessible, PASSWORD, signUp, smtpInbox, uniqueEmail, expectShown } from './support.ts';

/** A message's source with its quoted-printable encoding undone (soft breaks, =3D). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path of the last confirmation link mailed to the address, from the test SMTP server. */
async function linkMailedTo(address: string, subject: string) {
  let path = '';
  await expect
    .poll(async () => {
      const mail = (await smtpInbox()).filter((item) => item.to.includes(address) && item.subject === subject).at(-1);
      path = /https?:\/\/[^/\s]+(\/user\/confirm-email\?token=[\w%-]+)/.exec(decoded(mail?.raw ?? ''))?.[1] ?? '';
      return path;
    })
    .toMatch(/token=/);
  return path;
}

test('a seller confirms the e-mail address, then moves the account to a new one', async ({ page }) => {
  const email = uniqueEmail('confirm');
  await signUp(page, {
    kind: 'seller',
    fullName: 'Kiran Rao',
    email,
    companyName: 'Rao Castings',
    companyType: 'Manufacturers',
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
  await confirmDialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expectShown(confirmDialog, EMAIL_MESSAGES.linkSent);
  await expectAccessible(page, 'the e-mail confirmation modal');
  await confirmDialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.goto(await linkMailedTo(email, EMAIL_MESSAGES.confirmSubject));
  await expectShown(page, EMAIL_MESSAGES.confirmed);
  await expectAccessible(page, 'the confirmed link');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByLabel('E-mail verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm e-mail' })).toHaveCount(0);

  // The e-mail edit modal: the new address is confirmed before it replaces the old one.
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Change your e-mail address' });
  const newEmail = uniqueEmail('moved');
  await editDialog.getByLabel('New e-mail address').fill(newEmail);
  await editDialog.getByLabel('Current password').fill('not-my-password');
  await editDialog.getByRole('button', { name: 'Send link' }).click();
  await expectShown(editDialog, EMAIL_MESSAGES.wrongPassword);
  await editDialog.getByLabel('Current password').fill(PASSWORD);
  await editDialog.getByRole('button', { name: 'Send link' }).click();
  await expectShown(editDialog, EMAIL_MESSAGES.changeLinkSent);
  await expectAccessible(page, 'the e-mail edit modal');
  await editDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  const link = await linkMailedTo(newEmail, EMAIL_MESSAGES.changeSubject);
  await page.goto(link);
  await expectShown(page, EMAIL_MESSAGES.changed);
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      (await smtpInbox()).some((mail) => mail.to.includes(email) && mail.subject === EMAIL_MESSAGES.changedSubject),
    )
    .toBe(true);

  // The link is single-use.
  await page.goto(link);
  await expectShown(page, EMAIL_MESSAGES.linkInvalid);
});
