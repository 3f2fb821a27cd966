import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import sharp from 'sharp';
import { BLOG_MESSAGES } from '@tradeloop/contracts/blogs-constants';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { expectAccessible, openAccountMenu, signUp, storedToken, uniqueEmail, expectShown } from './support.ts';

/**
 * Blogs (decision 046): a seller writes a post with the rich-text editor, a cover and a category and
 * publishes it; a visitor reads it on /blog and on its own page, both rendered on the server; a
 * follower of the seller is told.
 */

async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const token = await storedToken(page);
  const response = await page.request.fetch(`/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()).data;
}

/** The page's HTML as a client without JavaScript receives it. */
async function rawHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  return response.text();
}

/** A file pasted into an element, or dropped on its middle, as the browser hands it to the page. */
async function handOver(
  target: Locator,
  kind: 'paste' | 'drop',
  file: { name: string; type: string; bytes: number[] },
) {
  await target.evaluate(
    (element, { kind, file }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      const init = { bubbles: true, cancelable: true };
      element.dispatchEvent(
        kind === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: data })
          : new DragEvent('drop', { ...init, ...at, dataTransfer: data }),
      );
    },
    { kind, file },
  );
}

async function expectNoOverflow(page: Page, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
}

test('a seller publishes a formatted post with a cover and a picture; a visitor reads it; a follower is told', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Blog Forge ${stamp}`;
  const title = `Forging flanges in ${stamp}`;
  const sellerPage = await (await browser.newContext()).newPage();
  await signUp(sellerPage, {
    kind: 'seller',
    fullName: 'Bina Blogger',
    email: uniqueEmail('blog-seller'),
    companyName: company,
    companyType: 'Manufacturers',
  });

  // The company blog, from the account menu: a new post, refused without its fields.
  await openAccountMenu(sellerPage);
  await sellerPage.getByRole('menuitem', { name: 'Company blog' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Company blog' })).toBeVisible();
  await expect(sellerPage.getByText('No posts yet')).toBeVisible();
  await sellerPage.getByRole('button', { name: 'New post' }).click();
  await sellerPage.getByRole('button', { name: 'Save draft' }).click();
  await expectShown(sellerPage, BLOG_MESSAGES.titleRequired);
  await expectShown(sellerPage, BLOG_MESSAGES.categoryRequired);

  await sellerPage.getByRole('textbox', { name: 'Title' }).fill(title);
  await sellerPage.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Manufacturing' });
  const editor = sellerPage.getByTestId('blog-editor');
  await editor.click();
  await sellerPage.getByRole('button', { name: 'Heading 2' }).click();
  await sellerPage.keyboard.type('Closed-die forging');
  await sellerPage.keyboard.press('Enter');
  await sellerPage.keyboard.type('Every flange starts as a ');
  await sellerPage.getByRole('button', { name: 'Bold' }).click();
  await sellerPage.keyboard.type('billet of EN8 steel');
  await sellerPage.getByRole('button', { name: 'Bold' }).click();
  await sellerPage.keyboard.type('.');
  await expectAccessible(sellerPage, 'the post editor');
  await sellerPage.getByRole('button', { name: 'Save draft' }).click();
  await expectShown(sellerPage, BLOG_MESSAGES.created);
  await expect(sellerPage.getByTestId('post-status')).toHaveText('Draft');

  // The cover: a wide picture, cut to 1200 × 630.
  const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f6f9f' } })
    .png()
    .toBuffer();
  const chooser = sellerPage.waitForEvent('filechooser');
  await sellerPage.getByRole('button', { name: 'Add cover' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expectShown(sellerPage, BLOG_MESSAGES.coverSaved);
  await expect(sellerPage.getByRole('img', { name: 'Cover' })).toBeVisible();
  // The toast has gone before the dialog opens: half-faded under the dialog's overlay it has no contrast.
  await expect(sellerPage.getByText(BLOG_MESSAGES.coverSaved)).toBeHidden();

  // A picture in the text, from the toolbar: refused without a file and a description, then inserted.
  await editor.click();
  await sellerPage.keyboard.press('End');
  await sellerPage.getByRole('button', { name: 'Insert picture' }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Insert a picture' });
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  await expectShown(dialog, BLOG_MESSAGES.pictureRequired);
  await expectShown(dialog, BLOG_MESSAGES.pictureAltRequired);
  await expectAccessible(sellerPage, 'the picture dialog');
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#9f6f2f' } })
    .jpeg()
    .toBuffer();
  const choosePicture = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = sellerPage.waitForEvent('filechooser');
    await dialog.getByLabel('Picture').click();
    await (await chooser).setFiles(file);
  };
  await choosePicture({ name: 'press.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('textbox', { name: 'Description' }).fill('The press line of the forge');
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  await expectShown(dialog, FILE_MESSAGES.imageType);
  await choosePicture({ name: 'press.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('img', { name: 'The press line of the forge' })).toBeVisible();

  // A screenshot pasted into the text opens the dialog with it chosen; it asks only for the description.
  const screenshot = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3f9f6f' } })
    .png()
    .toBuffer();
  await editor.click();
  await sellerPage.keyboard.press('Control+End');
  await handOver(editor, 'paste', { name: 'screenshot.png', type: 'image/png', bytes: [...screenshot] });
  await expect(dialog.getByLabel('Picture')).toHaveText('screenshot.png');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('The die shop from above');
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('img', { name: 'The die shop from above' })).toBeVisible();
  // A file dropped on the text that is no picture is marked at once, and the post stays open.
  await handOver(editor, 'drop', { name: 'drawing.pdf', type: 'application/pdf', bytes: [...Buffer.from('%PDF-1.7')] });
  await expectShown(dialog, FILE_MESSAGES.imageType);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('img')).toHaveCount(2);

  // A buyer follows the company before the post is published.
  const [draft] = (await api(sellerPage, 'GET', 'blogs/manage/list')).data;
  const buyerPage = await (await browser.newContext()).newPage();
  await signUp(buyerPage, { kind: 'buyer', fullName: 'Femi Follower', email: uniqueEmail('blog-buyer') });
  await api(buyerPage, 'POST', 'front/follow', { company_id: draft.company.id });

  await sellerPage.getByRole('button', { name: 'Publish' }).click();
  await expectShown(sellerPage, BLOG_MESSAGES.published);
  await expect(sellerPage.getByTestId('post-status')).toHaveText('Published');
  const postPath = `/blogdetail/${draft.slug}`;
  await expect(sellerPage.getByRole('link', { name: 'View post' })).toHaveAttribute('href', postPath);

  // The follower is told, once.
  await buyerPage.goto('/notifications');
  await expect(buyerPage.getByText(`${company} published “${title}”.`)).toBeVisible();

  // The server's HTML of /blog and of the post: the post is in it, with the pages' heads.
  const list = await rawHtml(request, '/blog');
  expect(list).toContain('<title>Blog · TradeLoop</title>');
  expect(list).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/blog"/);
  expect(list).toContain('"@type":"BreadcrumbList"');
  expect(list.slice(list.indexOf('<div id="root">'))).toContain(title);
  const post = await rawHtml(request, postPath);
  expect(post).toContain(`<title>${title} | ${company} | TradeLoop blog</title>`);
  expect(post).toContain('<meta property="og:type" content="article" />');
  expect(post).toContain('"@type":"BlogPosting"');
  expect(post).toContain('"@type":"BreadcrumbList"');
  const root = post.slice(post.indexOf('<div id="root">'));
  expect(root).toContain('<h2>Closed-die forging</h2>');
  expect(root).toContain('<strong>billet of EN8 steel</strong>');
  expect(root).toMatch(
    /<img src="\/uploads\/blogs\/\d+\/pictures\/[0-9a-f-]{36}\.webp" alt="The press line of the forge"/,
  );

  // A visitor finds it on /blog, by category, and reads it.
  const visitor = await (await browser.newContext()).newPage();
  for (const width of [600, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto('/blog');
    await visitor
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /^Manufacturing/ })
      .click();
    await expect(visitor).toHaveURL(/\/blog\?category=manufacturing$/);
    const card = visitor.getByTestId('blog-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expectAccessible(visitor, `the blog at ${width} px`);
    await expectNoOverflow(visitor, width);
    await card.getByRole('link', { name: title }).click();
    await expect(visitor).toHaveURL(new RegExp(`${postPath}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const content = visitor.getByTestId('blog-content');
    await expect(content.getByRole('heading', { level: 2, name: 'Closed-die forging' })).toBeVisible();
    await expect(content.locator('strong')).toHaveText('billet of EN8 steel');
    await expect(content.getByRole('img', { name: 'The press line of the forge' })).toBeVisible();
    await expect(visitor.locator('img.bl-cover').first()).toHaveAttribute('src', /\/uploads\/blogs\/.+\/full\.webp$/);
    await expectAccessible(visitor, `a post at ${width} px`);
    await expectNoOverflow(visitor, width);
  }

  // The demo blog: the marketplace's posts beside the demo seller's.
  await visitor.goto('/blog');
  await expect(
    visitor.getByTestId('blog-card').filter({ hasText: 'Shree Ganesh Engineering Works' }).first(),
  ).toBeVisible();
  await expect(visitor.getByTestId('blog-card').filter({ hasText: 'TradeLoop ·' }).first()).toBeVisible();

  // The writer's screen is usable at both widths too.
  await sellerPage.getByRole('button', { name: 'Back to posts' }).click();
  await expect(sellerPage.getByTestId('my-posts').getByRole('row', { name: new RegExp(title) })).toContainText(
    'Published',
  );
  for (const width of [600, 1280]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    await expectAccessible(sellerPage, `the company blog at ${width} px`);
    await expectNoOverflow(sellerPage, width);
  }
});
