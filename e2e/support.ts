import AxeBuilder from '@axe-core/playwright';
import { expect, takeAlert, type BrowserContext, type Locator, type Page } from './test.ts';
import { TRACKING } from '@tradeloop/contracts/tracking';
import { SIGNIN_LIMITS } from '@tradeloop/contracts/auth-constants';
import { ONBOARDING_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';

/** A message's source with its quoted-printable encoding undone (soft breaks, =3D). */
export const decodedMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path of the last link to `path` (…?token=) mailed to the address with that subject, once it arrives. */
export async function linkMailedTo(address: string, subject: string, path: string) {
  const pattern = new RegExp(`https?://[^/\\s]+(${path}\\?token=[\\w%-]+)`);
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await smtpInbox()).filter((item) => item.to.includes(address) && item.subject === subject).at(-1);
      link = pattern.exec(decodedMail(mail?.raw ?? ''))?.[1] ?? '';
      return link;
    })
    .toMatch(/token=/);
  return link;
}

/** Writes in the open conversation and waits for the message to show. */
export async function sendChatMessage(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByTestId('message-text').filter({ hasText: text })).toBeVisible();
}

/** The row of the open conversation's message with that text. */
export function chatMessage(page: Page, text: string) {
  return page.getByTestId('message').filter({ has: page.getByTestId('message-text').filter({ hasText: text }) });
}

/** What the test SMTP server (e2e/smtp-sink.ts, started by playwright.config.ts) has received. */
export async function smtpInbox(): Promise<{ to: string[]; subject: string; raw: string }[]> {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_PORT_BASE ?? 3196}/messages`);
  return response.json();
}

/** What the test SMS gateway (e2e/sms-gateway.ts, started by playwright.config.ts) has received. */
export async function smsInbox(): Promise<{ to: string; text: string }[]> {
  const response = await fetch(`http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 3196) + 4}/messages`);
  return response.json();
}

/** A valid Indian mobile number no earlier run used; each spec passes a prefix of its own (two digits). */
export function newMobileNumber(prefix: string) {
  return `${prefix}${String(Date.now()).slice(-8)}`;
}

/** The code of the last SMS texted to the number, as the test gateway received it. */
export async function codeTextedTo(number: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await smsInbox()).filter((sms) => sms.to === number);
      code = /\b(\d{4})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code!;
}

/** A password that satisfies the sign-up rules. */
export const PASSWORD = 'Correct-Horse-42';

let counter = 0;

/** An e-mail address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e.${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/user/signin');
  await submitSignIn(page, email, password);
}

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in and waits for the dashboard. The demo seller has no verified mobile number either, so, as for
 * signUp, the mobile prompt is answered "Not now" first unless `mobilePrompt`: it opened over a chat story
 * that had kept one page for more than 90 s on a loaded machine.
 */
export async function signIn(page: Page, email: string, password: string, { mobilePrompt = false } = {}) {
  await page.goto('/user/signin');
  if (!mobilePrompt) await answerMobilePromptNotNow(page);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

type NewAccount =
  | { kind: 'buyer'; fullName: string; email: string }
  | { kind: 'seller'; fullName: string; email: string; companyName: string; companyType: string };

/** The mobile prompt's "Not now" (apps/web/src/lib/storage.ts, COOKIE_NAMES.mobileDismissed). */
export const MOBILE_DISMISSED_COOKIE = 'isMobileVerificationDismissed';

/** Sets the dismissal cookie "Not now" sets, on the page's site. */
async function answerMobilePromptNotNow(page: Page) {
  const domain = new URL(page.url()).hostname; // with `url` alone, the cookie's path would be /user/
  await page.context().addCookies([{ name: MOBILE_DISMISSED_COOKIE, value: 'true', domain, path: '/' }]);
}

/**
 * Signs up through the form, which opens onboarding (decision 039); unless `stayInOnboarding`, the
 * person leaves it with "Finish later" and waits for the dashboard. Every sign-up comes from the test
 * machine's one address: the test server allows a suite's worth of them (SIGNUP_LIMIT_PER_ADDRESS in
 * playwright.config.ts).
 *
 * The new person has no verified mobile number, so the mobile prompt would open 90 s after a page
 * loads, over whatever a slow story is doing. Unless `mobilePrompt` (the stories about it), they have
 * already answered it "Not now": its dismissal cookie is set, as that button sets it.
 */
export async function signUp(page: Page, account: NewAccount, { stayInOnboarding = false, mobilePrompt = false } = {}) {
  await page.goto('/user/signup');
  if (!mobilePrompt) await answerMobilePromptNotNow(page);
  if (account.kind === 'seller') await page.getByRole('radio', { name: 'I want to sell' }).click();
  await page.getByLabel('Full name').fill(account.fullName);
  await page.getByLabel('Work e-mail').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  if (account.kind === 'seller') {
    await page.getByLabel('Company name').fill(account.companyName);
    await chooseOption(page, 'Company type', account.companyType);
  }
  await page.getByRole('button', { name: /^Create (seller|buyer) account$/ }).click();
  await expect(page).toHaveURL(/\/OnBoardingStepForm$/);
  if (stayInOnboarding) return;
  await page.getByRole('link', { name: ONBOARDING_TEXTS.later }).click();
  // The dashboard's code and data load before the address changes: slow on a busy machine (once in CI).
  await expect(page).toHaveURL(/\/dashboard$/);
  if (!mobilePrompt) await expect(page.getByTestId('mobile-prompt')).toHaveAttribute('data-state', 'off');
}

/**
 * Picks an option of a Mantine Select by the select's label. A searchable select gets `search`
 * typed first (true: the option's own text).
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string | RegExp,
  search: string | boolean = false,
) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  if (search) await input.fill(search === true ? String(option) : search);
  else await input.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
}

/**
 * Spec section 8, HTTP 401: no local data, no session data, no cookies. The signed-out page that
 * follows then keeps an anonymous visitor's own state afresh (spec sections 4 and 9: the open-tab
 * counter, the tracking session, the last activity and the session id it renews); nothing of the
 * account survives. The device cookie is not a session: it stays, so this browser keeps passing a
 * blocked address (decision 026).
 */
const ANONYMOUS_KEYS = new Set<string>([TRACKING.storage.openTabs, TRACKING.storage.sessionId, 'lastActivity']);
const ANONYMOUS_COOKIES = new Set<string>([SIGNIN_LIMITS.deviceCookie, 'sessionId']);
/**
 * React Router's scroll restoration saves this tab's scroll positions, keyed by random location keys, whenever a
 * page is left. When a background request of the signed-in page meets the 401 before a reload, the reload then
 * leaves the signed-out page and saves its positions: the signed-out page's own state, no account data.
 */
const ANONYMOUS_SESSION_KEYS = new Set<string>(['react-router-scroll-positions']);

export async function expectClientStateCleared(page: Page, context: BrowserContext) {
  const accountState = async () => {
    const state = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    return {
      local: state.local.filter((key) => !ANONYMOUS_KEYS.has(key)),
      session: state.session.filter((key) => !ANONYMOUS_SESSION_KEYS.has(key)),
    };
  };
  await expect.poll(accountState).toEqual({ local: [], session: [] });
  const cookies = await context.cookies();
  expect(cookies.filter((cookie) => !ANONYMOUS_COOKIES.has(cookie.name))).toEqual([]);
}

export function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('Token'));
}

/** The WCAG success criteria axe checks: levels A and AA of WCAG 2.0, 2.1 and 2.2. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The message was shown in the scope: in an alert, however briefly (e2e/test.ts records every alert;
 * a toast closes after a second), or as text there now.
 */
export async function expectShown(scope: Page | Locator, message: string) {
  const page = 'mainFrame' in scope ? scope : scope.page();
  await expect
    .poll(async () => takeAlert(page, message) || scope.getByText(message).first().isVisible(), {
      message: `“${message}” shown`,
    })
    .toBe(true);
}

/**
 * Runs axe-core on the page as it is now and fails the test (softly: the story goes on, so one run
 * lists every screen's violations) on any critical or serious violation, one readable line each:
 * impact, rule, what it asks, and the elements with what is wrong with them.
 * `within` (a CSS selector) checks only an overlay opened over a page already checked: on a list of
 * thousands of elements each whole-page run takes seconds, and many more on a loaded machine.
 */
export async function expectAccessible(page: Page, label: string, { within }: { within?: string } = {}) {
  // A region still answering an earlier request is faded, with a contrast it never has at rest.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Transitions end first: a half-faded element has a contrast it never has at rest. Only running, finite
  // ones: a paused animation never finishes (one hung a story for ten minutes), hence the bound too.
  await page.evaluate(
    (boundMs) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, boundMs)),
      ]),
    5_000,
  );
  // Only violations are read: axe then keeps one passing node per rule instead of describing every node.
  // Legacy mode runs axe in the page itself: the default finishes every check in a new blank page, for
  // cross-origin frames the app does not have, and took a third of each check's time.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (within) axe.include(within);
  const { violations } = await axe
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  // WCAG 2.5.8 exempts a target whose function another full-size control on the page offers: such
  // targets are marked data-target-size-equivalent (the price slider's thumbs beside From and To fields).
  for (const violation of violations.filter((found) => found.id === 'target-size')) {
    const exempt = await Promise.all(
      violation.nodes.map((node) =>
        page
          .locator(node.target.join(' '))
          .first()
          .evaluate((element) => element.closest('[data-target-size-equivalent]') !== null)
          .catch(() => false),
      ),
    );
    violation.nodes = violation.nodes.filter((_node, index) => !exempt[index]);
  }
  const blocking = violations
    .filter((violation) => violation.nodes.length > 0)
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => {
      // One line for each distinct failure, with its first element and how many more share it.
      const failures = new Map<string, { target: string; count: number }>();
      for (const node of violation.nodes) {
        const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        const seen = failures.get(why);
        if (seen) seen.count += 1;
        else failures.set(why, { target: node.target.join(' '), count: 1 });
      }
      return `${violation.impact} ${violation.id} (${violation.help}): ${[...failures]
        .map(([why, { target, count }]) => `${why} at ${target}${count > 1 ? ` and ${count - 1} more` : ''}`)
        .join('; ')}`;
    });
  expect.soft(blocking, `accessibility of ${label} (${page.url()})`).toEqual([]);
}

/**
 * For a wait on work delivered in the background (the outbox, counters, a rule's run): a safety net, not a
 * measurement. On CI's loaded machine a quote took minutes to become a scored, assigned lead.
 */
export const DELIVERY_WAIT = { timeout: 300_000 };

/** Opens the seller's lead whose row holds `surname` (the only match) by its name, from the leads list. */
export async function openLead(seller: Page, surname: string, leadName: string) {
  await seller.goto('/crm/leads');
  await seller.getByRole('textbox', { name: 'Search leads' }).fill(surname);
  await expect(seller.getByRole('row')).toHaveCount(2);
  // The row's record link shows the first name; the page's heading, the whole name.
  const link = seller
    .getByRole('row', { name: new RegExp(surname) })
    .getByRole('link')
    .first();
  const heading = seller.getByRole('heading', { level: 1, name: leadName });
  // A list refreshed by a live update can swallow a click made while its rows render again: click again.
  await expect(async () => {
    if (!(await heading.isVisible())) await link.click({ timeout: 2_000 });
    await expect(heading).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
}

/**
 * Follows a link that opens in a new tab and answers that tab, loaded. A click lost to a list that
 * redraws under it (a loaded machine) opens nothing: it is made again.
 */
export async function openInNewTab(context: BrowserContext, link: Locator): Promise<Page> {
  let opened: Page | undefined;
  await expect(async () => {
    [opened] = await Promise.all([context.waitForEvent('page', { timeout: 20_000 }), link.click({ timeout: 20_000 })]);
  }).toPass({ timeout: 120_000 });
  await opened!.waitForLoadState();
  return opened!;
}

/**
 * A public, in-stock product of the signed-in seller, made through the API the product form calls
 * (for stories about what follows a listing, not about the form itself), in the first leaf category
 * unless `categoryId` names one. Answers its page's path.
 */
export async function publishProduct(page: Page, name: string, categoryId?: number): Promise<string> {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const get = async (url: string) => (await (await page.request.get(`/api/v1/${url}`)).json()).data;
  const categories = (await get('category/all')) as { id: number; depth: number }[];
  const terms = (await get('front/price_terms/list?type=price_term')) as { id: number; name: string }[];
  const created = await page.request.post('/api/v1/product/create', {
    headers,
    data: {
      name,
      description: `${name}: cast body, tested at the works before dispatch.`,
      availability: 'in_stock',
      price_type: 'quantity',
      category_lists: [categoryId ?? categories.find((category) => category.depth === 2)!.id],
      brand_id: (await get('brands/list?per_page=1')).data[0].id,
      price_term: terms.find((term) => term.name === 'FOB')!.id,
      choice_options: [{ name: 'Size', values: ['DN25', 'DN50'] }],
      sea_: 'Nhava Sheva (INNSA)',
      port_: 'Mumbai (BOM)',
      validity: '6 months',
      manufacturer_year: 2025,
      dispatch_in: 7,
      dispatch_day: 'Days',
      existence_place: 'Pune, India',
      condition: 'Brand New',
      country_origin_id: ((await get('countries')) as { id: number; iso2: string }[]).find((c) => c.iso2 === 'IN')!.id,
      order_quantity: [{ min: 1, max: 999, per_unit: 120 }],
      qty_unit: (await get('unit'))[0].id,
      qty_currency: (await get('currency'))[0].id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: number };
  return `/productdetail/${id}`;
}

/** The buyer asks for a price of `quantity` on the product page at `productPath`, through its quote modal. */
export async function requestQuote(buyer: Page, productPath: string, quantity: string) {
  await buyer.goto(productPath);
  await buyer.getByRole('button', { name: 'Get latest price' }).click();
  const modal = buyer.getByRole('dialog', { name: 'Request a quote' });
  await modal.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await modal.getByRole('button', { name: 'Send quote request' }).click();
  await expect(modal.getByRole('heading', { name: QUOTE_MESSAGES.submitted })).toBeVisible();
}

/** Verifies a new mobile number for the signed-in user through the calls the mobile modal makes. */
export async function verifyMobileThroughApi(page: Page, prefix: string) {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const number = {
    mobile_number: newMobileNumber(prefix),
    mobile_country_code: '+91',
    country_code: 'IN',
    type: 'new',
  };
  const sent = await page.request.post('/api/v1/profile/verify/mobile', { headers, data: number });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = await codeTextedTo(`+91${number.mobile_number}`);
  const checked = await page.request.post('/api/v1/profile/verify/mobile_check', { headers, data: { ...number, otp } });
  expect(checked.status(), await checked.text()).toBe(200);
}
