import { expect, test } from './test.ts';
import { AUDIT_KINDS } from '@tradeloop/contracts/accounts-audit';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { chooseOption, expectAccessible, expectShown, openAccountMenu, signIn, uniqueEmail } from './support.ts';

test('the seller changes a role and reads who did it, what changed, when and from where in the audit log', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  // A role of its own, so stories side by side do not share it.
  const name = `Audit desk ${uniqueEmail('r').split('@')[0]}`.slice(0, 60);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Roles and permissions' }).click();
  await page.getByRole('button', { name: 'New role' }).click();
  const editor = page.getByRole('dialog', { name: 'New role' });
  await editor.getByLabel('Role name').fill(name);
  await editor.getByRole('checkbox', { name: 'Chat with buyers' }).check();
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expectShown(page, ROLE_MESSAGES.created);

  // The change: quotes granted, chat withdrawn.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('checkbox', { name: 'Quotes and enquiries' }).check();
  await edit.getByRole('checkbox', { name: 'Chat with buyers' }).uncheck();
  await edit.getByRole('button', { name: 'Save role' }).click();
  await expectShown(page, ROLE_MESSAGES.updated);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await chooseOption(page, 'What', AUDIT_KINDS.roles.label);
  await expect(page).toHaveURL(/kind=roles/);
  const entry = page.getByRole('row', { name: new RegExp(`Changed the role “${name}”`) });
  await expect(entry).toContainText('granted Quotes and enquiries; withdrew Chat with buyers');
  await expect(entry).toContainText('Role changed');
  // Who, and when in the one date format; where: the address the browser came from.
  await expect(entry.getByRole('cell').nth(1)).not.toBeEmpty();
  await expect(entry.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M$/);
  await expect(entry.getByRole('cell').nth(3)).toHaveText(/\d|:/);
  await expect(page.getByRole('row', { name: new RegExp(`Created the role “${name}”`) })).toBeVisible();
  await expectAccessible(page, 'the audit log');

  // The narrowest width the product holds.
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(entry).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
