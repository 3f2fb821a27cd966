import { expect, test, type Page } from './test.ts';
import { AUTOMATION_MESSAGES } from '@tradeloop/contracts/crm/automation';
import { SCORING_MESSAGES } from '@tradeloop/contracts/crm/scoring';
import {
  chooseOption,
  expectAccessible,
  openLead,
  publishProduct,
  requestQuote,
  signUp,
  storedToken,
  uniqueEmail,
  verifyMobileThroughApi,
  expectShown,
  DELIVERY_WAIT,
} from './support.ts';

/** Issue 20, acceptance 1: weights, a rule, and a quote that arrives scored, assigned and with its task. */

const GROUPS = [
  'Contact information',
  'Company information',
  'BANT',
  'Fit with your products',
  'Engagement',
  'Interaction',
  'Platform activity',
  'Intent actions',
];
/** Only who the buyer is and what they ask for count, half each. */
const WEIGHTS: Record<string, string> = { 'Contact information': '50', 'Fit with your products': '50' };

/** A figure of the dashboard's period (the last 30 days), as a number. */
async function dashboardFigure(page: Page, label: string) {
  await page.goto('/dashboard');
  const figure = page.getByRole('region', { name: 'Your figures' }).getByTestId(`figure-${label}`);
  await expect(figure).toHaveText(/^\d[\d,]*$/);
  return Number((await figure.innerText()).replace(/,/g, ''));
}

test('a seller weights scoring and writes a rule; a quote for 500 units arrives scored, assigned to the sub-user, with its call task', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Rule Valves ${stamp}`;
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: 'Rita Rules',
    email: uniqueEmail('automation-story-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const productPath = await publishProduct(seller, `${company} Butterfly Valve`);
  const invited = await seller.request.post('/api/v1/sub_account/create', {
    headers: { authorization: `Bearer ${await storedToken(seller)}` },
    data: { full_name: `Sami Sales ${stamp}`, email_id: uniqueEmail('automation-story-member') },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const before = {
    leads: await dashboardFigure(seller, 'Leads'),
    quotes: await dashboardFigure(seller, 'Quote requests'),
  };

  // Weights: contact information and fit with the products, half each; saved.
  await seller.goto('/crm/scoring');
  await expect(seller.getByRole('heading', { level: 1, name: 'Lead scoring' })).toBeVisible();
  for (const group of GROUPS)
    await seller.getByRole('textbox', { name: `${group}: group weight` }).fill(WEIGHTS[group] ?? '0');
  await seller.getByRole('button', { name: 'Save weights' }).click();
  await expectShown(seller, SCORING_MESSAGES.saved);

  // The rule: a quote lead that scores at least 60 goes to the sub-user with a call task due in 2 hours.
  await seller.goto('/crm/automation/new');
  await seller.getByLabel('Rule name').fill('Hot quote leads');
  await chooseOption(seller, 'Trigger', "A lead's score reaches a threshold");
  await seller.getByRole('textbox', { name: 'Score reaches at least' }).fill('60');
  await seller.getByRole('button', { name: 'Add condition' }).click();
  await chooseOption(seller, 'Field', 'Lead source', 'Lead source');
  await chooseOption(seller, 'Lead source value', 'Marketplace Quote');
  await chooseOption(seller, 'Action 1', 'Assign to a user');
  await chooseOption(seller, 'User', `Sami Sales ${stamp}`, 'Sami');
  await seller.getByRole('button', { name: 'Add action' }).click();
  await chooseOption(seller, 'Action 2', 'Create a task');
  await seller.getByRole('textbox', { name: 'Task subject' }).fill('Call {first_name} about the quote');
  await seller.getByRole('textbox', { name: 'Due in', exact: true }).fill('2');
  await seller.getByRole('button', { name: 'Create rule' }).click();
  await expectShown(seller, AUTOMATION_MESSAGES.created);
  await expect(seller.getByRole('heading', { level: 1, name: 'Hot quote leads' })).toBeVisible();
  const rulePage = seller.url();

  // A buyer with a verified mobile asks for 500 units.
  const surname = `Quoter${stamp}`;
  const buyerName = `Vera ${surname}`;
  const buyer = await (await browser.newContext()).newPage();
  await signUp(buyer, { kind: 'buyer', fullName: buyerName, email: uniqueEmail('automation-story-buyer') });
  await verifyMobileThroughApi(buyer, '93');
  await requestQuote(buyer, productPath, '500');

  // The rule ran on the lead: its log shows what it did.
  await expect(async () => {
    await seller.goto(rulePage);
    await expect(seller.getByTestId('automation-runs')).toContainText(buyerName, { timeout: 1_000 });
  }).toPass(DELIVERY_WAIT);
  await expect(seller.getByTestId('automation-runs')).toContainText(`Sami Sales ${stamp}`);
  await expectAccessible(seller, 'the rule with its run');

  // The lead: scored 60 or more, owned by the sub-user, with the call task due in two hours.
  await openLead(seller, surname, buyerName);
  const score = await seller
    .getByTestId('lead-score')
    .getByLabel(/^Score \d+ of 100$/)
    .getAttribute('aria-label');
  expect(Number(/\d+/.exec(score ?? '')?.[0])).toBeGreaterThanOrEqual(60);
  await expect(seller.getByText(`OwnerSami Sales ${stamp}`)).toBeVisible();
  await seller.getByRole('tab', { name: /Tasks/ }).click();
  // {first_name} is the buyer's first name: the lead's name is split (decision 064).
  await expect(seller.getByText('Call Vera about the quote')).toBeVisible();

  // The dashboard's figures moved.
  expect(await dashboardFigure(seller, 'Leads')).toBe(before.leads + 1);
  expect(await dashboardFigure(seller, 'Quote requests')).toBe(before.quotes + 1);
});
