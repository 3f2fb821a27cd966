import { expect, test } from '@playwright/test';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import {
  expectAccessible,
  expectClientStateCleared,
  openAccountMenu,
  signIn,
  signUp,
  smtpInbox,
  uniqueEmail,
} from './support.ts';

/** A message's source with its quoted-printable encoding undone (soft breaks, =3D). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('a seller invites a team member, who sets a password, and is signed out when deleted', async ({
  page,
  browser,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Anita Desai',
    email: uniqueEmail('owner'),
    companyName: 'Desai Textiles',
    companyType: 'Manufacturers',
  });
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Team members' }).click();
  await expect(page.getByRole('heading', { name: 'Team members', level: 1 })).toBeVisible();
  await expect(page.getByText('No team members yet.')).toBeVisible();
  await expectAccessible(page, 'the team members page (empty)');

  const memberEmail = uniqueEmail('member');
  await page.getByRole('button', { name: 'Invite a team member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Full name').fill('Ravi Kumar');
  await dialog.getByLabel('Work e-mail').fill(memberEmail);
  await expectAccessible(page, 'the invitation modal');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(SUB_ACCOUNT_MESSAGES.invited)).toBeVisible();
  const row = page.getByRole('row', { name: /Ravi Kumar/ });
  await expect(row.getByText('Invited')).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const mail = (await smtpInbox())
        .filter((item) => item.to.includes(memberEmail) && item.subject === SUB_ACCOUNT_MESSAGES.inviteSubject)
        .at(-1);
      link = /https?:\/\/[^/\s]+(\/user\/set-password\?token=[\w%-]+)/.exec(decoded(mail?.raw ?? ''))?.[1] ?? '';
      return link;
    })
    .toMatch(/token=/);

  // The team member, in a browser of their own.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await member.getByLabel('New password').fill('Team-Member-2026');
  await expectAccessible(member, 'the set-password page');
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByText(SUB_ACCOUNT_MESSAGES.passwordSet)).toBeVisible();
  await signIn(member, memberEmail, 'Team-Member-2026');
  await expect(member.getByText('Your workspace is the CRM')).toBeVisible();

  await page.reload();
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('checkbox', { name: 'Select Ravi Kumar' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete team members' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(SUB_ACCOUNT_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText('No team members yet.')).toBeVisible();

  // The deleted member's next request ends the session: everything local goes, back to sign-in.
  await member.reload();
  await expect(member).toHaveURL(/\/user\/signin/);
  await expectClientStateCleared(member, memberContext);
  await memberContext.close();
});
