import { expect, test, type Page } from './test.ts';
import fs from 'node:fs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { ORDER_MESSAGES } from '@tradeloop/contracts/orders';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import { expectAccessible, signIn, signUp, storedToken, uniqueEmail, expectShown, openInNewTab } from './support.ts';

/** The page holds from 600 to 1920 px: nothing wider than the window. */
async function holdsWidths(page: Page, name: string) {
  for (const width of [600, 1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('order-status')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width} px`,
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Issue 44, acceptance 4: a buyer accepts a quotation and downloads the proforma; the seller ships the order and
 * records a payment; the buyer sees "Shipped" with the tracking reference and reorders; the seller's deal shows
 * "Closed Won".
 */
test('a buyer accepts a quotation, the seller ships and is paid, and the deal is won', async ({ browser }) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerName = `Oskar Order ${Date.now() % 100_000}`;
  await signUp(buyer, { kind: 'buyer', fullName: buyerName, email: uniqueEmail('order-buyer') });

  // The buyer asks for ten pumps.
  await buyer.goto('/productlist?q=monoblock+pump');
  const card = buyer.getByTestId('product-card').filter({ hasText: 'Centrifugal Monoblock Pump' }).first();
  // The card's title (its Chat now link names the product too).
  const title = card.getByRole('link', { name: /Centrifugal Monoblock Pump/ }).first();
  const productPage = await openInNewTab(buyerContext, title);
  await productPage.getByRole('button', { name: 'Get latest price' }).click();
  const modal = productPage.getByRole('dialog', { name: 'Request a quote' });
  await modal.getByText('5 HP', { exact: true }).click();
  await modal.getByText('Three', { exact: true }).click();
  await modal.getByRole('textbox', { name: 'Quantity' }).fill('10');
  await modal.getByRole('button', { name: 'Send quote request' }).click();
  await expect(modal.getByRole('heading', { name: QUOTE_MESSAGES.submitted })).toBeVisible();
  await productPage.close();

  // The seller writes a formal quotation from the request: the request's line, with 19 % VAT.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await seller.goto('/enquiries?type=received');
  await seller.getByTestId('enquiry-item').filter({ hasText: buyerName }).first().click();
  const thread = seller.getByTestId('enquiry-thread');
  await thread.getByRole('button', { name: 'Write a formal quotation' }).click();
  const line = thread.getByTestId('quotation-line').first();
  await line.getByRole('textbox', { name: /Unit price/ }).fill('250.00');
  await line.getByRole('combobox', { name: 'Tax', exact: true }).selectOption('VAT');
  await line.getByRole('combobox', { name: 'Tax rate %' }).selectOption('19');
  await thread.getByRole('textbox', { name: 'Payment terms' }).fill('30 % advance');
  await expectAccessible(seller, 'the quotation editor');
  await thread.getByRole('button', { name: 'Send quotation' }).click();
  // 10 × 250.00 = 2500.00, VAT 475.00.
  await expect(thread.getByTestId('document-total')).toHaveText('USD 2,975.00');
  await expect(thread.getByTestId('quotation-status')).toHaveText('Awaiting the buyer');

  // The buyer accepts it and downloads the proforma invoice.
  await buyer.goto('/enquiries?type=sent');
  await buyer.getByTestId('enquiry-item').filter({ hasText: 'Centrifugal Monoblock Pump' }).first().click();
  const buyerThread = buyer.getByTestId('enquiry-thread');
  await expect(buyerThread.getByTestId('document-total')).toHaveText('USD 2,975.00');
  await expectAccessible(buyer, 'a quotation received');
  await buyerThread.getByRole('button', { name: 'Accept version 1' }).click();
  await expect(buyerThread.getByTestId('quotation-status')).toHaveText('Accepted');
  await buyerThread.getByRole('link', { name: 'Open the order' }).click();
  await expect(buyer).toHaveURL(/\/my-orders\/\d+$/);
  await expect(buyer.getByTestId('order-status')).toHaveText('Confirmed');
  const proforma = buyer.getByTestId('invoice-row').filter({ hasText: 'Proforma invoice' });
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    proforma.getByRole('button', { name: /Download PF-\d+ as PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^PF-\d{6}\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(buyer, 'an order of the buyer');
  const orderUrl = new URL(buyer.url());

  // The seller ships it and records the payment of the whole balance.
  await seller.goto('/crm/orders');
  await seller.getByTestId('order-row').filter({ hasText: buyerName }).getByRole('link').click();
  await expect(seller.getByTestId('order-status')).toHaveText('Confirmed');
  await expectAccessible(seller, 'an order of the seller');
  await seller.getByRole('combobox', { name: 'New status' }).selectOption('shipped');
  await seller.getByRole('textbox', { name: 'Carrier' }).fill('Maersk');
  await seller.getByRole('textbox', { name: 'Tracking reference' }).fill('MAEU7654321');
  await seller.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(seller.getByTestId('order-status')).toHaveText('Shipped');
  await expect(seller.getByTestId('invoice-row').filter({ hasText: 'Commercial invoice' })).toBeVisible();
  await expect(seller.getByRole('textbox', { name: /Amount/ })).toHaveValue('2975.00');
  await seller.getByRole('button', { name: /Record payment on INV-\d+/ }).click();
  await expect(seller.getByTestId('balance-due')).toHaveText('Balance due USD 0.00');
  await holdsWidths(seller, 'the seller’s order page');

  // The buyer sees the shipment with its tracking reference.
  await buyer.goto(orderUrl.pathname);
  await expect(buyer.getByTestId('order-status')).toHaveText('Shipped');
  await expect(buyer.getByTestId('tracking')).toContainText('MAEU7654321');
  await expect(buyer.getByTestId('tracking')).toContainText('Maersk');
  await holdsWidths(buyer, 'the buyer’s order page');
  // Reorder: the same request goes to the seller again.
  await buyer.getByRole('button', { name: 'Reorder' }).click();
  await expect(buyer).toHaveURL(/\/enquiries\?type=sent&id=\d+/);
  await expect(buyer.getByTestId('enquiry-thread')).toContainText('Reorder of SO-');
  await expect(buyer.getByTestId('enquiry-status')).toHaveText('Awaiting answer');

  // The seller's deal is won, with the order's amount.
  await seller.goto('/crm/deals');
  const deal = seller
    .getByRole('row')
    .filter({ hasText: /Quotation Q-\d+/ })
    .filter({ hasText: 'Closed Won' });
  await expect(deal.first()).toBeVisible();

  await buyerContext.close();
  await sellerContext.close();
});

/**
 * Issue 44: a quotation written from a CRM lead that has no quote request. The seller opens a lead entered by
 * hand with a marketplace buyer's e-mail, writes the quotation (a catalogue product and a free line, in EUR),
 * the buyer finds it under "My orders" and accepts it, and the seller's dashboard shows the order's value. A
 * lead that is an e-mail address only cannot be sent one: the button is disabled and says why.
 */
test('a seller quotes a lead without an enquiry; the buyer accepts it from My orders', async ({ browser }) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const email = uniqueEmail('lead-buyer');
  await signUp(buyer, { kind: 'buyer', fullName: `Lena Lead ${Date.now() % 100_000}`, email });

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${await storedToken(seller)}` };
  const createLead = async (values: Record<string, string>) => {
    const response = await seller.request.post('/crm/v1/crm/create_record', { headers, data: { type_id: 1, values } });
    expect(response.status()).toBe(201);
    return (await response.json()).data.id as number;
  };
  const leadId = await createLead({ first_name: 'Lena', last_name: 'Handentered', email });

  await seller.goto(`/crm/leads/${leadId}`);
  await seller.getByRole('tab', { name: 'Quotation' }).click();
  await seller.getByRole('button', { name: 'Write a quotation' }).click();
  const editor = seller.getByRole('region', { name: 'Quotation' });
  await editor.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  // A line from the catalogue (its price filled in, changed here) and a free line.
  await editor.getByRole('textbox', { name: 'Line 1 description' }).fill('Site survey');
  await editor
    .getByRole('textbox', { name: /Unit price/ })
    .first()
    .fill('120.00');
  await editor.getByLabel('Add a product from your catalogue').fill('Monoblock');
  await seller
    .getByRole('option', { name: /Centrifugal Monoblock Pump/ })
    .first()
    .click();
  const pumpLine = editor.getByTestId('quotation-line').nth(1);
  await expect(pumpLine.getByRole('textbox', { name: 'Line 2 description' })).toHaveValue(/Centrifugal Monoblock Pump/);
  await pumpLine.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await pumpLine.getByRole('textbox', { name: /Unit price/ }).fill('240.00');
  await expectAccessible(seller, 'the quotation editor on a lead');
  await editor.getByRole('button', { name: 'Send quotation' }).click();
  // 120.00 + 2 × 240.00 = 600.00.
  await expect(seller.getByTestId('document-total')).toHaveText('EUR 600.00');
  await expect(seller.getByTestId('quotation-status')).toHaveText('Awaiting the buyer');

  // The buyer finds it under My orders and accepts it.
  await buyer.goto('/my-orders');
  const received = buyer.getByTestId('received-quotation').first();
  await expect(received).toContainText('EUR 600.00');
  await expectAccessible(buyer, 'My orders with a quotation awaiting an answer');
  await received.getByRole('link', { name: /Quotation Q-\d+/ }).click();
  await expect(buyer).toHaveURL(/\/my-orders\/quotations\/\d+$/);
  await expect(buyer.getByTestId('document-total')).toHaveText('EUR 600.00');
  await expectAccessible(buyer, 'a quotation written from a lead');
  await buyer.getByRole('button', { name: 'Accept version 1' }).click();
  await expect(buyer.getByTestId('quotation-status')).toHaveText('Accepted');
  await buyer.getByRole('link', { name: 'Open the order' }).click();
  await expect(buyer.getByTestId('order-status')).toHaveText('Confirmed');

  // The seller's dashboard shows the order value in its currency.
  await seller.goto('/dashboard');
  await expect(seller.getByTestId('figure-Order value')).toContainText(/EUR [\d,]+\.\d{2}/);

  // A lead that is only an e-mail address: the button is disabled, with the reason.
  const mailOnly = await createLead({ first_name: 'Mail', last_name: 'Only', email: uniqueEmail('not-a-member') });
  await seller.goto(`/crm/leads/${mailOnly}`);
  await seller.getByRole('tab', { name: 'Quotation' }).click();
  await expect(seller.getByRole('button', { name: 'Write a quotation' })).toBeDisabled();
  await expectShown(seller, ORDER_MESSAGES.leadWithoutAccount);

  await buyerContext.close();
  await sellerContext.close();
});
