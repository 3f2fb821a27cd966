import { expect, test, type Page } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import {
  expectAccessible,
  openLead,
  PASSWORD,
  sendChatMessage as send,
  signIn,
  signUp,
  uniqueEmail,
} from './support.ts';

const PRODUCT = 'Centrifugal Monoblock Pump';

/** The product's page, opened from a search as a buyer finds it (in the same tab). */
async function openProduct(page: Page, keyword: string, name: string) {
  await page.goto(`/productlist?q=${encodeURIComponent(keyword)}`);
  const link = page.getByTestId('product-card').filter({ hasText: name }).first().getByRole('link', { name }).first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
}

test('a buyer presses Chat now on a product; the seller gets a new request and a lead with a chat thread about it', async ({
  browser,
}) => {
  const surname = `Mansouri${Date.now().toString(36)}`;
  const buyerName = `Fatima ${surname}`;
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { kind: 'buyer', fullName: buyerName, email: uniqueEmail('journey-chat') });

  // Chat now on the product page opens a conversation with its seller about that product.
  await openProduct(buyer, 'monoblock pump', PRODUCT);
  await buyer.getByRole('link', { name: 'Chat now' }).click();
  await expect(buyer).toHaveURL(/\/chat\?/);
  await expect(buyer.getByTestId('conversation-title')).toHaveText('Anil Deshmukh');
  // One product name everywhere: the page's title, pre-title included.
  await expect(buyer.getByText(`Shree Ganesh Engineering Works · About Cast Iron ${PRODUCT}`)).toBeVisible();
  await expectAccessible(buyer, 'a conversation started from a product');
  await send(buyer, 'Hello, is the 5 HP pump available for dispatch this month?');
  await expect(buyer).toHaveURL(/room=\d+/);
  await send(buyer, 'We would need 12 pieces.');

  // The buyer's messages read oldest first, by the server's time, under a day label, on a 12-hour clock.
  const stamps = await buyer
    .getByTestId('message')
    .evaluateAll((rows) => rows.map((row) => Date.parse(row.getAttribute('data-created-at') ?? '')));
  expect(stamps.length).toBeGreaterThanOrEqual(2);
  expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  await expect(buyer.getByText('Today', { exact: true })).toBeVisible();
  for (const time of await buyer.getByTestId('message-time').allTextContents()) {
    expect(time).toMatch(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/);
  }
  await buyerContext.close();

  // The seller sees a new request in the chat…
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await seller.goto('/chat?tab=requests');
  const request = seller.getByTestId('room-item').filter({ hasText: buyerName });
  await expect(request).toBeVisible();
  await request.click();
  await expect(seller.getByTestId('request-banner')).toBeVisible();
  await seller.getByRole('button', { name: 'Accept' }).click();
  await expect(seller.getByTestId('request-banner')).toBeHidden();

  // …and a lead in the CRM, named by the buyer's profile, with a type_2 thread holding the product.
  await openLead(seller, surname, buyerName);
  await seller.getByRole('tab', { name: /Requests/ }).click();
  const thread = seller.getByTestId('thread-card').first();
  await expect(thread).toHaveAttribute('data-thread-type', '2');
  await expect(thread.getByTestId('thread-product')).toContainText(PRODUCT);
  await expectAccessible(seller, "the lead's chat request");

  // The lead's tab row stays one line and the page never scrolls sideways, from 600 to 1440 px; the
  // screenshots are kept with the run.
  for (const width of [1440, 1024, 600]) {
    await seller.setViewportSize({ width, height: 900 });
    const tops = await seller
      .getByRole('tablist')
      .first()
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab rows at ${width} px`).toBe(1);
    // The CRM menu's items keep to one line each (at 600 px "My day" wrapped and the menu was cut off unseen).
    const menu = seller.getByRole('navigation', { name: 'CRM' }).getByRole('link');
    const heights = await menu.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(Math.max(...heights), `menu item height at ${width} px`).toBeLessThan(1.5 * Math.min(...heights));
    expect(await seller.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await seller.screenshot({ path: test.info().outputPath(`lead-${width}.png`), fullPage: true });
  }
  await sellerContext.close();
});

test('an anonymous visitor configures a quote, signs up from the modal, comes back to it and sends it at the listed price', async ({
  browser,
}) => {
  const surname = `Okafor${Date.now().toString(36)}`;
  const buyerName = `Adaeze ${surname}`;
  const email = uniqueEmail('journey-quote');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // The product page lists a price per quantity tier; 25 pieces fall in the 10 – 49 tier.
  await openProduct(visitor, 'monoblock pump', PRODUCT);
  const tier = visitor.getByTestId('price-tier').filter({ hasText: '10 – 49' });
  const listed = (await tier.locator('p').first().textContent())!.trim();
  expect(listed).toMatch(/^\D+[\d,.]+$/);
  await expect(visitor.getByTestId('price-basis')).toContainText('Prices for 1 HP, Single');

  // The modal says at the start that sending needs an account.
  await visitor.getByRole('button', { name: 'Get latest price' }).click();
  const modal = visitor.getByRole('dialog', { name: 'Request a quote' });
  await expect(modal.getByText('Sending a request needs a free account')).toBeVisible();
  await expectAccessible(visitor, 'the quote modal of an anonymous visitor');
  await modal.getByText('Three', { exact: true }).click();
  await modal.getByRole('textbox', { name: 'Quantity' }).fill('25');
  await expect(modal.getByTestId('quote-unit-price')).toContainText(listed);

  // Sign up from the modal, and land back on the same configuration.
  await modal.getByRole('link', { name: 'Create an account' }).click();
  await expect(visitor).toHaveURL(/\/user\/signup\?next=/);
  await visitor.getByLabel('Full name').fill(buyerName);
  await visitor.getByLabel('Work e-mail').fill(email);
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Create buyer account' }).click();
  await expect(visitor).toHaveURL(/\/productdetail\/.*quote=open/);
  const again = visitor.getByRole('dialog', { name: 'Request a quote' });
  await expect(again.getByRole('textbox', { name: 'Quantity' })).toHaveValue('25');
  await expect(again.getByRole('radio', { name: 'Three' })).toBeChecked();
  await expect(again.getByText('Sending a request needs a free account')).toBeHidden();
  await expect(again.getByTestId('quote-unit-price')).toContainText(listed);
  await again.getByRole('button', { name: 'Send quote request' }).click();
  await expect(again.getByRole('heading', { name: QUOTE_MESSAGES.submitted })).toBeVisible();
  await visitorContext.close();

  // The seller's lead shows the price the product page showed for that quantity.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await openLead(seller, surname, buyerName);
  await seller.getByRole('tab', { name: /Requests/ }).click();
  const thread = seller.getByTestId('thread-card').first();
  await expect(thread).toHaveAttribute('data-thread-type', '1');
  await expect(thread.getByTestId('thread-product')).toContainText(`${listed} each`);
  await expect(thread.getByTestId('thread-product')).toContainText('Quantity: 25');
  await sellerContext.close();
});
