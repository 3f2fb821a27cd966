import fs from 'node:fs';
import { expect, test } from './test.ts';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { chooseOption, expectAccessible, signIn, expectShown } from './support.ts';

test('a sales executive shapes a view, edits in place, works in bulk, imports and exports leads', async ({ page }) => {
  // The demo sub-user works inside the demo seller's CRM.
  await signIn(page, DEMO_ACCOUNTS.subuser, DEMO_PASSWORD);
  await page.goto('/crm/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Karthik', exact: true })).toBeVisible();
  await expectAccessible(page, 'the leads list (sub-user)');

  // A new column, kept in a view of its own that the list reopens on (named afresh: a retry finds the
  // first try's view still there).
  const viewName = `By industry ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Industry' }).click();
  await expectAccessible(page, 'the columns menu', { within: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /Industry/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
  await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill(viewName);
  await expectAccessible(page, 'the save view dialog', { within: '[role="dialog"]' });
  await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save' }).click();
  await expectShown(page, CRM_MESSAGES.viewSaved);
  await page.goto('/crm/leads');
  await expect(page.getByRole('textbox', { name: 'View' })).toHaveValue(new RegExp(`^${viewName}`));
  expect(await page.evaluate(() => localStorage.getItem('view'))).toBe(viewName);
  await expect(page.getByRole('columnheader', { name: /Industry/ })).toBeVisible();

  // A value edited in place, to a status it does not have (a retry finds the first try's).
  const status = page.getByRole('button', { name: 'Edit Lead status of Karthik Raman' });
  const next = (await status.textContent())?.includes('Qualified') ? 'Proposal Sent' : 'Qualified';
  await status.click();
  await chooseOption(page, 'Lead status', next);
  await expectAccessible(page, 'a cell edited in place', { within: '[role="dialog"]' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectShown(page, CRM_MESSAGES.recordUpdated);
  await expect(status).toContainText(next);

  // Two leads handed to the seller at once.
  await page.getByRole('checkbox', { name: 'Select Karthik Raman' }).check();
  await page.getByRole('checkbox', { name: 'Select Salim Al Busaidi' }).check();
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('2 selected');
  await expectAccessible(page, 'the bulk actions', { within: '[aria-label="Bulk actions"]' });
  await page.getByRole('button', { name: 'Assign' }).click();
  await chooseOption(page, 'New owner', 'Anil Deshmukh', true);
  await expectAccessible(page, 'the assign dialog', { within: '[role="dialog"]' });
  await page.getByRole('dialog').getByRole('button', { name: 'Assign' }).click();
  await expectShown(page, CRM_MESSAGES.recordsAssigned(2, 'Anil Deshmukh'));

  // The view goes; the list is back on every lead.
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: `Delete “${viewName}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByRole('textbox', { name: 'View' })).toHaveValue(/^All Leads/);
  await expect(page.getByRole('columnheader', { name: /Industry/ })).toHaveCount(0);

  // A search narrows the view: the view's count says what the list shows, not the view's whole count over it.
  await page.getByRole('textbox', { name: 'Search leads' }).fill('Karthik');
  await expect(page.getByRole('link', { name: 'Salim', exact: true })).toHaveCount(0);
  // The searched list is shown before its rows are counted: not the list before the search (Karthik is on
  // both, and the search waits 300 ms after the last key), nor its loading state. The view says "n of m"
  // only once the search has answered.
  const view = page.getByRole('textbox', { name: 'View' });
  await expect(view).toHaveValue(/^All Leads \(\d+ of \d+\)$/);
  await expect(page.getByRole('link', { name: 'Karthik', exact: true })).toBeVisible();
  const rows = (await page.getByRole('row').count()) - 1;
  await expect(view).toHaveValue(new RegExp(`^All Leads \\(${rows} of \\d+\\)$`));
  await page.getByRole('textbox', { name: 'Search leads' }).fill('');
  await expect(page.getByRole('textbox', { name: 'View' })).toHaveValue(/^All Leads \(\d+\)$/);

  // A CSV from another tool, mapped and imported with a report.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const csv = `First Name,Last Name,Company,Email Address\nZara,Khan,Khan Textiles,zara.${Date.now()}@khantextiles.example\nLeo,Berg,Berg Pumps,karthik.raman@deltairrigationpvtltd.example\n`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 rows found.', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Field for Email Address' })).toHaveValue('E-mail');
  await expectAccessible(page, 'the import mapping', { within: '[role="dialog"]' });
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expectShown(page, CRM_MESSAGES.importDone(1, 0, 1, 0));
  await expectAccessible(page, 'the import report', { within: '[role="dialog"]' });
  await page.getByRole('button', { name: 'Done' }).click();
  // A retry's import adds a second Zara Khan (her address is new each time).
  await expect(page.getByRole('link', { name: 'Zara', exact: true }).first()).toBeVisible();

  // The list as a CSV file.
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'This view’s columns (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const content = fs.readFileSync(await file.path(), 'utf8');
  expect(content.split('\n')[0]).toBe(
    'Record ID,First name,Last name,Company,E-mail,Phone,Lead status,Lead source,Owner,Created',
  );
  expect(content).toContain('Zara,Khan,Khan Textiles');
});
