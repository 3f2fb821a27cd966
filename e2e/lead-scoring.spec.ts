import { expect, test, type Page } from './test.ts';
import { SCORING_MESSAGES } from '@tradeloop/contracts/crm/scoring';
import { expectAccessible, signUp, storedToken, uniqueEmail, expectShown } from './support.ts';

/** Opens the new seller's one lead, Ana <surname>, from the leads list (its first-name cell links to it). */
async function openAna(page: Page, surname: string) {
  await page.goto('/crm/leads');
  const link = page
    .getByRole('row', { name: new RegExp(surname, 'i') })
    .getByRole('link', { name: 'Ana', exact: true });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Ana ${surname}`) })).toBeVisible();
}

test('a seller weights lead scoring, saves, and sees the leads scored again with the breakdown on the lead', async ({
  page,
}) => {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Sofia Scorer',
    email: uniqueEmail('scoring-seller'),
    companyName: 'Scoring Valves',
    companyType: 'Manufacturers',
  });

  // A lead the seller recorded: e-mail, phone, company, country and a purchasing manager.
  const surname = `Lopez${Date.now().toString(36)}`;
  const token = await storedToken(page);
  const created = await page.request.post('/crm/v1/crm/create_record', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type_id: 1,
      values: {
        first_name: 'Ana',
        last_name: surname,
        email: `${surname.toLowerCase()}@example.com`,
        phone: '+34 600 000 000',
        company: 'Lopez Riego',
        country: 'Spain',
        job_title: 'Purchasing Manager',
      },
    },
  });
  expect(created.status()).toBe(201);

  // The lead page shows its score and what each group adds.
  await openAna(page, surname);
  const panel = page.getByTestId('lead-score');
  await expect(panel.getByLabel('Score 14 of 100')).toBeVisible();
  await expect(panel).toContainText('Contact information');
  await expect(panel).toContainText('+4.8');
  await expectAccessible(page, 'a lead with its score');

  // CRM settings lead to the scoring weights.
  await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Scoring weights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lead scoring' })).toBeVisible();
  await expect(page.getByTestId('scoring-group-lead_bant')).toBeVisible();
  await expectAccessible(page, 'the lead scoring settings');

  // Only BANT counts, and within it only authority: typed by keyboard, saved with Enter.
  for (const group of ['Contact information', 'Company information']) {
    await page.getByRole('textbox', { name: `${group}: group weight` }).fill('0');
  }
  const bant = page.getByRole('textbox', { name: 'BANT: group weight' });
  await bant.fill('50');
  await page.getByRole('textbox', { name: 'BANT: Authority' }).fill('10');
  await bant.press('Enter');
  await expectShown(page, SCORING_MESSAGES.saved);
  await expect(page.getByTestId('rescoring-status')).toContainText('All 1 leads are scored with these weights.');

  // The defaults are one click away (saved only with Save).
  await page.getByRole('button', { name: 'Use the defaults' }).click();
  await expect(bant).toHaveValue('20');

  // Narrow and wide screens keep the page whole.
  for (const width of [600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The lead was scored again with the new weights: BANT 10 of 25 × 50 of 110 → 18.
  await openAna(page, surname);
  await expect(panel.getByLabel('Score 18 of 100')).toBeVisible();

  // The leads list shows the score as a column.
  await page.goto('/crm/leads');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Score' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /Score/ })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: new RegExp(surname, 'i') })
      .getByRole('gridcell')
      .last(),
  ).toHaveText('18');
});
