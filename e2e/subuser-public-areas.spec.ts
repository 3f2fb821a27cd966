import { expect, test } from './test.ts';
import type { BlogPage } from '@tradeloop/contracts/blogs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import type { ProductSearchResult } from '@tradeloop/contracts/market';
import { signIn } from './support.ts';

/**
 * Spec section 2: a sub-user may open the CRM and the public areas productdetail, productlist, category,
 * page, ourProduct, user, mini-site, about-us, blog, contact-us, blogdetail, resetPassword, our-products,
 * questionnaire and home; anything else sends them to /dashboard.
 */
test('a sub-user opens every public area of the spec without being sent to the dashboard', async ({ page }) => {
  // Fifteen pages, each loaded and checked.
  const products = (
    (await (await page.request.post('/api/v1/front/product/list', { data: { page: 1, per_page: 1 } })).json()) as {
      data: ProductSearchResult;
    }
  ).data;
  const [product] = products.data;
  const store = product.company_details.slug;
  const posts = (
    (await (await page.request.get('/api/v1/blogs/getAll?page=1&per_page=1')).json()) as { data: BlogPage }
  ).data;
  const post = posts.data[0];

  await signIn(page, DEMO_ACCOUNTS.subuser, DEMO_PASSWORD);
  const areas: [string, RegExp, string | RegExp][] = [
    [product.product_url, /\/productdetail\//, product.name],
    ['/productlist', /\/productlist$/, 'Find products from verified suppliers'],
    ['/category/industrial-machinery', /\/category\/industrial-machinery$/, 'Industrial Machinery'],
    ['/page/about', /\/page\/about$/, 'About TradeLoop'],
    [`/ourProduct/${store}`, /\/mini-site\/[^/]+\/our-products$/, product.company_details.name],
    ['/user/resetPassword', /\/user\/resetPassword$/, 'Reset your password'],
    [`/mini-site/${store}`, /\/mini-site\/[^/]+$/, product.company_details.name],
    [`/about-us/${store}`, /\/mini-site\/[^/]+\/about-us$/, product.company_details.name],
    ['/blog', /\/blog$/, /blog/i],
    [`/contact-us/${store}`, /\/mini-site\/[^/]+\/contact-us$/, product.company_details.name],
    [`/blogdetail/${post.slug}`, /\/blogdetail\//, post.title],
    ['/resetPassword', /\/resetPassword$/, 'Reset your password'],
    [`/our-products/${store}`, /\/mini-site\/[^/]+\/our-products$/, product.company_details.name],
    ['/questionnaire', /\/questionnaire$/, 'Post a buying request'],
    ['/home', /\/home$/, /./],
  ];
  for (const [path, url, heading] of areas) {
    await page.goto(path);
    await expect(page, path).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
    await expect(page, path).not.toHaveURL(/\/dashboard$/);
  }

  // Any other page still sends them to the dashboard.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/dashboard$/);
});
