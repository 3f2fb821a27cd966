import { expect, test, type Page } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import { expectAccessible, signIn, signUp, uniqueEmail, openInNewTab } from './support.ts';

/** The sidebar group of one filter, by its title. */
const facet = (page: Page, key: string) => page.getByTestId(`facet-${key}`);

test('a buyer finds a product despite a typo, requests a quote, and the seller answers it', async ({ browser }) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  // A buyer of their own: a retried run never meets the previous run's request.
  await signUp(buyer, { kind: 'buyer', fullName: 'Meera Iyer', email: uniqueEmail('quote-buyer') });

  // A misspelt keyword still finds the product, and the page says what it searched for.
  await buyer.goto('/productlist');
  await buyer.getByTestId('search-input').fill('monoblok pump');
  await buyer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer).toHaveURL(/[?&]q=monoblok\+pump/);
  await expect(buyer.getByText('Showing results for')).toContainText('monoblock pump');
  await expectAccessible(buyer, 'search results');

  // Two facets and a price range narrow the list; each lives in the URL.
  await facet(buyer, 'business_type').getByRole('checkbox', { name: 'Manufacturers' }).check();
  await expect(buyer).toHaveURL(/business_type=Manufacturers/);
  await facet(buyer, 'condition').getByRole('checkbox', { name: 'Brand New' }).check();
  await expect(buyer).toHaveURL(/condition=Brand\+New/);
  const price = facet(buyer, 'price_range');
  // No price filter applies yet, and none is shown: the fields are empty, not the slider's ends.
  await expect(price.getByRole('textbox', { name: 'From' })).toHaveValue('');
  await expect(price.getByRole('textbox', { name: 'To' })).toHaveAttribute('placeholder', 'Any');
  await price.getByRole('textbox', { name: 'From' }).fill('100');
  await price.getByRole('textbox', { name: 'To' }).fill('1000');
  await price.getByRole('textbox', { name: 'To' }).press('Enter');
  await expect(buyer).toHaveURL(/price_min=100&price_max=1000/);
  const card = buyer.getByTestId('product-card').filter({ hasText: 'Centrifugal Monoblock Pump' }).first();
  await expect(card).toBeVisible();
  await expectAccessible(buyer, 'filtered search results');

  // The product opens in a new tab at its slug address, with the keyword.
  // The card's title (its Chat now link names the product too).
  const title = card.getByRole('link', { name: /Centrifugal Monoblock Pump/ }).first();
  const productPage = await openInNewTab(buyerContext, title);
  await expect(productPage).toHaveURL(
    /\/productdetail\/Centrifugal-Pumps\/shree-ganesh-engineering-works\/centrifugal-monoblock-pump-[0-9a-f]+\?search_keyword=monoblok/,
  );
  await expect(productPage.getByRole('heading', { level: 1 })).toContainText('Centrifugal Monoblock Pump');
  await expect(productPage.getByTestId('seller-card')).toContainText('Manufacturers');
  await expectAccessible(productPage, 'a product page');

  // Configure it: 5 HP, three phase, ten pieces; the seller's calculator prices it.
  await productPage.getByRole('button', { name: 'Get latest price' }).click();
  const modal = productPage.getByRole('dialog', { name: 'Request a quote' });
  await modal.getByText('5 HP', { exact: true }).click();
  await expect(modal.getByRole('radio', { name: '5 HP' })).toBeChecked();
  await modal.getByText('Three', { exact: true }).click();
  await expect(modal.getByRole('radio', { name: 'Three' })).toBeChecked();
  await modal.getByRole('textbox', { name: 'Quantity' }).fill('10');
  // Ten pieces are priced at the 10 – 49 tier ($168), 5 HP at 1.6 times that (decision 035): $2,688.
  await expect(modal.getByTestId('quote-total')).toHaveText('$2,688.00');
  await expectAccessible(productPage, 'the quote request');
  await modal.getByRole('button', { name: 'Send quote request' }).click();
  await expect(modal.getByRole('heading', { name: QUOTE_MESSAGES.submitted })).toBeVisible();
  await expectAccessible(productPage, 'the quote request sent');

  // The seller sees the notification and the enquiry, and answers with a price.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await expect(seller.getByTestId('notification-badge')).toContainText(/\d/);
  await seller.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
  await expectAccessible(seller, 'the notifications popover');
  await seller.getByTestId('notification-item').filter({ hasText: 'New quote request' }).first().click();
  await expect(seller).toHaveURL(/\/enquiries\?type=received&id=\d+/);
  const thread = seller.getByTestId('enquiry-thread');
  await expect(thread).toContainText('Centrifugal Monoblock Pump');
  await expect(thread).toContainText('5 HP · Three');
  await expectAccessible(seller, 'an enquiry received');
  await thread.getByRole('textbox', { name: /Unit price/ }).fill('395');
  await thread.getByTestId('answer-message').fill('Ex-works Pune, dispatch in 10 days.');
  await thread.getByTestId('send-answer').click();
  await expect(thread.getByTestId('enquiry-status')).toHaveText('Price offered');

  // The buyer sees the answer.
  await buyer.goto('/enquiries?type=sent');
  await buyer.getByTestId('enquiry-item').filter({ hasText: 'Centrifugal Monoblock Pump' }).first().click();
  const buyerThread = buyer.getByTestId('enquiry-thread');
  await expect(buyerThread.getByTestId('enquiry-status')).toHaveText('Price offered');
  await expect(buyerThread.getByTestId('offer')).toContainText('$395.00 per piece');
  await expect(buyerThread).toContainText('Ex-works Pune, dispatch in 10 days.');
  await expect(buyerThread.getByRole('button', { name: 'Accept offer' })).toBeVisible();
  await expectAccessible(buyer, 'an offer received');

  await buyerContext.close();
  await sellerContext.close();
});

test('a buyer browses in another currency and view, goes back, saves a product and finds contacts and notifications', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
  await page.goto('/productlist?q=ball+valve');
  await expect(page.getByTestId('result-count')).toContainText('product');

  // Currency and view live in the URL; Back returns to the previous state.
  await page.getByTestId('currency-select').selectOption({ label: 'EUR €' });
  await expect(page).toHaveURL(/currency=\d+/);
  await expect(page.getByTestId('product-price').first()).toContainText('€');
  await expectAccessible(page, 'search results in euros');
  await page.locator('label').filter({ hasText: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.goBack();
  await expect(page).not.toHaveURL(/view=list/);
  await expect(page.getByTestId('product-price').first()).toContainText('€');

  // A heart saves a product; the wishlist shows it.
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('link').first().textContent())!.trim();
  await card.getByRole('button', { name: /to your wishlist/ }).click();
  await expect(card.getByRole('button', { name: /from your wishlist/ })).toBeVisible();
  await page.goto('/wishlist');
  await expect(page.getByTestId('product-card').filter({ hasText: name })).toBeVisible();
  await expectAccessible(page, 'the wishlist');

  // The demo buyer negotiated with the demo seller: a contact, and an offer in the notifications.
  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Shree Ganesh Engineering Works/ })).toBeVisible();
  await expectAccessible(page, 'the contacts');
  await page.goto('/notifications?tab=enquiries');
  await expect(page.getByTestId('notification-item').filter({ hasText: 'New price offer' }).first()).toBeVisible();
  await expectAccessible(page, 'the notifications');
});

test('a product page carries its title, description and JSON-LD in the HTML itself', async ({ request }) => {
  // The demo seller's pump, wherever other stories' ads, reviews and views have moved it in the results.
  const search = await request.post('/api/v1/front/product/list', { data: { keyword: 'monoblock' } });
  const results: { name: string; shop_name: string; product_url: string }[] = (await search.json()).data.data;
  const product = results.find(
    ({ name, shop_name }) => name === 'Centrifugal Monoblock Pump' && shop_name === 'Shree Ganesh Engineering Works',
  );
  if (!product) throw new Error(`the demo seller's pump is not among ${results.map(({ name }) => name).join(', ')}`);
  const response = await request.get(product.product_url);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain(
    '<title>Cast Iron Centrifugal Monoblock Pump | Shree Ganesh Engineering Works | TradeLoop</title>',
  );
  expect(head).toContain('<meta property="og:title"');
  expect(head).toContain('"@type":"Product"');
});
