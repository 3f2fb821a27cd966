import { expect, test } from './test.ts';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { expectAccessible, signIn, expectShown } from './support.ts';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a seller uploads a catalog for one product, renames it and deletes it on the catalog page', async ({ page }) => {
  const title = `Range ${Date.now().toString(36)}`;
  await signIn(page, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await page.goto('/products/List');
  await page.getByRole('link', { name: 'Catalogs' }).click();
  await expect(page).toHaveURL(/\/products\/catalogs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogs' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  const product = page.getByLabel('Product');
  await expect(product.locator('option')).not.toHaveCount(1);
  const productName = (await product.locator('option').nth(1).textContent())!;
  await product.selectOption({ index: 1 });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'range.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expectShown(page, FILE_MESSAGES.catalogUploaded);
  const row = page.getByTestId('catalogs-table').getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(productName);
  await expectAccessible(page, 'the catalog page');

  await row.getByRole('button', { name: `Rename catalog ${title}` }).click();
  await page.getByLabel(`New title of ${title}`).fill(`${title} (2027)`);
  await page.keyboard.press('Enter');
  await expectShown(page, FILE_MESSAGES.catalogRenamed);
  const renamed = page.getByTestId('catalogs-table').getByRole('row', { name: new RegExp(`${title} \\(2027\\)`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Delete catalog ${title} (2027)` }).click();
  await expectShown(page, FILE_MESSAGES.catalogDeleted);
  await expect(page.getByText(`${title} (2027)`)).toHaveCount(0);
});
