import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import { BLOG_MESSAGES } from '@tradeloop/contracts/blogs-constants';
import { COMPANY_PROFILE_MESSAGES } from '@tradeloop/contracts/company-profile-constants';
import { PRESENCE_MESSAGES } from '@tradeloop/contracts/presence-constants';
import { PROMOTION_MESSAGES } from '@tradeloop/contracts/promotion-constants';
import { REVIEW_MESSAGES } from '@tradeloop/contracts/reviews-constants';
import {
  expectAccessible,
  openAccountMenu,
  publishProduct,
  signUp,
  storedToken,
  uniqueEmail,
  verifyMobileThroughApi,
  expectShown,
  DELIVERY_WAIT,
} from './support.ts';

/**
 * Issue 18, acceptance 1: a seller's whole presence, from its side and from a buyer's. The seller
 * fills the company profile, uploads a banner (indicators off, navigation on), writes a blog post and
 * advertises two products from today for a week; a buyer finds a product, opens the store, sees the
 * banner as configured, follows the company, reads the post and reviews the seller after an enquiry;
 * the ad shows on a matching product list and not before its start date; the seller sees the follower,
 * the review (and replies) and the ad's impressions.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const slide = (hue: number) =>
  sharp({ create: { width: 1200, height: 300, channels: 3, background: { r: hue, g: 120, b: 90 } } })
    .png()
    .toBuffer();

async function fromMenu(page: Page, item: string) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
}

test('a seller sets up its presence; a buyer finds, follows, reads and reviews it; the seller sees it all', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Orbit Pumps ${stamp}`;
  const term = `orbit${stamp}`;
  const title = `How we test every pump ${stamp}`;
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: 'Oskar Orbit',
    email: uniqueEmail('story-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  await verifyMobileThroughApi(seller, '94');
  const pumpName = `${company} Centrifugal Pump`;
  const pumpPath = await publishProduct(seller, pumpName);
  await publishProduct(seller, `${company} Booster Pump`);

  // The company profile.
  await seller.goto('/company-page');
  const profile = seller.getByRole('form', { name: 'Company profile' });
  await profile.getByRole('textbox', { name: 'About the company' }).fill('Pumps for farms and towns since 1999.');
  await profile.getByRole('textbox', { name: 'Year established' }).fill('1999');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expectShown(seller, COMPANY_PROFILE_MESSAGES.saved);

  // A home banner with indicators off and navigation on.
  await fromMenu(seller, 'Banners');
  await seller.getByRole('button', { name: 'New banner' }).click();
  await seller.getByRole('textbox', { name: 'Alt text' }).fill(`${company}: pumps in the test bay`);
  await seller.getByRole('switch', { name: /Indicators/ }).uncheck();
  await expect(seller.getByRole('switch', { name: /Previous and next buttons/ })).toBeChecked();
  await seller.locator('input[type=file]').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await slide(30) },
    { name: 'two.png', mimeType: 'image/png', buffer: await slide(210) },
  ]);
  await seller.getByRole('button', { name: 'Save banner' }).click();
  await expectShown(seller, PROMOTION_MESSAGES.bannerSaved);

  // A blog post, published.
  await fromMenu(seller, 'Company blog');
  await seller.getByRole('button', { name: 'New post' }).click();
  await seller.getByRole('textbox', { name: 'Title' }).fill(title);
  await seller.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Manufacturing' });
  await seller.getByTestId('blog-editor').click();
  await seller.keyboard.type('Every pump runs for an hour on our test bay before it ships.');
  await seller.getByRole('button', { name: 'Save draft' }).click();
  await expectShown(seller, BLOG_MESSAGES.created);
  await seller.getByRole('button', { name: 'Publish' }).click();
  await expectShown(seller, BLOG_MESSAGES.published);

  // An ad for both products from today for a week, and one that starts tomorrow.
  await fromMenu(seller, 'Ads');
  await seller.getByRole('button', { name: 'New ad' }).click();
  await seller.getByRole('textbox', { name: 'Search term 1' }).fill(term);
  await seller.getByRole('textbox', { name: 'Products' }).click();
  await seller.getByRole('option', { name: pumpName }).click();
  await seller.getByRole('option', { name: `${company} Booster Pump` }).click();
  await seller.keyboard.press('Escape');
  await expect(seller.getByRole('textbox', { name: 'Start date (UTC)' })).toHaveValue(day(0));
  await expect(seller.getByRole('textbox', { name: 'End date (UTC)' })).toHaveValue(day(7));
  await seller.getByRole('button', { name: 'Create ad' }).click();
  await expectShown(seller, PROMOTION_MESSAGES.adCreated);
  const later = await seller.request.post('/api/v1/ads/create', {
    headers: { authorization: `Bearer ${await storedToken(seller)}` },
    data: {
      ad_type: 'both',
      title_1: `later${stamp}`,
      product_ids: [Number(pumpPath.split('/').pop())],
      start_date: day(1),
      end_date: day(8),
    },
  });
  expect(later.status()).toBe(201);

  // A buyer searches: the sponsored slot shows both products; the ad of tomorrow does not show yet.
  const buyer = await (await browser.newContext()).newPage();
  await signUp(buyer, { kind: 'buyer', fullName: 'Bea Buyer', email: uniqueEmail('story-buyer') });
  await verifyMobileThroughApi(buyer, '95');
  await buyer.goto(`/productlist?keyword=later${stamp}`);
  await expect(buyer.getByRole('heading', { level: 1, name: `Results for “later${stamp}”` })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Sponsored products' })).toHaveCount(0);
  await buyer.goto(`/productlist?keyword=${term}`);
  const sponsored = buyer.getByRole('region', { name: 'Sponsored products' });
  await expect(sponsored.getByRole('heading', { name: 'Sponsored' })).toBeVisible();
  await expect(sponsored.getByTestId('sponsored-card')).toHaveCount(2);

  // The buyer opens a product, then its store: the banner has its arrows and no indicators.
  await buyer.goto(`/productlist?keyword=${encodeURIComponent(pumpName)}`);
  const card = buyer.getByTestId('product-card').filter({ hasText: pumpName }).first();
  const href = await card.getByRole('link', { name: pumpName }).first().getAttribute('href');
  await buyer.goto(href!);
  await expect(buyer.getByRole('heading', { level: 1, name: pumpName, exact: true })).toBeVisible();
  await buyer.getByTestId('seller-card').locator('[data-track="visit-store-link"]').click();
  await expect(buyer).toHaveURL(/\/mini-site\/[^/]+$/);
  const store = new URL(buyer.url()).pathname;
  await expect(buyer.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const banner = buyer.getByTestId('banner-carousel');
  await expect(banner.getByRole('img', { name: `${company}: pumps in the test bay` }).first()).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Next image' })).toBeAttached();
  await expect(banner.getByRole('button', { name: /Show image/ })).toHaveCount(0);
  await expect(buyer.getByTestId('mini-site-about')).toHaveText('Pumps for farms and towns since 1999.');
  await expectAccessible(buyer, 'the store’s home with its banner and reviews');

  // The buyer follows the company and reads its post.
  await buyer.getByRole('button', { name: `Follow ${company}` }).click();
  await expectShown(buyer, PRESENCE_MESSAGES.followed);
  const nav = buyer.getByRole('navigation', { name: 'Store' });
  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${store}/blog$`));
  await buyer.getByRole('link', { name: title }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('Every pump runs for an hour on our test bay before it ships.')).toBeVisible();
  await expectAccessible(buyer, 'the post');

  // An enquiry from the store, then a review of the seller.
  await buyer.goto(`${store}/contact-us`);
  const enquiry = buyer.getByRole('form', { name: `Enquiry to ${company}` });
  await enquiry.getByRole('textbox', { name: 'Message' }).fill('Please quote 40 pumps delivered to Mombasa.');
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(buyer.getByText('Enquiry sent')).toBeVisible();
  await buyer.goto(store);
  await buyer.getByRole('button', { name: 'Write a review' }).click();
  const review = buyer.getByRole('form', { name: 'Write a review' });
  await review.getByRole('radio', { name: '5 stars' }).focus();
  await buyer.keyboard.press('Space');
  await expect(review.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await review.getByRole('textbox', { name: 'Your review' }).fill('Quick, complete quote and a helpful test report.');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await expectShown(buyer, REVIEW_MESSAGES.created);
  await expect(buyer.getByTestId('review').first()).toContainText('Quick, complete quote');

  // The seller sees the follower, the review (and replies) and the ad's impressions.
  await seller.goto('/company-page');
  await expect(seller.getByRole('row', { name: /Bea Buyer/ })).toBeVisible();
  await fromMenu(seller, 'Reviews');
  await seller.getByRole('button', { name: 'Reply to the review by Bea Buyer' }).click();
  const reply = seller.getByRole('form', { name: 'Reply to Bea Buyer' });
  await reply.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, Bea. Your pumps ship on Monday.');
  await reply.getByRole('button', { name: 'Publish reply' }).click();
  await expectShown(seller, REVIEW_MESSAGES.replied);
  await fromMenu(seller, 'Ads');
  await expect(async () => {
    await seller.reload();
    const row = seller.getByRole('row').filter({ hasText: term });
    expect(Number(await row.getByTestId('ad-impressions').textContent())).toBeGreaterThanOrEqual(1);
  }).toPass(DELIVERY_WAIT);

  await buyer.reload();
  await expect(buyer.getByTestId('review-reply')).toContainText('Your pumps ship on Monday.');
});
