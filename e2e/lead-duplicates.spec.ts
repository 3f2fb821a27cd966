import { expect, test } from './test.ts';
import { DUPLICATE_NOTICE } from '@tradeloop/contracts/crm/records';
import { expectAccessible, signUp, storedToken, uniqueEmail } from './support.ts';

test('a lead sharing a phone with an older one says it is a possible duplicate, with a link to it', async ({
  page,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Dina Duplicate',
    email: uniqueEmail('duplicates-seller'),
    companyName: 'Twice Valves',
    companyType: 'Manufacturers',
  });
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const create = async (values: Record<string, string>) => {
    const response = await page.request.post('/crm/v1/crm/create_record', { headers, data: { type_id: 1, values } });
    expect(response.status()).toBe(201);
    return (await response.json()).data.id as number;
  };
  const first = await create({ first_name: 'Asha', last_name: 'Rao', phone: '+919876543210' });
  const second = await create({ first_name: 'A.', last_name: 'Rao', phone: '+91 98765-43210' });

  await page.goto(`/crm/leads/${second}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A. Rao' })).toBeVisible();
  const notice = page.getByRole('alert', { name: 'Possible duplicate' });
  await expect(notice).toContainText(`${DUPLICATE_NOTICE} Asha Rao`);
  // Phones show in the international format, however they were typed.
  await expect(page.getByRole('link', { name: '+91 98765 43210' }).first()).toBeVisible();
  await expectAccessible(page, 'a lead with a possible duplicate notice');

  await notice.getByRole('link', { name: 'Asha Rao' }).click();
  await expect(page).toHaveURL(`/crm/leads/${first}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Possible duplicate' })).toHaveCount(0);
});
