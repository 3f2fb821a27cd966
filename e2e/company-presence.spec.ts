import { expect, test } from './test.ts';
import { PRESENCE_MESSAGES } from '@tradeloop/contracts/presence-constants';
import { expectAccessible, openAccountMenu, publishProduct, signUp, uniqueEmail, expectShown } from './support.ts';

test('a seller links its social profiles; a buyer follows it from a product page and hears of its next product', async ({
  browser,
}) => {
  const company = `Follow Valves ${Date.now().toString(36)}`;
  const sellerPage = await (await browser.newContext()).newPage();
  await signUp(sellerPage, {
    kind: 'seller',
    fullName: 'Farah Follow',
    email: uniqueEmail('presence-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });
  const productPath = await publishProduct(sellerPage, `${company} Ball Valve`);

  // The company page: a wrong link is refused with the field's message; the right ones are saved.
  await openAccountMenu(sellerPage);
  await sellerPage.getByRole('menuitem', { name: 'Company page' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Company page' })).toBeVisible();
  const facebook = sellerPage.getByRole('textbox', { name: 'Facebook profile' });
  await facebook.fill('http://facebook.com/followvalves');
  await sellerPage
    .getByRole('textbox', { name: 'LinkedIn profile' })
    .fill('https://www.linkedin.com/company/follow-valves');
  await sellerPage.getByRole('button', { name: 'Save links' }).click();
  await expectShown(sellerPage, PRESENCE_MESSAGES.socialLinkInvalid('Facebook'));
  await facebook.fill('https://facebook.com/followvalves');
  await facebook.press('Enter');
  await expectShown(sellerPage, PRESENCE_MESSAGES.socialSaved);
  await expect(sellerPage.getByText('No followers yet')).toBeVisible();
  await expectAccessible(sellerPage, 'the company page');

  // A buyer sees the links on the product page and follows the supplier.
  const buyerPage = await (await browser.newContext()).newPage();
  await signUp(buyerPage, { kind: 'buyer', fullName: 'Omar Onlooker', email: uniqueEmail('presence-buyer') });
  await buyerPage.goto(productPath);
  const card = buyerPage.getByTestId('seller-card');
  await expect(card.getByRole('link', { name: `${company} on LinkedIn` })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/company/follow-valves',
  );
  await expect(card.getByText('0 followers')).toBeVisible();
  await card.getByRole('button', { name: `Follow ${company}` }).click();
  await expectShown(buyerPage, PRESENCE_MESSAGES.followed);
  await expect(card.getByRole('button', { name: `Following ${company}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 follower', { exact: true })).toBeVisible();

  // The seller sees the follower and publishes another product; the buyer is told.
  await sellerPage.reload();
  await expect(sellerPage.getByRole('row', { name: /Omar Onlooker/ })).toBeVisible();
  await publishProduct(sellerPage, `${company} Gate Valve`);
  await buyerPage.goto('/notifications');
  await expect(buyerPage.getByText(`${company} listed ${company} Gate Valve.`)).toBeVisible();

  // The buyer's list of suppliers, and unfollowing from it.
  await openAccountMenu(buyerPage);
  await buyerPage.getByRole('menuitem', { name: 'Following' }).click();
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  await expectAccessible(buyerPage, 'the suppliers a buyer follows');
  await buyerPage.getByRole('button', { name: `Unfollow ${company}` }).click();
  await expect(buyerPage.getByText('You follow no supplier yet')).toBeVisible();

  for (const width of [600, 1920]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    const overflow = await sellerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
});
