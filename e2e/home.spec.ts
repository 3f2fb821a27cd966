import { expect, test, type Page } from './test.ts';
import { chooseOption, expectAccessible } from './support.ts';

const typesShown = (page: Page) => page.getByTestId('supplier-type').allTextContents();

const supplierCount = async (page: Page) =>
  Number((await page.getByTestId('supplier-count').textContent())?.match(/^(\d+) suppliers$/)?.[1] ?? 0);

const chooseCompanyType = (page: Page, type: string) =>
  page.getByRole('radiogroup', { name: 'Company type' }).getByText(type, { exact: true }).click();

test('a visitor browses the demo suppliers and filters them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Supplier directory' })).toBeVisible();
  await expect(page.getByTestId('supplier-card').first()).toBeVisible();
  await expect(page.getByTestId('supplier-count')).toHaveText(/^\d+ suppliers$/);
  await expectAccessible(page, 'the home page');

  // By company type: only distributors, and the demo distributors among them.
  await chooseCompanyType(page, 'Distributors');
  await expect(page).toHaveURL(/company_type=Distributors/);
  await expect.poll(async () => [...new Set(await typesShown(page))]).toEqual(['Distributors']);
  await expect(page.getByRole('heading', { name: 'Northern Electrical Distributors' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Osaka Precision Supply' })).toBeVisible();
  // What buyers judge a supplier by: the platform's verification and the years on TradeLoop.
  const northern = page.getByRole('article', { name: 'Northern Electrical Distributors' });
  await expect(northern.getByTestId('supplier-verified')).toHaveText('Verified');
  await expect(northern.getByTestId('supplier-since')).toHaveText(/^\d+ years on TradeLoop · since \w{3} \d{4}$/);

  // And by country; the filters live in the URL, so a reload keeps them.
  await chooseOption(page, 'Country', 'Japan', true);
  await expect(page).toHaveURL(/country=JP/);
  await expect(page.getByTestId('supplier-card')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('supplier-card')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Osaka Precision Supply' })).toBeVisible();

  // Nothing matches: an empty state that offers the way back.
  await chooseCompanyType(page, 'Retailers');
  await expect(page.getByText('No suppliers match these filters')).toBeVisible();
  await expectAccessible(page, 'the directory with nothing found');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/company_type|country=/);
  // Every supplier again: more than the one Japanese distributor. (The first page's types depend on the
  // sellers other stories sign up meanwhile, so the count says it, not the cards.)
  await expect.poll(async () => supplierCount(page)).toBeGreaterThan(2);
});

test('a supplier card shows how the supplier answered its recent quote requests', async ({ page }) => {
  // The demo seller received three quote requests at the demo's start and answered two of them.
  await page.goto('/?company_type=Manufacturers&country=IN');
  const card = page.getByRole('article', { name: 'Shree Ganesh Engineering Works' });
  await expect(card.getByTestId('supplier-response')).toContainText(/Replies to \d+% · within/);
});

test('the home page opens on products: categories with counts, featured and recent products, and a product search', async ({
  page,
}) => {
  await page.goto('/');
  const categories = page.getByTestId('home-category');
  await expect(categories.first()).toBeVisible();
  await expect(categories.first()).toContainText(/\d/);
  await expect(page.getByTestId('featured-title-products').getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('recent-title-products').getByTestId('product-card')).toHaveCount(8);
  await expectAccessible(page, 'the home page with products');

  const box = page.getByRole('combobox', { name: 'Search products, brands and categories' });
  await box.fill('ball valve');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/productlist\?q=ball\+valve/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.goto('/');
  const first = categories.first();
  const name = (await first.locator('p').first().textContent()) ?? '';
  await first.click();
  // A category opens its page (decision 051).
  await expect(page).toHaveURL(/\/category\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
