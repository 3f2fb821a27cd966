import { expect, test, type Page } from './test.ts';
import { COMPANY_PROFILE_MESSAGES } from '@tradeloop/contracts/company-profile-constants';
import { expectAccessible, publishProduct, signUp, uniqueEmail, expectShown } from './support.ts';

/** A real 8×8 PNG (decoded and re-encoded by the server). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

async function accessibleAtWidths(page: Page, label: string) {
  for (const width of [600, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label} at ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow of ${label} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

test('a seller fills its company profile; a visitor goes from a product to its store and reads it', async ({
  browser,
}) => {
  const company = `Store Pumps ${Date.now().toString(36)}`;
  const sellerPage = await (await browser.newContext()).newPage();
  await signUp(sellerPage, {
    kind: 'seller',
    fullName: 'Sita Store',
    email: uniqueEmail('mini-site-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const productPath = await publishProduct(sellerPage, `${company} Monoblock Pump`);

  // The seller fills the profile on the company page.
  await sellerPage.goto('/company-page');
  const form = sellerPage.getByRole('form', { name: 'Company profile' });
  await expect(form.getByRole('switch', { name: 'Manufacturers' })).toBeChecked();
  await form.getByRole('switch', { name: 'Distributors' }).check();
  await expect(form.getByTestId('business-type-name')).toHaveText('Shown as: Manufacturers, Distributors');
  await form
    .getByRole('textbox', { name: 'About the company' })
    .fill('We build pumps <script>alert(1)</script>for farms.');
  await form.getByRole('textbox', { name: 'Year established' }).fill('2004');
  await form.getByRole('textbox', { name: 'City' }).fill('Pune');
  await form.locator('label', { hasText: /^Yes$/ }).click();
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await form.getByRole('button', { name: 'Add facility' }).click();
  await form.getByRole('textbox', { name: 'Facility 1 name' }).fill('Main plant');
  const chooser = sellerPage.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Add picture' }).click();
  await (await chooser).setFiles({ name: 'plant.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Main plant, picture 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Add certification' }).click();
  await form.getByRole('textbox', { name: 'Certification 1' }).fill('ISO 9001:2015');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expectShown(sellerPage, COMPANY_PROFILE_MESSAGES.saved);
  await expectAccessible(sellerPage, 'the company page with the profile');

  // A visitor opens the product, then the store.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(productPath);
  await visitor.getByTestId('seller-card').locator('[data-track="visit-store-link"]').click();
  await expect(visitor).toHaveURL(/\/mini-site\/[^/]+$/);
  const home = new URL(visitor.url()).pathname;
  await expect(visitor.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(visitor.getByTestId('mini-site-about')).toHaveText('We build pumps for farms.');
  await expect(visitor.getByTestId('product-card').filter({ hasText: `${company} Monoblock Pump` })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
  await accessibleAtWidths(visitor, 'the mini-site home');

  const nav = visitor.getByRole('navigation', { name: 'Store' });
  await nav.getByRole('link', { name: 'About us' }).click();
  await expect(visitor.getByRole('heading', { level: 2, name: 'About us' })).toBeVisible();
  await expect(visitor.getByTestId('about-facts')).toContainText('Manufacturers, Distributors');
  await expect(visitor.getByTestId('about-facts')).toContainText('2004');
  await expect(visitor.getByTestId('factory')).toContainText('Main plant');
  await expect(visitor.getByRole('img', { name: 'Main plant, picture 1' })).toBeVisible();
  await expect(visitor.getByTestId('certification')).toContainText('ISO 9001:2015');
  await accessibleAtWidths(visitor, 'the mini-site about-us page');

  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(visitor.getByTestId('result-count')).toHaveText('1 product');
  await expect(visitor.getByTestId('product-card')).toHaveCount(1);
  await accessibleAtWidths(visitor, 'the mini-site products page');

  await nav.getByRole('link', { name: 'Contact us' }).click();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Contact us' })).toBeVisible();
  await accessibleAtWidths(visitor, 'the mini-site contact page');
  await visitor.getByRole('link', { name: 'Sign in to contact' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/user/signin\\?next=${encodeURIComponent(`${home}/contact-us`)}`));

  // A signed-in buyer sends the enquiry from the store; the seller finds it among its enquiries.
  const buyer = await (await browser.newContext()).newPage();
  await signUp(buyer, { kind: 'buyer', fullName: 'Bala Buyer', email: uniqueEmail('mini-site-buyer') });
  await buyer.goto(`${home}/contact-us`);
  const enquiry = buyer.getByRole('form', { name: `Enquiry to ${company}` });
  await expect(enquiry.getByRole('textbox', { name: 'Product' })).toHaveValue(`${company} Monoblock Pump`);
  await enquiry.getByRole('textbox', { name: 'Message' }).fill('Please quote 20 pumps delivered to Nairobi.');
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(buyer.getByText('Enquiry sent')).toBeVisible();
  await expectAccessible(buyer, 'the mini-site contact page after an enquiry');
  await sellerPage.goto('/enquiries?type=received');
  await expect(sellerPage.getByText('Bala Buyer').first()).toBeVisible();

  // The spec's area names for the store's pages lead to them.
  await visitor.goto(home.replace('/mini-site/', '/ourProduct/'));
  await expect(visitor).toHaveURL(new RegExp(`${home}/our-products$`));
  await visitor.goto(home.replace('/mini-site/', '/about-us/'));
  await expect(visitor).toHaveURL(new RegExp(`${home}/about-us$`));

  // The served HTML: the head, the Organization JSON-LD and the products, before any JavaScript.
  for (const path of [home, `${home}/about-us`]) {
    const served = await visitor.request.get(path);
    expect(served.status(), path).toBe(200);
    const html = await served.text();
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toMatch(/"@type":"Organization","name":"Store Pumps/);
    expect(html).not.toContain('<script>alert(1)');
    if (path === home) expect(html).toContain(`${company} Monoblock Pump`);
    else expect(html).toContain('ISO 9001:2015');
  }
  const missing = await visitor.goto('/mini-site/no-such-store-anywhere');
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByText('This store does not exist')).toBeVisible();
});
