import { expect, test } from './test.ts';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import { expectAccessible, expectShown, linkMailedTo, signIn, signUp, storedToken, uniqueEmail } from './support.ts';

/**
 * Issue 43, acceptance 2 (decision 063): a sales representative whose role sees only their own records
 * meets only those in the browser — the dashboard's figures, the leads list and the company-wide tasks —
 * while the owner, in the same company, sees both.
 */
test('a sales representative sees only their own leads and tasks on the dashboard and in the lists', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: 'Neha Owner',
    email: uniqueEmail('own-records-seller'),
    companyName: `Own Records Pumps ${stamp}`,
    companyType: 'Manufacturers',
  });
  const headers = { authorization: `Bearer ${await storedToken(seller)}` };
  const post = async (path: string, data: object, status = 200) => {
    const response = await seller.request.post(path, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return (await response.json()).data;
  };

  // A representative: their own leads only (no crm.leads.all).
  const role = await post('/api/v1/roles/permissions/create', {
    name: `Own leads ${stamp}`,
    permissions: ['crm.leads.view', 'crm.leads.edit', 'crm.work'],
  });
  const repEmail = uniqueEmail('own-records-rep');
  const rep = await post('/api/v1/sub_account/create', {
    full_name: `Ravi Rep ${stamp}`,
    email_id: repEmail,
    role_id: role.id,
  });
  const link = await linkMailedTo(repEmail, SUB_ACCOUNT_MESSAGES.inviteSubject, '/user/set-password');

  // Two leads with a task each; one lead is given to the representative (a task follows its lead).
  const mine = `Mira${stamp}`;
  const theirs = `Omar${stamp}`;
  const lead = (first: string) =>
    post('/crm/v1/crm/create_record', { type_id: 1, values: { first_name: first, last_name: 'Lead' } }, 201);
  const own = await lead(mine);
  const other = await lead(theirs);
  const task = (leadId: number, subject: string) =>
    post('/crm/v1/crm/task_information/create', { lead_id: leadId, subject, due_at: '2031-06-01T10:00:00Z' }, 201);
  await task(own.id, `Call ${mine}`);
  await task(other.id, `Call ${theirs}`);
  await post('/crm/v1/lead/assign', { lead_id: own.id, user_id: rep.id });

  // The representative signs in.
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel('New password').fill('Own-Records-2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expectShown(page, SUB_ACCOUNT_MESSAGES.passwordSet);
  await signIn(page, repEmail, 'Own-Records-2026');

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your figures' }).getByTestId('figure-Leads')).toHaveText('1');
  await expectAccessible(page, 'the representative’s dashboard');

  await page.goto('/crm/leads');
  await expect(page.getByRole('link', { name: mine, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: theirs, exact: true })).toHaveCount(0);
  await expectAccessible(page, 'the representative’s leads');

  await page.goto('/crm/activities/all');
  const tasks = page.getByTestId('activity-index-table');
  await expect(tasks.getByText(`Call ${mine}`)).toBeVisible();
  await expect(tasks.getByText(`Call ${theirs}`)).toHaveCount(0);
  await expect(page.getByTestId('activity-index-total')).toHaveText('1 task');

  // The owner, in the same company, sees both.
  await seller.goto('/dashboard');
  await expect(seller.getByRole('region', { name: 'Your figures' }).getByTestId('figure-Leads')).toHaveText('2');
  await seller.goto('/crm/activities/all');
  await expect(seller.getByTestId('activity-index-total')).toHaveText('2 tasks');
});
