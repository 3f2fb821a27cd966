import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProductSearchResult } from '@tradeloop/contracts/market';
import type { CategoryPage } from '@tradeloop/contracts/market-category';
import { expectAccessible } from './support.ts';

/**
 * Category pages (decision 051) are rendered on the server like the product list (decision 029): their
 * HTML, before any JavaScript, holds the category, its products and its structured data.
 */

const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

async function rawHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  return response.text();
}

async function categoryOf(request: APIRequestContext, slug: string) {
  const response = await request.get(`/api/v1/front/category/${slug}`);
  return ((await response.json()) as { data: CategoryPage }).data;
}

async function productsIn(request: APIRequestContext, categoryId: number) {
  const response = await request.post('/api/v1/front/product/list', {
    data: { categories: [categoryId], page: 1, per_page: 10 },
  });
  return ((await response.json()) as { data: ProductSearchResult }).data;
}

test('the HTML of a category page holds its name, trail, sub-categories, products and JSON-LD', async ({ request }) => {
  const top = await categoryOf(request, 'industrial-machinery');
  const child = top.sub_categories.find((entry) => entry.products_count > 0)!;
  const nested = await categoryOf(request, child.slug);
  const products = await productsIn(request, nested.category.id);
  expect(products.data.length).toBeGreaterThan(0);

  const page = await rawHtml(request, child.path);
  const root = page.slice(page.indexOf('<div id="root">'));
  expect(root).toContain(html(nested.category.name));
  expect(root).toContain(html(top.category.name));
  for (const product of products.data.slice(0, 3)) expect(root).toContain(html(product.name));
  for (const sub of nested.sub_categories) expect(root).toContain(html(sub.name));
  expect(page).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+${child.path}"`));
  expect(page).toContain('"@type":"BreadcrumbList"');
  expect(page).toContain('"@type":"ItemList"');
  expect(page).toContain(`<title>${html(nested.category.name)} | Manufacturers &amp; Suppliers | TradeLoop</title>`);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${child.path}</loc>`);
});

test('a buyer goes from the home page to a category, a sub-category and a product', async ({ page }) => {
  await page.goto('/');
  const first = page.getByTestId('home-category').first();
  const name = (await first.locator('p').first().textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/category\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  await expect(page.getByTestId('result-count')).toHaveText(/\d+ products?/);
  await expectAccessible(page, 'a top category page');

  const sub = page.getByTestId('sub-category').first();
  await sub.click();
  await expect(page).toHaveURL(/\/category\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/\d+ products?/);

  // A filter of the list narrows the category's products and stays in the address.
  await page.setViewportSize({ width: 1440, height: 900 });
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/\?.+=/);
  await expect(page).toHaveURL(/\/category\//);
  // The earlier results stay faded until the filtered ones arrive.
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'a filtered sub-category page');

  // The product page links back to its category pages.
  await page.setViewportSize({ width: 1280, height: 900 });
  const [product] = (
    await productsIn(page.request, (await categoryOf(page.request, 'industrial-machinery')).category.id)
  ).data;
  await page.goto(product.product_url);
  const crumb = page.getByRole('link', { name: product.category_lists[0].name, exact: true }).first();
  await expect(crumb).toHaveAttribute('href', /^\/category\/[a-z0-9-]+$/);
  await crumb.click();
  await expect(page.getByRole('heading', { level: 1, name: product.category_lists[0].name })).toBeVisible();
});

test('an unknown category answers 404 and says so', async ({ page, request }) => {
  const response = await request.get('/category/no-such-category');
  expect(response.status()).toBe(404);
  await page.goto('/category/no-such-category');
  await expect(page.getByRole('heading', { name: 'Category not found' })).toBeVisible();
});
