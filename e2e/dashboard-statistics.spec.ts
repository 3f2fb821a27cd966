import { expect, test } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { expectAccessible, signIn } from './support.ts';

test.describe("The seller's statistics on the dashboard", () => {
  test('the demo seller reads the figures, changes the period and the member, and opens a chart as a table', async ({
    page,
  }) => {
    await signIn(page, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'Your figures' });
    await expect(figures.getByTestId('figure-Leads')).toHaveText(/^\d[\d,]*$/);
    await expect(figures.getByTestId('figure-Orders')).toHaveText(/^\d[\d,]*$/);
    // Order value: one exact figure per currency, or a dash without orders in the period.
    await expect(figures.getByTestId('figure-Order value')).toHaveText(
      /^(—|[A-Z]{3} [\d,]+(\.\d+)?( · [A-Z]{3} [\d,]+(\.\d+)?)*)$/,
    );
    await expect(figures.getByRole('img', { name: /Bar chart per day/ })).toBeVisible();
    await expectAccessible(page, 'the seller dashboard with statistics');

    await figures.getByText('Last 12 months').click();
    await expect(page).toHaveURL(/period=365d/);
    await expect(figures.getByRole('img', { name: /Bar chart per week of/ })).toBeVisible();

    await page.getByRole('textbox', { name: 'Team member', exact: true }).click();
    await page.getByRole('option').nth(1).click();
    await expect(page).toHaveURL(/member=\d+/);
    await expect(figures.getByTestId('figure-Leads')).toHaveText(/^\d[\d,]*$/);

    await figures.getByText('Show the figures as a table').first().click();
    await expect(figures.getByRole('table', { name: 'Leads and quote requests' })).toBeVisible();

    await page.setViewportSize({ width: 600, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});
