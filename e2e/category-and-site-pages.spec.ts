import { expect, test, type APIRequestContext } from './test.ts';
import type { ProductSearchResult } from '@tradeloop/contracts/market';
import type { CategoryPage } from '@tradeloop/contracts/market-category';
import { DEMO_OPERATOR_EMAIL } from '@tradeloop/contracts/market-constants';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { SITE_PAGE_LINKS, SITE_PAGE_MESSAGES, SITE_PAGE_SLUGS, type SitePage } from '@tradeloop/contracts/site-pages';
import { expectAccessible, openAccountMenu, signIn, expectShown } from './support.ts';

/**
 * Category and site pages (decision 051) are rendered on the server like the product list (decision 029):
 * their HTML, before any JavaScript, holds the category and its products, or the page's text, and their
 * structured data.
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

test('the HTML of a site page holds its text and JSON-LD; the footer and the sitemap lead to every one', async ({
  page,
  request,
}) => {
  const about = ((await (await request.get('/api/v1/front/page/about')).json()) as { data: SitePage }).data;
  const served = await rawHtml(request, '/page/about');
  const root = served.slice(served.indexOf('<div id="root">'));
  expect(root).toContain(html(about.title));
  expect(root).toContain('<strong>Verified suppliers.</strong>');
  expect(served).toContain('"@type":"WebPage"');
  expect(served).toContain('"@type":"BreadcrumbList"');
  expect(served).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/page\/about"/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const slug of SITE_PAGE_SLUGS) expect(sitemap).toContain(`/page/${slug}</loc>`);
  expect((await request.get('/page/careers')).status()).toBe(404);

  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Site' });
  for (const slug of SITE_PAGE_SLUGS)
    await expect(footer.getByRole('link', { name: SITE_PAGE_LINKS[slug] })).toBeVisible();
  await footer.getByRole('link', { name: SITE_PAGE_LINKS.terms }).click();
  await expect(page).toHaveURL(/\/page\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expectAccessible(page, 'the terms of use');
});

test('the platform operator rewrites a site page in the editor and visitors read it', async ({ page, browser }) => {
  await signIn(page, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Site pages' }).click();
  await expect(page).toHaveURL(/\/operator\/site-pages$/);
  await page.getByRole('tab', { name: SITE_PAGE_LINKS.help }).click();
  const form = page.getByRole('form', { name: `Edit ${SITE_PAGE_LINKS.help}` });
  await form.getByRole('textbox', { name: 'Title' }).fill('Help centre');
  const editor = form.getByRole('textbox', { name: 'Page text' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Call us on weekdays from 9 to 5.');
  await expectAccessible(page, 'the site page editor');
  await form.getByRole('button', { name: 'Save page' }).click();
  await expectShown(form, SITE_PAGE_MESSAGES.saved);

  const visitor = await browser.newPage();
  await visitor.goto('/page/help');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(visitor.getByTestId('site-page-content')).toContainText('Call us on weekdays from 9 to 5.');
  await visitor.close();
});

test('/home answers as the home page, rendered on the server with the home page as its canonical address', async ({
  request,
}) => {
  const [home, alias] = await Promise.all([rawHtml(request, '/'), rawHtml(request, '/home')]);
  expect(alias).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
  expect(alias).toContain('"@type":"WebSite"');
  const title = /<title>([^<]+)<\/title>/.exec(home)?.[1];
  expect(alias).toContain(`<title>${title}</title>`);
  expect(alias).toContain('data-testid="home-category"');
});
