import { expect, test } from './test.ts';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { expectAccessible, expectShown, signUp, storedToken, uniqueEmail } from './support.ts';

/**
 * Two leads of one buyer (issue 42, decision 065): from the kept lead's page the seller merges the other
 * into it with the keyboard alone, choosing per differing field; the other's note comes along and the
 * other lead is gone.
 */
test('a seller merges a duplicate lead into another with the keyboard, choosing values field by field', async ({
  page,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Nisha Verma',
    email: uniqueEmail('merge'),
    companyName: 'Verma Looms',
    companyType: 'Manufacturers',
  });
  const token = await storedToken(page);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(`/crm/v1/${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data as { id: number; unique_id: string };
  };
  const kept = await post('crm/create_record', {
    type_id: 1,
    values: { first_name: 'Asha', last_name: 'Rao', email: 'asha@rao.example' },
  });
  const other = await post('crm/create_record', {
    type_id: 1,
    values: { first_name: 'Asha', last_name: 'Rao-Iyer', company: 'Rao Textiles', email: 'asha.r@rao.example' },
  });
  await post('crm/notes/create_notes', { crm_unique_id: other.unique_id, message: 'Asked for 200 m of denim' });

  await page.goto(`/crm/leads/${kept.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  const more = page.getByRole('button', { name: 'More' });
  await more.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Merge with another lead' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Merge into Asha Rao' });
  const picker = dialog.getByRole('textbox', { name: 'Lead to merge into this one' });
  await picker.focus();
  await picker.pressSequentially('Rao-Iyer');
  await expect(page.getByRole('option', { name: 'Asha Rao-Iyer' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // Side by side: only the fields that differ, each with a choice; the empty company comes from the other.
  const values = dialog.getByRole('table', { name: 'Values to keep' });
  await expect(values.getByRole('rowheader')).toHaveText(['Last name', 'Company', 'E-mail']);
  await expect(values.getByRole('radio', { name: /^Company: Rao Textiles/ })).toBeChecked();
  await expect(values.getByRole('radio', { name: /^E-mail: asha@rao.example/ })).toBeChecked();
  await expectAccessible(page, 'the merge screen');
  // The other lead's surname, chosen with the keyboard: focus the kept side, then the arrow moves to the other.
  const keptSurname = values.getByRole('radio', { name: /^Last name: Rao \(this lead\)/ });
  await keptSurname.focus();
  await page.keyboard.press('ArrowRight');
  await expect(values.getByRole('radio', { name: /^Last name: Rao-Iyer/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Merge leads' }).focus();
  await page.keyboard.press('Enter');

  await expectShown(page, CRM_MESSAGES.merged('Asha Rao-Iyer'));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao-Iyer' })).toBeVisible();
  await expect(page.getByText('Rao Textiles').first()).toBeVisible();
  await expect(page.getByText('asha@rao.example').first()).toBeVisible();
  await page.getByRole('tab', { name: /Notes/ }).click();
  await expect(page.getByText('Asked for 200 m of denim')).toBeVisible();

  await page.goto(`/crm/leads/${other.id}`);
  await expect(page.getByText('This lead does not exist')).toBeVisible();
});
