import { expect, test } from './test.ts';
import { AUTOMATION_MESSAGES } from '@tradeloop/contracts/crm/automation';
import { expectAccessible, signUp, storedToken, uniqueEmail, expectShown, DELIVERY_WAIT } from './support.ts';

test('a seller builds an automation rule, sees it run on a lead in its log, switches it off and deletes it', async ({
  page,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Otto Automator',
    email: uniqueEmail('automation-seller'),
    companyName: 'Automated Valves',
    companyType: 'Manufacturers',
  });

  // From the CRM menu to an empty list, and on to the builder.
  await page.goto('/crm');
  await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Automation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible();
  await expect(page.getByText('No rules yet')).toBeVisible();
  await page.getByRole('link', { name: 'New rule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New rule' })).toBeVisible();

  // Saving an empty rule shows the contract's messages on its fields.
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expectShown(page, AUTOMATION_MESSAGES.nameRequired);
  await expectShown(page, AUTOMATION_MESSAGES.userRequired);

  await page.getByLabel('Rule name').fill('Qualify VIPs');
  await page.getByRole('textbox', { name: 'Trigger' }).click();
  await page.getByRole('option', { name: 'A tag is added to a lead' }).click();
  await page.getByRole('textbox', { name: 'Tag' }).fill('vip');
  await page.getByRole('textbox', { name: 'Action 1' }).click();
  await page.getByRole('option', { name: 'Set the status' }).click();
  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Qualified', exact: true }).click();
  await expectAccessible(page, 'the rule builder');
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expectShown(page, AUTOMATION_MESSAGES.created);
  await expect(page.getByRole('heading', { level: 1, name: 'Qualify VIPs' })).toBeVisible();
  await expect(page.getByText('No runs yet')).toBeVisible();

  // A lead tagged vip: the rule runs, and its log links the lead.
  const token = await storedToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const lead = await page.request.post('/crm/v1/crm/create_record', {
    headers,
    data: { type_id: 1, values: { first_name: 'Vera', last_name: 'Important' } },
  });
  expect(lead.status()).toBe(201);
  const leadId = (await lead.json()).data.id as number;
  const tagged = await page.request.put(`/crm/v1/crm/crm_tags/create_crm_tags/${leadId}`, {
    headers,
    data: { tag_ids: [], names: ['VIP'] },
  });
  expect(tagged.status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('automation-runs')).toContainText('Status set to Qualified.', { timeout: 1_000 });
  }).toPass(DELIVERY_WAIT);
  await expect(page.getByTestId('automation-runs').getByRole('link', { name: /Vera Important/ })).toHaveAttribute(
    'href',
    `/crm/leads/${leadId}`,
  );
  await expectAccessible(page, 'a rule with its run log');

  // The list: the rule with its trigger and last run; switched off, then deleted after a confirmation.
  await page.getByRole('link', { name: '← Automation' }).click();
  const rules = page.getByTestId('automation-rules');
  await expect(rules).toContainText('Tag “vip” is added');
  await expect(rules).toContainText('Done');
  await page.getByRole('switch', { name: 'Qualify VIPs enabled' }).click({ force: true });
  await expectShown(page, AUTOMATION_MESSAGES.disabled);
  await expect(rules).toContainText('Off');
  await expectAccessible(page, 'the automation rules');
  await page.getByRole('button', { name: 'Delete Qualify VIPs' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectShown(page, AUTOMATION_MESSAGES.deleted);
  await expect(page.getByText('No rules yet')).toBeVisible();
});
