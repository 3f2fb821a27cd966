import { expect, test } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { openAccountMenu, signIn } from './support.ts';

/**
 * Spec section 5's tracked click names that had no element (issue 45): homeButton (the header's logo),
 * instagram-social-sharing (a product's share links), view-more-pdp (a product's related products) and
 * wishlist-identifier (the account menu's wishlist). Each reaches the server with the page's visit.
 */
test('the four click names reach the tracked events as a buyer uses the pages', async ({ page }) => {
  const sent: string[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/page-visit')) return;
    const response = await request.response();
    if (!response?.ok()) return;
    const body = request.postDataJSON() as { clicks?: { element_type: string }[] };
    for (const click of body.clicks ?? []) sent.push(click.element_type);
  });
  // Instagram itself is not reached from the test machine.
  await page.context().route('https://www.instagram.com/**', (route) => route.fulfill({ status: 200, body: 'ok' }));

  await signIn(page, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
  await page.goto('/mini-site/shree-ganesh-engineering-works/our-products?q=pump');
  const href = await page
    .locator('[data-testid="product-card"] a[href*="/productdetail/"]')
    .first()
    .evaluate((link) => (link as HTMLAnchorElement).pathname);
  await page.goto(href);

  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Share on Instagram' }).click();
  await (await popup).close();
  await page.locator('[data-track="view-more-pdp"]').click();
  await expect(page).toHaveURL(/\/category\//);

  await page.getByRole('link', { name: 'TradeLoop home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  // Staying in the app: the home page's clicks leave once its view is recorded (a full page load could
  // only send them by beacon, which this listener does not see).

  await expect
    .poll(() => [...new Set(sent)].sort())
    .toEqual(
      expect.arrayContaining(['homeButton', 'instagram-social-sharing', 'view-more-pdp', 'wishlist-identifier']),
    );
});
