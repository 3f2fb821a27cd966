import { expect, test, type Page } from './test.ts';
import { PERMISSION_GROUPS, ROLE_MESSAGES, type Permission } from '@tradeloop/contracts/accounts-roles';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import {
  chooseOption,
  expectAccessible,
  expectClientStateCleared,
  openAccountMenu,
  signIn,
  signUp,
  linkMailedTo,
  uniqueEmail,
  expectShown,
} from './support.ts';

/** A permission's label on the roles page. */
const labelOf = (key: Permission) =>
  PERMISSION_GROUPS.flatMap((group) => group.permissions).find((permission) => permission.key === key)!.label;

/** A lead through the list's dialog; the record's page opens. */
async function createLead(page: Page, first: string, last: string) {
  await page.goto('/crm/leads');
  // The header's button (an empty list offers a second one).
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${first} ${last}` })).toBeVisible();
}

test('a seller makes a narrow role, invites a team member with it, who can do only what it allows, and is signed out when deleted', async ({
  page,
  browser,
}) => {
  // A whole team set-up in one story: longer than the default 30 s on a shared machine.
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

  // A lead of the owner's: the team member's narrow role will not show it.
  await createLead(page, 'Owner', 'Prospect');

  // The roles page: the seeded roles, the owner's locked; a narrow role made with the matrix.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Roles and permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Owner/ }).getByText('Locked')).toBeVisible();
  await expect(page.getByRole('row', { name: /Sales manager/ }).getByText('Seeded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Owner' })).toHaveCount(0);
  await expectAccessible(page, 'the roles page');

  await page.getByRole('button', { name: 'New role' }).click();
  const editor = page.getByRole('dialog', { name: 'New role' });
  // Nothing chosen: the contract's messages, on their fields.
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expectShown(editor, ROLE_MESSAGES.nameRequired);
  await expectShown(editor, ROLE_MESSAGES.permissionsRequired);
  await editor.getByLabel('Role name').fill('Lead desk');
  // Create and edit check view with them; "everyone's records" stays off: own leads only.
  await editor.getByRole('checkbox', { name: 'Leads: Create' }).check();
  await editor.getByRole('checkbox', { name: 'Leads: Edit' }).check();
  await expect(editor.getByRole('checkbox', { name: 'Leads: View' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: /^Leads: Everyone/ })).not.toBeChecked();
  await editor.getByRole('checkbox', { name: labelOf('crm.work') }).check();
  await expectAccessible(page, 'the role editor');
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expectShown(page, ROLE_MESSAGES.created);
  await expect(page.getByRole('row', { name: /Lead desk/ })).toContainText('4 of');

  // The owner role is shown, never changed.
  await page.getByRole('button', { name: 'View Owner' }).click();
  const ownerRole = page.getByRole('dialog', { name: 'Owner' });
  await expectShown(ownerRole, ROLE_MESSAGES.ownerLocked);
  await expect(ownerRole.getByRole('checkbox', { name: 'Deals: Delete' })).toBeDisabled();
  await ownerRole.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('link', { name: 'Team members' }).click();
  await expect(page.getByRole('heading', { name: 'Team members', level: 1 })).toBeVisible();

  const memberEmail = uniqueEmail('member');
  await page.getByRole('button', { name: 'Invite a team member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Full name').fill('Ravi Kumar');
  await dialog.getByLabel('Work e-mail').fill(memberEmail);
  // The company's default role is chosen until another is.
  await expect(dialog.getByRole('textbox', { name: 'Role', exact: true })).toHaveValue('Sales manager');
  await chooseOption(page, 'Role', 'Lead desk');
  await expectAccessible(page, 'the invitation modal');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectShown(page, SUB_ACCOUNT_MESSAGES.invited);
  const row = page.getByRole('row', { name: /Ravi Kumar/ });
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Role of Ravi Kumar' })).toHaveValue('Lead desk');
  await expectAccessible(page, 'the team members page with a member');

  const link = await linkMailedTo(memberEmail, SUB_ACCOUNT_MESSAGES.inviteSubject, '/user/set-password');

  // The team member, in a browser of their own.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await member.getByLabel('New password').fill('Team-Member-2026');
  await expectAccessible(member, 'the set-password page');
  await member.getByRole('button', { name: 'Set password' }).click();
  await expectShown(member, SUB_ACCOUNT_MESSAGES.passwordSet);
  await signIn(member, memberEmail, 'Team-Member-2026');
  await expect(member.getByText('Your workspace is the CRM')).toBeVisible();
  await openAccountMenu(member);
  await expect(member.getByRole('menuitem', { name: 'CRM' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Team members' })).toHaveCount(0);
  await expect(member.getByRole('menuitem', { name: 'Roles and permissions' })).toHaveCount(0);
  await member.keyboard.press('Escape');
  // Quotes are not the role's: no enquiries in the main navigation.
  await expect(member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Enquiries' })).toHaveCount(
    0,
  );

  // The CRM as the role allows: leads, and none of deals, forms or settings.
  await createLead(member, 'Meera', 'Iyer');
  await expect(member.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: 'More', exact: true })).toHaveCount(0);
  const crmNav = member.getByRole('navigation', { name: 'CRM' });
  await expect(crmNav.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(crmNav.getByRole('link', { name: 'Deals' })).toHaveCount(0);
  await expect(crmNav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(crmNav.getByRole('link', { name: 'Forms' })).toHaveCount(0);

  // Only its own leads; it may edit them in bulk, not delete them.
  await member.goto('/crm/leads');
  await expect(member.getByRole('row', { name: /Select Meera Iyer/ })).toBeVisible();
  await expect(member.getByRole('row')).toHaveCount(2);
  await expect(member.getByText('Owner Prospect')).toHaveCount(0);
  await member.getByRole('checkbox', { name: 'Select Meera Iyer' }).check();
  const bulk = member.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByRole('button', { name: 'Edit field' })).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(member, 'the leads of a narrow role');

  // Deals opened by their address: the server refuses, and the page says why in its words.
  await member.goto('/crm/deals');
  await expectShown(member, ROLE_MESSAGES.forbidden);
  await expect(member.getByRole('grid')).toHaveCount(0);
  await expectAccessible(member, 'a list the role may not see');

  // The owner deletes the role in use: its users move to another, and their next call has its grants.
  await page.goto('/roles');
  await page.getByRole('button', { name: 'Delete Lead desk' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete Lead desk' });
  await deletion.getByRole('button', { name: 'Delete role' }).click();
  await expectShown(deletion, ROLE_MESSAGES.moveToInvalid);
  await chooseOption(page, 'Move its users to', 'Sales manager');
  await expectAccessible(page, 'the role deletion dialog');
  await deletion.getByRole('button', { name: 'Delete role' }).click();
  await expectShown(page, ROLE_MESSAGES.deleted);
  await expect(page.getByRole('row', { name: /Lead desk/ })).toHaveCount(0);
  await member.goto('/crm/deals');
  await expect(member.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  await expect(member.getByText('No deals yet')).toBeVisible();

  await page.goto('/sub-accounts');
  await expect(row.getByRole('textbox', { name: 'Role of Ravi Kumar' })).toHaveValue('Sales manager');
  // A role changed in place, on the team page.
  await chooseOption(page, 'Role of Ravi Kumar', 'Sales representative');
  await expectShown(page, ROLE_MESSAGES.roleChanged);

  await page.reload();
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('checkbox', { name: 'Select Ravi Kumar' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete team members' }).getByRole('button', { name: 'Delete' }).click();
  await expectShown(page, SUB_ACCOUNT_MESSAGES.deleted);
  await expect(page.getByText('No team members yet.')).toBeVisible();

  // The deleted member's next request ends the session: everything local goes, back to sign-in.
  await member.reload();
  await expect(member).toHaveURL(/\/user\/signin/);
  await expectClientStateCleared(member, memberContext);
  await memberContext.close();
});
