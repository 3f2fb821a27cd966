import { expect, test, type Page } from './test.ts';
import { REVIEW_MESSAGES } from '@tradeloop/contracts/reviews-constants';
import {
  expectAccessible,
  openAccountMenu,
  publishProduct,
  signUp,
  storedToken,
  uniqueEmail,
  expectShown,
} from './support.ts';

/** A quote request through the call the quote form makes (this story is about what follows it). */
async function requestQuote(buyer: Page, product: { id: number; name: string; sellerUserId: number }) {
  const me = await buyer.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: number });
  const answer = await buyer.request.post('/api/v1/front/getQuery/submit', {
    headers: await auth(buyer),
    multipart: {
      unique_session_id: `reviews-${Date.now()}`,
      seller_user_id: String(product.sellerUserId),
      enquiry_user_id: String(me.id),
      product_id: String(product.id),
      price: '120',
      final_price: '1200',
      quantity: '10',
      price_term: 'FOB',
      product_datetime: '2027-03-01',
      product_name: product.name,
      product_image: '',
      pre_title_name: '',
      greeting_message: 'Please quote for ten valves.',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data.enquiry_ids[0] as number;
}

const auth = async (page: Page) => ({ authorization: `Bearer ${await storedToken(page)}` });

test('a buyer reviews a seller after an enquiry, the seller replies, and the rating shows on and filters the product list', async ({
  browser,
}) => {
  const company = `Review Valves ${Date.now().toString(36)}`;
  const sellerPage = await (await browser.newContext()).newPage();
  await signUp(sellerPage, {
    kind: 'seller',
    fullName: 'Ravi Reply',
    email: uniqueEmail('reviews-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const productName = `${company} Ball Valve`;
  const productPath = await publishProduct(sellerPage, productName);
  const productId = Number(productPath.split('/').pop());
  const found = await sellerPage.request.post('/api/v1/front/product/list', { data: { keyword: company } });
  const listed = (await found.json()).data.data.find((entry: { id: number }) => entry.id === productId);
  expect(listed.seller_rating).toBeNull();

  // A buyer who asked for a price reviews the seller from the enquiry.
  const buyerPage = await (await browser.newContext()).newPage();
  await signUp(buyerPage, { kind: 'buyer', fullName: 'Bina Buyer', email: uniqueEmail('reviews-buyer') });
  const enquiryId = await requestQuote(buyerPage, {
    id: productId,
    name: productName,
    sellerUserId: listed.seller_user_id,
  });
  await buyerPage.goto(`/enquiries?type=sent&id=${enquiryId}`);
  const thread = buyerPage.getByTestId('enquiry-thread');
  await thread.getByRole('button', { name: 'Review this seller' }).click();
  const form = buyerPage.getByRole('form', { name: 'Write a review' });
  await expect(form.getByRole('combobox', { name: 'Your enquiry' })).toHaveValue(`enquiry:${enquiryId}`);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expectShown(form, REVIEW_MESSAGES.ratingRange);
  await expectShown(form, REVIEW_MESSAGES.textRequired);
  await expectAccessible(buyerPage, 'the review form with its errors');
  // Stars by keyboard: the rating is a group of radios.
  await form.getByRole('radio', { name: '4 stars' }).focus();
  await buyerPage.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByRole('radio', { name: '5 stars' }).focus();
  await buyerPage.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await form
    .getByRole('textbox', { name: 'Your review' })
    .fill('Clear offer within a day. <img src=x onerror="window.__pwned=1">Valves well packed.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expectShown(buyerPage, REVIEW_MESSAGES.created);
  await expect(thread.getByRole('button', { name: 'Review this seller' })).toHaveCount(0);

  // The seller's reviews: the average, the distribution, the review as text.
  await thread.getByRole('link', { name: 'Reviews of this seller' }).click();
  const reviews = buyerPage.getByTestId('seller-reviews');
  await expect(reviews.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(reviews.getByTestId('rating-summary')).toContainText('5.0');
  await expect(reviews.getByTestId('rating-summary')).toContainText('1 review');
  const review = reviews.getByTestId('review').first();
  await expect(review).toContainText('Bina Buyer');
  await expect(review).toContainText('Clear offer within a day. Valves well packed.');
  await expect(review.locator('img')).toHaveCount(0);
  expect(await buyerPage.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(reviews.getByRole('button', { name: /Report the review/ })).toHaveCount(0);
  await expectAccessible(buyerPage, 'a seller’s reviews');

  // The seller is told, opens its reviews from the menu and replies once.
  await sellerPage.goto('/notifications');
  await expect(sellerPage.getByText(`Bina Buyer rated ${company} 5 of 5.`)).toBeVisible();
  await openAccountMenu(sellerPage);
  await sellerPage.getByRole('menuitem', { name: 'Reviews' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Reply to the review by Bina Buyer' }).click();
  const reply = sellerPage.getByRole('form', { name: 'Reply to Bina Buyer' });
  await reply.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, Bina. We look forward to the order.');
  await expectAccessible(sellerPage, 'the seller’s reviews with the reply form');
  await reply.getByRole('button', { name: 'Publish reply' }).click();
  await expectShown(sellerPage, REVIEW_MESSAGES.replied);
  await expect(sellerPage.getByTestId('review-reply')).toContainText('Thank you, Bina.');
  await expect(sellerPage.getByRole('button', { name: 'Reply to the review by Bina Buyer' })).toHaveCount(0);

  await buyerPage.reload();
  await expect(buyerPage.getByTestId('review-reply')).toContainText('We look forward to the order.');

  // The product list: the seller's rating on its card, and "4 stars & up" keeps only rated sellers.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/productlist?q=valve');
  const card = shopper.getByTestId('product-card').filter({ hasText: productName });
  await expect(card.getByTestId('seller-rating')).toContainText('5.0');
  await expect(card.getByTestId('seller-rating')).toContainText('(1 review)');
  const before = await shopper.getByTestId('result-count').textContent();
  await shopper.getByTestId('facet-seller_rating').getByRole('radio', { name: '4 stars & up' }).check();
  await expect(shopper).toHaveURL(/[?&]rating=4/);
  await expect(shopper.getByTestId('result-count')).not.toHaveText(before!);
  await expect(card).toBeVisible();
  const cards = shopper.getByTestId('product-card');
  const count = await cards.count();
  for (let index = 0; index < count; index += 1) {
    const rating = await cards.nth(index).getByTestId('seller-rating').textContent();
    expect(Number(/(\d\.\d)/.exec(rating ?? '')?.[1])).toBeGreaterThanOrEqual(4);
  }
  await expectAccessible(shopper, 'the product list filtered by seller rating');

  // The filter is in the URL and rendered on the server.
  const html = await (await shopper.request.get('/productlist?q=valve&rating=4')).text();
  expect(html).toContain(productName);
  expect(html).toContain('data-testid="seller-rating"');
});
