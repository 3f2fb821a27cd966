import { expect, test, type Locator, type Page } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { signIn } from './support.ts';

/** The spec's breakpoints the main screens are checked at; their screenshots are kept with the run. */
const WIDTHS = [1440, 1024, 600];

/** True when the element shows its whole text (nothing cut off by an ellipsis or its box). */
const showsWholeText = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1);

async function atEachWidth(page: Page, name: string, check: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check(width);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width} px`,
    ).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('the public screens hold from 1440 to 600 px, and the list names its suppliers whole', async ({ page }) => {
  await page.goto('/');
  await atEachWidth(page, 'home', async () => {
    await expect(page.getByTestId('recent-title-products').getByTestId('product-card').first()).toBeVisible();
  });

  await page.goto('/productlist?q=pump');
  await atEachWidth(page, 'product-list', async () => {
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // Beside the results on wide screens, under them on narrower ones.
    const suppliers = page.getByTestId('side-supplier').filter({ visible: true });
    await expect(suppliers.first()).toBeVisible();
    for (const supplier of await suppliers.all()) {
      expect(await showsWholeText(supplier.locator('p').first()), await supplier.innerText()).toBe(true);
    }
  });

  // A card's Chat now opens a conversation with its seller about that product.
  const card = page.getByTestId('product-card').first();
  const title = (await card.getByRole('link').first().textContent())!.trim();
  const chat = card.getByRole('link', {
    name: new RegExp(`^Chat now with .+ about ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
  expect(await chat.getAttribute('href')).toMatch(/^\/chat\?(to|company)=\d+&product_id=\d+&product_name=/);
  const product = card.getByRole('link').first();
  await page.goto((await product.getAttribute('href'))!);
  await atEachWidth(page, 'product', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test("the seller's leads table shows e-mail addresses and sources whole", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await page.goto('/crm/leads');
  await atEachWidth(page, 'leads', async () => {
    const row = page.getByRole('row', { name: /Priya Nair/ });
    await expect(row).toBeVisible();
    const email = row.getByRole('link', { name: DEMO_ACCOUNTS.buyer });
    await email.scrollIntoViewIfNeeded();
    expect(await showsWholeText(email)).toBe(true);
    const source = row.getByText('Marketplace Quote', { exact: true });
    await source.scrollIntoViewIfNeeded();
    expect(await showsWholeText(source)).toBe(true);
  });
});

test("the seller's board keeps every card inside its column, clear of the column's scrollbar", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  await page.goto('/crm/kanban?type=1');
  await atEachWidth(page, 'board', async (width) => {
    // The demo's New column holds more cards than it shows, and long e-mail addresses.
    await expect(page.getByRole('region', { name: /^New, \d+ cards/ }).getByText(DEMO_ACCOUNTS.buyer)).toBeVisible();
    const overlaps = () =>
      page.locator('.tl-kanban-column').evaluateAll((columns) =>
        columns.flatMap((column) => {
          const shown = (element: Element) => element.getBoundingClientRect().width > 0;
          const bars = Array.from(column.querySelectorAll('.mantine-ScrollArea-scrollbar')).filter(shown);
          const vertical = bars.find((bar) => bar.getAttribute('data-orientation') === 'vertical');
          const right = vertical ? vertical.getBoundingClientRect().left : column.getBoundingClientRect().right;
          const name = column.getAttribute('aria-label');
          return [
            ...bars
              .filter((bar) => bar.getAttribute('data-orientation') === 'horizontal')
              .map(() => `${name}: scrolls sideways`),
            ...Array.from(column.querySelectorAll('.tl-kanban-card'))
              .filter((card) => card.getBoundingClientRect().right > right + 0.5)
              .map(
                (card) => `${name}: ${card.textContent?.slice(0, 40)} reaches under the scrollbar or past the column`,
              ),
          ];
        }),
      );
    // Polled: the scrollbars are measured again after the resize.
    await expect.poll(overlaps, { message: `the board at ${width} px` }).toEqual([]);
  });
});
