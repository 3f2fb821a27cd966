import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import { PROMOTION_MESSAGES } from '@tradeloop/contracts/promotion-constants';
import {
  expectAccessible,
  openAccountMenu,
  publishProduct,
  signUp,
  storedToken,
  uniqueEmail,
  expectShown,
  DELIVERY_WAIT,
} from './support.ts';

const slide = (hue: number) =>
  sharp({ create: { width: 1200, height: 300, channels: 3, background: { r: hue, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function adRow(page: Page, term: string) {
  return page.getByRole('row').filter({ hasText: term });
}

test('a seller makes a banner and an ad; a visitor sees the sponsored slot; the seller sees it counted', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Quasar Pumps ${stamp}`;
  const term = `quasar${stamp}`;
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: 'Quentin Quasar',
    email: uniqueEmail('promotion-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const gear = await publishProduct(seller, `${company} Gear Pump`);
  await publishProduct(seller, `${company} Screw Pump`);

  // A banner with indicators off and navigation on: the live preview honours both.
  await openAccountMenu(seller);
  await seller.getByRole('menuitem', { name: 'Banners' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await seller.getByRole('button', { name: 'New banner' }).click();
  await seller.getByRole('textbox', { name: 'Alt text' }).fill(`${company}: pumps on the test bench`);
  await seller.getByRole('switch', { name: /Indicators/ }).uncheck();
  await expect(seller.getByRole('switch', { name: /Previous and next buttons/ })).toBeChecked();
  await seller.locator('input[type=file]').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await slide(40) },
    { name: 'two.png', mimeType: 'image/png', buffer: await slide(200) },
  ]);
  const preview = seller.getByTestId('banner-preview');
  await expect(preview.getByRole('button', { name: 'Next image' })).toBeAttached();
  await expect(preview.getByRole('button', { name: /Show image/ })).toHaveCount(0);
  await expect(preview.getByRole('group', { name: '1 of 2' })).toBeVisible();
  await preview.getByRole('button', { name: 'Next image' }).focus();
  await expect(preview.getByRole('button', { name: 'Next image' })).toBeVisible();
  await seller.keyboard.press('Enter');
  await expect(preview.getByRole('group', { name: '2 of 2' })).toBeVisible();
  await expectAccessible(seller, 'the banner form');
  await seller.getByRole('button', { name: 'Save banner' }).click();
  await expectShown(seller, PROMOTION_MESSAGES.bannerSaved);
  await expect(seller.getByRole('heading', { name: 'Home' })).toBeVisible();

  // An ad for both products, from today for a week; and one starting tomorrow (through the API).
  await openAccountMenu(seller);
  await seller.getByRole('menuitem', { name: 'Ads' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
  await seller.getByRole('button', { name: 'New ad' }).click();
  await seller.getByRole('textbox', { name: 'Search term 1' }).fill(term);
  const products = seller.getByRole('textbox', { name: 'Products' });
  await products.click();
  await seller.getByRole('option', { name: `${company} Gear Pump` }).click();
  await seller.getByRole('option', { name: `${company} Screw Pump` }).click();
  await seller.keyboard.press('Escape');
  await expect(seller.getByRole('textbox', { name: 'Start date (UTC)' })).toHaveValue(day(0));
  await expect(seller.getByRole('textbox', { name: 'End date (UTC)' })).toHaveValue(day(7));
  await expectAccessible(seller, 'the ad form');
  await seller.getByRole('button', { name: 'Create ad' }).click();
  await expectShown(seller, PROMOTION_MESSAGES.adCreated);
  const row = await adRow(seller, term);
  await expect(row.getByText('Running')).toBeVisible();
  await expect(row.getByTestId('ad-impressions')).toHaveText('0');
  await expectAccessible(seller, 'the ads list');

  const productId = Number(gear.split('/').pop());
  const later = await seller.request.post('/api/v1/ads/create', {
    headers: { authorization: `Bearer ${await storedToken(seller)}` },
    data: {
      ad_type: 'both',
      title_1: `later${stamp}`,
      product_ids: [productId],
      start_date: day(1),
      end_date: day(8),
    },
  });
  expect(later.status()).toBe(201);

  // A visitor searching the term sees both products in the sponsored slot, in the served HTML.
  const visitor = await (await browser.newContext()).newPage();
  const served = await visitor.request.get(`/productlist?keyword=${term}`);
  expect(await served.text()).toContain(`${company} Gear Pump`);
  await visitor.goto(`/productlist?keyword=${term}`);
  const strip = visitor.getByRole('region', { name: 'Sponsored products' });
  await expect(strip.getByRole('heading', { name: 'Sponsored' })).toBeVisible();
  await expect(strip.getByTestId('sponsored-card')).toHaveCount(2);
  await expect(strip.getByText(`${company} Screw Pump`)).toBeVisible();
  await expectAccessible(visitor, 'the product list with a sponsored slot');

  // Following a sponsored card counts a click.
  const [opened] = await Promise.all([
    visitor.waitForEvent('popup'),
    strip.getByRole('link', { name: `${company} Gear Pump`, exact: true }).click(),
  ]);
  await opened.close();

  // The ad starting tomorrow is not shown yet.
  await visitor.goto(`/productlist?keyword=later${stamp}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `Results for “later${stamp}”` })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Sponsored products' })).toHaveCount(0);

  // The seller sees the impressions and the click.
  await expect(async () => {
    await seller.reload();
    const counted = await adRow(seller, term);
    expect(Number(await counted.getByTestId('ad-impressions').textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await counted.getByTestId('ad-clicks').textContent())).toBe(1);
  }).toPass(DELIVERY_WAIT);
  await expect((await adRow(seller, `later${stamp}`)).getByText('Scheduled')).toBeVisible();
});

test('the demo seller has a running ad for pumps and a home banner with drawn slides', async ({ request }) => {
  const sponsored = await request.get('/api/v1/front/ads/sponsored?keyword=submersible%20pump');
  const slots = (await sponsored.json()).data as {
    products: { shop_name: string; company_details: { id: number } }[];
  }[];
  const demo = slots
    .flatMap((slot) => slot.products)
    .find((product) => product.shop_name === 'Shree Ganesh Engineering Works');
  expect(demo, 'a sponsored Shree Ganesh pump').toBeDefined();
  const banner = (await (await request.get(`/api/v1/front/banners/${demo!.company_details.id}?page=home`)).json()).data
    .banner as { images: { large: string }[]; swap_banner: boolean };
  expect(banner.images).toHaveLength(3);
  await expect(async () => {
    expect((await request.get(banner.images[0].large)).status()).toBe(200);
  }).toPass({ timeout: 120_000 });
});
