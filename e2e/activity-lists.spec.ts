import { expect, test } from './test.ts';
import { expectAccessible, signUp, storedToken, uniqueEmail } from './support.ts';

/**
 * The company-wide lists of tasks, meetings and calls (issue 45): the spec's index calls, 100 a page,
 * filtered by owner, status and date, in a table and a calendar of days.
 */
test('a seller lists every task, meeting and call of the company, filters them and sees them by day', async ({
  page,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Anil Kapoor',
    email: uniqueEmail('activities'),
    companyName: 'Kapoor Valves',
    companyType: 'Manufacturers',
  });
  const token = await storedToken(page);
  const create = async (kind: 'task' | 'meeting' | 'call', data: Record<string, unknown>) => {
    const response = await page.request.post(`/crm/v1/crm/${kind}_information/create`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), JSON.stringify(data)).toBe(201);
  };
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
  const nextWeek = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  await create('task', { subject: 'Send the valve price list', due_at: tomorrow, status: 'not_started' });
  await create('task', { subject: 'Check the Nairobi order', due_at: nextWeek, status: 'completed' });
  const nextWeekEnd = new Date(Date.parse(nextWeek) + 3600_000).toISOString();
  await create('meeting', { subject: 'Plant visit with Rhine Pumpen', starts_at: nextWeek, ends_at: nextWeekEnd });
  await create('call', { subject: 'Call back about flanges', starts_at: tomorrow });

  await page.goto('/crm/activities');
  await page.getByRole('link', { name: 'All tasks, meetings and calls' }).click();
  await expect(page).toHaveURL(/\/crm\/activities\/all$/);
  const table = page.getByTestId('activity-index-table');
  await expect(table.getByText('Send the valve price list')).toBeVisible();
  await expect(table.getByText('Check the Nairobi order')).toBeVisible();
  await expect(page.getByTestId('activity-index-total')).toHaveText('2 tasks');
  await expectAccessible(page, 'the company’s tasks');

  await page.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId('activity-index-total')).toHaveText('1 task');
  await expect(table.getByText('Send the valve price list')).toHaveCount(0);

  await page
    .locator('label')
    .filter({ hasText: /^Meetings$/ })
    .click();
  await expect(page).toHaveURL(/kind=meeting/);
  await expect(table.getByText('Plant visit with Rhine Pumpen')).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Calls$/ })
    .click();
  await expect(table.getByText('Call back about flanges')).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Calendar$/ })
    .click();
  const calendar = page.getByTestId('activity-index-calendar');
  await expect(calendar.getByText('Call back about flanges')).toBeVisible();
  await expectAccessible(page, 'the company’s calls by day');

  // A date range that holds none of them.
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-31');
  await expect(page.getByText('No calls match')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No calls match')).toBeVisible();
});
