import { expect, test, type Page } from './test.ts';
import { MOBILE_MESSAGES } from '@tradeloop/contracts/accounts-mobile';
import {
  LOGOUT_TEXTS,
  ONBOARDING_MESSAGES,
  ONBOARDING_TEXTS,
  WELCOME_TEXTS,
} from '@tradeloop/contracts/accounts-onboarding';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import {
  chooseOption,
  expectAccessible,
  openAccountMenu,
  signIn,
  signUp,
  codeTextedTo,
  newMobileNumber,
  storedToken,
  uniqueEmail,
  expectShown,
} from './support.ts';

const stepHeading = (page: Page, label: string) => page.getByRole('heading', { name: label, level: 2 });
const completion = async (page: Page) =>
  Number((await page.getByTestId('onboarding-completion').innerText()).replace('%', ''));
const welcome = (page: Page) => page.getByRole('dialog', { name: WELCOME_TEXTS.title });

test.describe('Onboarding', () => {
  test('a seller signs up, sets up the company, verifies the mobile number and is welcomed once', async ({ page }) => {
    await signUp(
      page,
      {
        kind: 'seller',
        fullName: 'Anita Rao',
        email: uniqueEmail('onboarding-seller'),
        companyName: 'Rao Valves',
        companyType: 'Manufacturers',
      },
      { stayInOnboarding: true },
    );
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.company.label)).toBeVisible();
    await expectAccessible(page, 'the company step of onboarding');
    // From the narrowest breakpoint to the widest: nothing wider than the window, nothing unreadable.
    for (const width of [600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(stepHeading(page, ONBOARDING_TEXTS.steps.company.label)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, `the company step at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const start = await completion(page);

    // The company: its type, country and registered address; saved as the step is left.
    await chooseOption(page, 'Company type', 'Distributors');
    await chooseOption(page, 'Country', 'India', 'India');
    await page.getByLabel('Registered street address').fill('14 Dock Road');
    await page.getByLabel('Registered city').fill('Mumbai');
    await page.getByLabel('Region, state or province').fill('Maharashtra');
    await page.getByLabel('Registered postal code').fill('400001');
    await page.getByRole('button', { name: ONBOARDING_TEXTS.saveAndContinue }).click();
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.job.label)).toBeVisible();
    await expect.poll(() => completion(page)).toBeGreaterThan(start);

    // Job details are skipped (by keyboard); leaving and coming back resumes at the next step (kept on
    // the server).
    await page.getByRole('button', { name: ONBOARDING_TEXTS.skip }).focus();
    await page.keyboard.press('Enter');
    await expectShown(page, ONBOARDING_MESSAGES.stepSkipped);
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.mobile.label)).toBeVisible();
    await page.getByRole('link', { name: ONBOARDING_TEXTS.later }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: ONBOARDING_TEXTS.resume }).click();
    await expect(page).toHaveURL(/\/OnBoardingStepForm$/);
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.mobile.label)).toBeVisible();
    await expectAccessible(page, 'the mobile step of onboarding');
    const beforeMobile = await completion(page);

    // Mobile verification through the existing modal, with the code read from the SMS outbox.
    await page.getByRole('button', { name: ONBOARDING_TEXTS.verifyMobile }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your mobile number' });
    await expect(dialog).toBeVisible();
    await chooseOption(page, 'Country', 'India (+91)', 'India');
    const number = newMobileNumber('98');
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(number);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const codeStep = page.getByRole('dialog', { name: 'Verify Your Mobile Number' });
    await expect(codeStep).toBeVisible();
    await codeStep.getByRole('textbox', { name: 'Verification code' }).fill(await codeTextedTo(`+91${number}`));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await expectShown(page, MOBILE_MESSAGES.saved);
    await expect(codeStep).toBeHidden();
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.product.label)).toBeVisible();
    await expect.poll(() => completion(page)).toBeGreaterThan(beforeMobile);

    // A first product: the product editor opens, onboarding is finished and the welcome shows once.
    await expectAccessible(page, 'the first-product step of onboarding');
    await page.getByRole('link', { name: ONBOARDING_TEXTS.addProduct }).click();
    await expect(page).toHaveURL(/\/products\/create$/);
    await expect(welcome(page)).toBeVisible();
    await expect(welcome(page).getByText(WELCOME_TEXTS.seller)).toBeVisible();
    await expectAccessible(page, 'the welcome modal');
    await welcome(page).getByRole('button', { name: WELCOME_TEXTS.start }).click();
    await expect(welcome(page)).toBeHidden();

    const progress = page.waitForResponse((response) => response.url().endsWith('/api/v1/onboarding'));
    await page.goto('/dashboard');
    await progress;
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Anita');
    await expect(welcome(page)).toHaveCount(0);
    // Finished, onboarding is not offered again.
    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: ONBOARDING_TEXTS.resume })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/OnBoardingStepForm');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a buyer chooses interests and runs a first search', async ({ page }) => {
    await signUp(
      page,
      { kind: 'buyer', fullName: 'Jonas Berg', email: uniqueEmail('onboarding-buyer') },
      { stayInOnboarding: true },
    );
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.interests.label)).toBeVisible();
    const start = await completion(page);

    await page.getByRole('textbox', { name: 'Categories you buy' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Countries you buy from' }).fill('Germany');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the interests step of onboarding');
    await page.getByRole('button', { name: ONBOARDING_TEXTS.saveAndContinue }).click();
    await expectShown(page, ONBOARDING_MESSAGES.interestsSaved);
    await expect(stepHeading(page, ONBOARDING_TEXTS.steps.search.label)).toBeVisible();
    await expect.poll(() => completion(page)).toBeGreaterThan(start);

    // The first search, by keyboard: the product list opens with the query.
    await page.getByLabel(ONBOARDING_TEXTS.searchLabel).fill('valve');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/productlist\?q=valve$/);
    await expect(welcome(page)).toBeVisible();
    await expect(welcome(page).getByText(WELCOME_TEXTS.buyer)).toBeVisible();
    // Seen once is enough: reloading without closing it does not bring it back.
    const onboardingRead = page.waitForResponse((response) => response.url().endsWith('/api/v1/onboarding'));
    await page.reload();
    await onboardingRead;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
  });
});

test.describe('Signing out asks first', () => {
  test('Cancel keeps the session; confirming signs out', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const confirm = page.getByRole('dialog', { name: LOGOUT_TEXTS.title });
    await expect(confirm).toBeVisible();
    await expectShown(confirm, LOGOUT_TEXTS.body);
    await expectAccessible(page, 'the logout confirmation');

    await confirm.getByRole('button', { name: LOGOUT_TEXTS.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await storedToken(page)).toBeTruthy();

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page
      .getByRole('dialog', { name: LOGOUT_TEXTS.title })
      .getByRole('button', { name: LOGOUT_TEXTS.confirm })
      .click();
    await expect(page).toHaveURL(/\/user\/signin$/);
    expect(await storedToken(page)).toBeNull();
  });
});
