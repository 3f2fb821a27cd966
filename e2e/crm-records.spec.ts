import { expect, test, type Locator, type Page } from './test.ts';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { chooseOption, expectAccessible, signUp, uniqueEmail, expectShown } from './support.ts';

/** Whether two elements' boxes share any point on the screen. */
async function overlap(first: Locator, second: Locator) {
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor expects a real movement. */
async function drag(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + Math.min(20, from.height / 2) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      start.x + ((to.x + to.width / 2 - start.x) * step) / 12,
      start.y + ((to.y + 80 - start.y) * step) / 12,
    );
  }
  await page.mouse.up();
}

async function createLead(page: Page, lead: { first: string; last: string; company: string; cycle: string }) {
  await page.goto('/crm/leads');
  // The header's button (an empty list offers a second one).
  await page.getByRole('button', { name: 'New lead' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByLabel('First name').fill(lead.first);
  await dialog.getByLabel('Last name').fill(lead.last);
  await dialog.getByLabel('Company').fill(lead.company);
  await dialog.getByRole('textbox', { name: 'Buying cycle', exact: true }).click();
  await page.getByRole('option', { name: lead.cycle, exact: true }).click();
  await expectAccessible(page, 'the new lead dialog');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${lead.first} ${lead.last}` })).toBeVisible();
}

test('a seller designs the lead form, files leads, filters, moves one on the board and converts one', async ({
  page,
}) => {
  // A whole working session in one story: longer than the default 30 s on a shared machine.
  await signUp(page, {
    kind: 'seller',
    fullName: 'Meera Kulkarni',
    email: uniqueEmail('crm'),
    companyName: 'Kulkarni Valves',
    companyType: 'Manufacturers',
  });

  // A custom pick-list field on the lead form, through the form builder.
  await page.goto('/crm/forms');
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the form builder');
  await page.getByLabel(/^Pick list: drag into a section/).press('Enter');
  const editor = page.getByRole('dialog', { name: 'New field' });
  await editor.getByLabel('Label').fill('Buying cycle');
  const options = editor.getByRole('textbox', { name: 'Options' });
  // The two placeholder options go (Backspace removes the last tag of an empty input).
  await options.press('Backspace');
  await options.press('Backspace');
  await options.fill('Monthly');
  await options.press('Enter');
  await options.fill('Quarterly');
  await options.press('Enter');
  await expectAccessible(page, 'the field editor');
  await editor.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save form' }).click();
  await expectShown(page, CRM_MESSAGES.formCreated);

  // Two leads through the form, each with the new field.
  await createLead(page, { first: 'Asha', last: 'Rao', company: 'Rao Steel Works', cycle: 'Monthly' });
  await createLead(page, { first: 'Ben', last: 'Okafor', company: 'Okafor Foods', cycle: 'Quarterly' });

  // A saved filter on the new field.
  await page.goto('/crm/leads');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  // A field's list, open, leaves the popover's own buttons free to press.
  await page.getByRole('textbox', { name: 'Field', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await overlap(page.getByRole('listbox'), page.getByRole('button', { name: 'Apply' }))).toBe(false);
  await chooseOption(page, 'Field', 'Buying cycle', true);
  await page.getByRole('textbox', { name: 'Buying cycle value' }).click();
  await page.getByRole('option', { name: 'Quarterly', exact: true }).click();
  await expectAccessible(page, 'the filter builder');
  await page.getByRole('button', { name: 'Save as filter…' }).click();
  await page.getByRole('dialog', { name: 'Save filter' }).getByLabel('Name').fill('Quarterly buyers');
  await page.getByRole('dialog', { name: 'Save filter' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Quarterly buyers' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Ben', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Asha', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'the leads list with a saved filter');

  // The board: Ben moves from New to Qualified, and stays there after a reload.
  await page.goto('/crm/kanban?type=1');
  const newColumn = page.getByRole('region', { name: /^New, \d+ cards/ });
  const qualified = page.getByRole('region', { name: /^Qualified, \d+ cards/ });
  await expect(newColumn.getByText('Ben Okafor')).toBeVisible();
  await expectAccessible(page, 'the board');
  // A card moves when dragged by its title, the link to the record.
  await drag(page, newColumn.getByRole('link', { name: 'Ben Okafor' }), qualified);
  await expect(qualified.getByText('Ben Okafor')).toBeVisible();
  await expectShown(page, CRM_MESSAGES.kanbanMoved);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Qualified, 1 cards' }).getByText('Ben Okafor')).toBeVisible();
  await expect(page.getByRole('region', { name: 'New, 1 cards' }).getByText('Asha Rao')).toBeVisible();
  // A click on the title still opens the record.
  await page.getByRole('link', { name: 'Ben Okafor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ben Okafor' })).toBeVisible();

  // Everything as left: the saved filter is still there with its count.
  await page.goto('/crm/leads');
  // The list has loaded (and stopped re-rendering) before the menu is opened.
  await expect(page.getByRole('link', { name: 'Asha', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await expect(page.getByRole('menuitem', { name: /Quarterly buyers/ })).toContainText('1');
  await expectAccessible(page, 'the saved filters menu');
  await page.keyboard.press('Escape');

  // Asha converts into a contact and an account.
  await page.getByRole('link', { name: 'Asha', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await expectAccessible(page, 'the convert dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Convert lead' }).click();
  await expectShown(page, CRM_MESSAGES.converted);
  await expect(page).toHaveURL(/\/crm\/contacts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  await expectAccessible(page, 'a contact');
  await page.getByRole('tab', { name: 'Related' }).click();
  await page.getByRole('link', { name: 'Rao Steel Works' }).click();
  await expect(page).toHaveURL(/\/crm\/accounts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rao Steel Works' })).toBeVisible();
  await expectAccessible(page, 'an account');
  await page.getByRole('tab', { name: 'Related' }).click();
  await expect(page.getByRole('link', { name: 'Asha Rao' }).first()).toBeVisible();
  await expectAccessible(page, "an account's related records");
});
