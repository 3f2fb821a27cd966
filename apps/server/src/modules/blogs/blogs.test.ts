import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOGS_PER_PAGE, BLOG_CATEGORIES, BLOG_MESSAGES, type BlogPost } from '@tradeloop/contracts/blogs';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import { multipart, picture, signUpSubUser } from '../catalog/test-support.ts';
import { operatorOf, sellerOf, webDistWithIndex } from '../market/test-support.ts';
import { cleanPostHtml, excerptOf } from './html.ts';
import { slugOf } from './service.ts';

/** Blogs (issue 18; decision 046): public reads, writers' routes, sanitizing, covers, followers, heads. */

let app: FastifyInstance;
let webDist: string;
let seller: TestUser;
let other: TestUser;
let operator: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  webDist = webDistWithIndex();
  app = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://trade.example' });
  seller = await sellerOf(app, { name: 'Blogging Gears Ltd', type: 'Manufacturers', country: 'IN' });
  other = await sellerOf(app, { name: 'Other Valves Co', type: 'Manufacturers', country: 'DE' });
  operator = await operatorOf(app);
  buyer = await signUp(app, 'buyer');
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type Method = 'GET' | 'POST';
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  user
    ? as(app, user, { method, url: `/api/v1/${url}`, payload: payload as never })
    : app.inject({ method, url: `/api/v1/${url}`, payload: payload as never });

const body = (title: string, extra: Partial<{ category: string; content: string }> = {}) => ({
  title,
  category: 'product-guides',
  content: '<p>Gearboxes explained, <strong>plainly</strong>.</p>',
  ...extra,
});

async function write(user: TestUser, title: string, extra = {}, base = 'blogs/manage'): Promise<BlogPost> {
  const response = await call(user, 'POST', `${base}/create`, body(title, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function publish(user: TestUser, id: number, published = true, base = 'blogs/manage') {
  const response = await call(user, 'POST', `${base}/publish/${id}`, { published });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const list = async (query = '') => (await call(null, 'GET', `blogs/getAll${query}`)).json().data;
const detail = (user: TestUser | null, slug: string) => call(user, 'POST', 'blogs/getBlogDetails', { slug });

describe('writing and reading a post', () => {
  it('creates a draft with a slug from its title, public only once published', async () => {
    const created = await call(seller, 'POST', 'blogs/manage/create', body('Choosing a Gearbox: 5 Questions!'));
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(BLOG_MESSAGES.created);
    const post: BlogPost = created.json().data;
    expect(post).toMatchObject({
      slug: 'choosing-a-gearbox-5-questions',
      status: 'draft',
      published_at: null,
      category: { slug: 'product-guides', name: 'Product guides' },
      company: { id: seller.companyId, name: 'Blogging Gears Ltd' },
      excerpt: 'Gearboxes explained, plainly.',
      cover: null,
    });

    // A draft: not listed, and its page is the writer's only.
    expect((await list()).data.map((p: BlogPost) => p.id)).not.toContain(post.id);
    expect((await detail(null, post.slug)).statusCode).toBe(404);
    expect((await detail(other, post.slug)).statusCode).toBe(404);
    expect((await detail(buyer, post.slug)).json().message).toBe(BLOG_MESSAGES.notFound);
    expect((await detail(seller, post.slug)).json().data.post.status).toBe('draft');

    const published = await publish(seller, post.id);
    expect(published.message).toBe(BLOG_MESSAGES.published);
    expect(published.data.status).toBe('published');
    expect(Date.parse(published.data.published_at)).toBeGreaterThan(Date.now() - 60_000);

    const page = await detail(null, post.slug);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.post).toMatchObject({
      id: post.id,
      content_html: '<p>Gearboxes explained, <strong>plainly</strong>.</p>',
      company: { id: seller.companyId, name: 'Blogging Gears Ltd', slug: expect.any(String) },
    });
    expect((await list()).data[0]).toMatchObject({ id: post.id, slug: post.slug });

    // Back to drafts: gone from the public again, its first publication date kept.
    const back = await publish(seller, post.id, false);
    expect(back.message).toBe(BLOG_MESSAGES.unpublished);
    expect(back.data.published_at).toBe(published.data.published_at);
    expect((await detail(null, post.slug)).statusCode).toBe(404);
    await publish(seller, post.id);
  });

  it('keeps slugs unique (-2, -3) and stable when the title changes', async () => {
    const first = await write(seller, 'Same Title Twice');
    const second = await write(seller, 'Same title twice');
    const third = await write(other, 'same title TWICE');
    expect([first.slug, second.slug, third.slug]).toEqual([
      'same-title-twice',
      'same-title-twice-2',
      'same-title-twice-3',
    ]);
    const updated = await call(
      seller,
      'POST',
      `blogs/manage/update/${first.id}`,
      body('A new title', { category: 'events', content: '<p>New text</p>' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: BLOG_MESSAGES.updated,
      data: { title: 'A new title', slug: 'same-title-twice', category: { slug: 'events' }, excerpt: 'New text' },
    });
    expect(slugOf('Привет мир')).toBe('post');
    expect(slugOf('Çelik boru — ürün rehberi')).toBe('celik-boru-urun-rehberi');
  });

  it('answers the spec’s fields’ messages on a bad post', async () => {
    const cases: [object, string, string][] = [
      [{ category: 'events', content: '<p>x</p>' }, 'title', BLOG_MESSAGES.titleRequired],
      [body('  '), 'title', BLOG_MESSAGES.titleRequired],
      [body('ab'), 'title', BLOG_MESSAGES.titleLength],
      [body('x'.repeat(151)), 'title', BLOG_MESSAGES.titleLength],
      [body('Fine title', { category: 'gossip' }), 'category', BLOG_MESSAGES.categoryRequired],
      [{ title: 'Fine title', category: 'events' }, 'content', BLOG_MESSAGES.contentRequired],
      [body('Fine title', { content: '<script>alert(1)</script><p>  </p>' }), 'content', BLOG_MESSAGES.contentRequired],
      [body('Fine title', { content: 'x'.repeat(100_001) }), 'content', BLOG_MESSAGES.contentTooLong],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(seller, 'POST', 'blogs/manage/create', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('answers 404 for another company’s post on every writer’s route', async () => {
    const post = await write(seller, 'Not yours to touch');
    const attempts = [
      call(other, 'GET', `blogs/manage/${post.id}`),
      call(other, 'POST', `blogs/manage/update/${post.id}`, body('Taken over')),
      call(other, 'POST', `blogs/manage/publish/${post.id}`, { published: true }),
      call(other, 'POST', `blogs/manage/delete/${post.id}`),
      call(other, 'POST', `blogs/manage/cover/${post.id}/delete`),
      as(app, other, {
        method: 'POST',
        url: `/api/v1/blogs/manage/cover/${post.id}`,
        ...multipart({ name: 'c.png', data: await picture('png') }),
      }),
      as(app, other, {
        method: 'POST',
        url: `/api/v1/blogs/manage/picture/${post.id}`,
        ...multipart({ name: 'p.png', data: await picture('png') }),
      }),
      // The operator's routes reach the marketplace's posts only.
      call(operator, 'POST', `operator/blogs/update/${post.id}`, body('Taken over')),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(BLOG_MESSAGES.notFound);
    }
    const mine = await call(seller, 'GET', `blogs/manage/${post.id}`);
    expect(mine.json().data).toMatchObject({ title: 'Not yours to touch', status: 'draft' });
  });

  it('lists the writer’s own posts, drafts included, and deletes one', async () => {
    const post = await write(other, 'Other’s draft');
    const mine = (await call(other, 'GET', 'blogs/manage/list?status=draft')).json().data;
    expect(mine.data.map((p: BlogPost) => p.id)).toContain(post.id);
    expect(mine.data.every((p: BlogPost) => p.company?.id === other.companyId && p.status === 'draft')).toBe(true);
    const deleted = await call(other, 'POST', `blogs/manage/delete/${post.id}`);
    expect(deleted.json()).toEqual({ status: true, message: BLOG_MESSAGES.deleted, data: { id: post.id } });
    expect((await call(other, 'GET', `blogs/manage/${post.id}`)).statusCode).toBe(404);
  });

  it('needs permission presence: a sub-user with the default role is refused, the seller’s catalogue manager not', async () => {
    const sales = await signUpSubUser(app, seller);
    expect((await call(sales, 'GET', 'blogs/manage/list')).statusCode).toBe(403);
    expect((await call(buyer, 'POST', 'blogs/manage/create', body('Buyer post'))).statusCode).toBe(403);
    expect((await call(null, 'GET', 'blogs/manage/list')).statusCode).toBe(401);
  });
});

describe('sanitizing the HTML on the server', () => {
  const attacks = [
    '<p>a</p><script>alert(1)</script>',
    '<img src="/uploads/blogs/1/x/full.webp" onerror="alert(1)">',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt&#58;alert(1)">click</a>',
    '<a href="  javascript:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<style>body{background:url("https://evil.example/x")}</style><p>x</p>',
    '<svg onload="alert(1)"><circle r="5"/></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<form action="https://evil.example"><input name="password"></form>',
    '<object data="https://evil.example/x.swf"></object><embed src="x">',
    '<p onclick="alert(1)" class="x" id="y">handler</p>',
    '<img src="https://evil.example/track.png">',
    '<img src="//evil.example/track.png">',
    '<img src="/\\evil.example/track.png">',
    '<img src="/uploads/../secrets/file-url-secret.png">',
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<base href="https://evil.example/">',
    '<<script>script>alert(1)<</script>/script>',
  ];

  it('never gives back a script, an event handler, a javascript: URL, a frame or a style', async () => {
    const post = await write(seller, 'Hostile post', { content: `<p>kept</p>${attacks.join('\n')}` });
    await publish(seller, post.id);
    const html: string = (await detail(null, post.slug)).json().data.post.content_html;
    expect(html).toContain('<p>kept</p>');
    for (const bad of [
      /<script/i,
      /\son\w+\s*=/i,
      /javascript:/i,
      /data:/i,
      /<iframe/i,
      /<style/i,
      /style=/i,
      /<svg/i,
      /<math/i,
      /<form/i,
      /<input/i,
      /<object/i,
      /<embed/i,
      /<meta/i,
      /<base/i,
      /evil\.example/i,
      /class=|id=/i,
      /\.\./,
    ]) {
      expect(html).not.toMatch(bad);
    }
    // Each attack alone, too (one could hide another's remains).
    for (const attack of attacks) {
      const clean = cleanPostHtml(attack);
      expect(clean, attack).not.toMatch(/<script|\son\w+=|javascript:|<iframe|<style|style=|evil\.example/i);
    }
  });

  it('keeps the editor’s markup: headings, lists, links with rel, emphasis, quotes, code and our own pictures', () => {
    const html = [
      '<h1>Title</h1><h2>Part</h2><h3>Sub</h3>',
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>x = 1</code></p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol>',
      '<blockquote><p>quote</p></blockquote><pre><code>code</code></pre><hr>',
      '<p><a href="https://example.com/page" target="_self">link</a> <a href="mailto:a@example.com">mail</a></p>',
      '<img src="/uploads/blogs/7/0b5e/full.webp" alt="A gearbox">',
    ].join('');
    expect(cleanPostHtml(html)).toBe(
      [
        '<h2>Title</h2><h2>Part</h2><h3>Sub</h3>',
        '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>x = 1</code></p>',
        '<ul><li>one</li></ul><ol><li>two</li></ol>',
        '<blockquote><p>quote</p></blockquote><pre><code>code</code></pre><hr />',
        '<p><a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">link</a> ',
        '<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
        '<img src="/uploads/blogs/7/0b5e/full.webp" alt="A gearbox" />',
      ].join(''),
    );
    expect(excerptOf('<p>one</p><p>two &amp; three</p>')).toBe('one two & three');
    expect(excerptOf(`<p>${'word '.repeat(100)}</p>`).length).toBeLessThanOrEqual(220);
  });
});

describe('the cover', () => {
  it('is checked by content, re-encoded and cut to 1200 × 630 and 600 × 315 WebP', async () => {
    const post = await write(seller, 'Post with a cover');
    const upload = (name: string, data: Buffer) =>
      as(app, seller, { method: 'POST', url: `/api/v1/blogs/manage/cover/${post.id}`, ...multipart({ name, data }) });

    for (const [name, data] of [
      ['notes.png', Buffer.from('not a picture at all')],
      ['drawing.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['real.gif', await picture('png')],
      ['cut.png', (await picture('png')).subarray(0, 40)],
    ] as const) {
      const refused = await upload(name, data);
      expect(refused.statusCode, name).toBe(422);
      expect(refused.json().errors.file).toEqual([FILE_MESSAGES.imageType]);
    }
    const missing = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/blogs/manage/cover/${post.id}`,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);

    const saved = await upload('cover.jpg', await picture('jpeg', 2000, 900));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(BLOG_MESSAGES.coverSaved);
    const cover = saved.json().data.cover;
    for (const [url, width, height] of [
      [cover.full, 1200, 630],
      [cover.card, 600, 315],
    ]) {
      const file = await app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }

    // A new cover replaces the old files; removing it leaves none.
    const again = (await upload('cover.png', await picture('png', 800, 600))).json().data.cover;
    expect((await app.inject({ method: 'GET', url: cover.full })).statusCode).toBe(404);
    const removed = await call(seller, 'POST', `blogs/manage/cover/${post.id}/delete`);
    expect(removed.json()).toMatchObject({ message: BLOG_MESSAGES.coverRemoved, data: { cover: null } });
    expect((await app.inject({ method: 'GET', url: again.card })).statusCode).toBe(404);
  });
});

describe('pictures in the text', () => {
  it('are checked by content, made at most 1200 px wide, kept in the text, and go with the post', async () => {
    const post = await write(seller, 'Post with pictures');
    const upload = (name: string, data: Buffer) =>
      as(app, seller, { method: 'POST', url: `/api/v1/blogs/manage/picture/${post.id}`, ...multipart({ name, data }) });
    const refused = await upload('notes.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual([FILE_MESSAGES.imageType]);

    const wide = await upload('plant.jpg', await picture('jpeg', 2400, 1000));
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json().message).toBe(BLOG_MESSAGES.pictureSaved);
    const shrunk = wide.json().data;
    expect(shrunk).toMatchObject({ width: 1200, height: 500 });
    expect(shrunk.src).toMatch(new RegExp(`^/uploads/blogs/${post.id}/pictures/[0-9a-f-]{36}\\.webp$`));
    const small = (await upload('detail.png', await picture('png', 300, 200))).json().data;
    expect(small).toMatchObject({ width: 300, height: 200 }); // never enlarged
    const file = await app.inject({ method: 'GET', url: shrunk.src });
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 500 });

    // The editor's <img> survives the sanitizer; the post's page shows it.
    const content = `<p>Our plant:</p><img src="${shrunk.src}" alt="The assembly hall">`;
    const saved = await call(seller, 'POST', `blogs/manage/update/${post.id}`, body('Post with pictures', { content }));
    expect(saved.json().data.content_html).toContain(`<img src="${shrunk.src}" alt="The assembly hall" />`);

    expect((await call(seller, 'POST', `blogs/manage/delete/${post.id}`)).statusCode).toBe(200);
    for (const src of [shrunk.src, small.src])
      expect((await app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
  });
});

describe('the marketplace’s blog (platform operator)', () => {
  it('is written by the operator only and lists its posts beside the sellers’', async () => {
    expect((await call(buyer, 'POST', 'operator/blogs/create', body('Not an operator'))).statusCode).toBe(403);
    expect((await call(seller, 'GET', 'operator/blogs/list')).statusCode).toBe(403);
    expect((await call(null, 'GET', 'operator/blogs/list')).statusCode).toBe(401);

    const own = await write(
      operator,
      'Marketplace news: new categories',
      { category: 'company-news' },
      'operator/blogs',
    );
    expect(own.company).toBeNull();
    await publish(operator, own.id, true, 'operator/blogs');
    const sellers = await write(other, 'Valves for marine use', { category: 'company-news' });
    await publish(other, sellers.id);

    const all = await list('?category=company-news');
    expect(all.data.map((p: BlogPost) => p.id)).toEqual([sellers.id, own.id]);
    expect(all.data[1].company).toBeNull();

    const ofOther = await list(`?category=company-news&company_id=${other.companyId}`);
    expect(ofOther.data.map((p: BlogPost) => p.id)).toEqual([sellers.id]);
    const slug = ofOther.data[0].company.slug;
    expect((await list(`?category=company-news&company=${slug}`)).data.map((p: BlogPost) => p.id)).toEqual([
      sellers.id,
    ]);
    expect((await call(null, 'GET', 'blogs/getAll?company=no-such-company')).statusCode).toBe(404);
    expect((await call(null, 'GET', 'blogs/getAll?company_id=987654321')).statusCode).toBe(404);
    // The operator's list is the marketplace's posts only.
    const mine = (await call(operator, 'GET', 'operator/blogs/list')).json().data.data;
    expect(mine.map((p: BlogPost) => p.id)).toEqual([own.id]);
  });
});

describe('public lists', () => {
  it('pages by 12, searches title and text (wildcards literal), filters by category, counts categories', async () => {
    const company = await sellerOf(app, { name: 'Paging Pumps', type: 'Manufacturers', country: 'IN' });
    for (let n = 1; n <= 14; n++) {
      const post = await write(company, `Pump note ${n}`, {
        category: n <= 10 ? 'manufacturing' : 'events',
        content: `<p>Note ${n} about 100% duty ${n === 3 ? 'and impellers' : ''}</p>`,
      });
      await publish(company, post.id);
    }
    const scope = `company_id=${company.companyId}`;
    const first = await list(`?${scope}`);
    expect(first).toMatchObject({ currentPage: 1, lastPage: 2, perPage: BLOGS_PER_PAGE, total: 14 });
    expect(first.data).toHaveLength(12);
    expect(first.data[0].title).toBe('Pump note 14');
    expect((await list(`?${scope}&page=2`)).data.map((p: BlogPost) => p.title)).toEqual(['Pump note 2', 'Pump note 1']);
    expect((await list(`?${scope}&search=impellers`)).data.map((p: BlogPost) => p.title)).toEqual(['Pump note 3']);
    expect((await list(`?${scope}&search=${encodeURIComponent('100%')}`)).total).toBe(14);
    expect((await list(`?${scope}&search=${encodeURIComponent('10_%')}`)).total).toBe(0);
    expect((await list(`?${scope}&category=events`)).total).toBe(4);
    expect((await list(`?${scope}&category=unknown`)).total).toBe(0);

    const categories = (await call(null, 'GET', `blogs/categoryList?${scope}`)).json().data;
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(BLOG_CATEGORIES.map((c) => c.slug));
    expect(categories.find((c: { slug: string }) => c.slug === 'manufacturing').posts).toBe(10);
    expect((await call(null, 'GET', 'blogs/categoryList?per_page=2')).json().data).toHaveLength(2);

    const recent = (await call(null, 'GET', `blogs/recentList?take=3&${scope}`)).json().data;
    expect(recent.map((p: BlogPost) => p.title)).toEqual(['Pump note 14', 'Pump note 13', 'Pump note 12']);
    expect((await call(null, 'GET', `blogs/recentList?${scope}`)).json().data).toHaveLength(5);
    expect((await call(null, 'GET', 'blogs/recentList?take=0')).statusCode).toBe(422);
    expect((await call(null, 'GET', 'blogs/getAll?per_page=1000')).statusCode).toBe(422);

    // A post's page: related (same blog and category) and recent (same blog), itself left out.
    const page = (await detail(null, 'pump-note-3')).json().data;
    expect(page.related.map((p: BlogPost) => p.title)).toEqual(['Pump note 10', 'Pump note 9', 'Pump note 8']);
    expect(page.recent).toHaveLength(5);
    expect(page.recent.map((p: BlogPost) => p.title)).not.toContain('Pump note 3');
    expect((await call(null, 'POST', 'blogs/getBlogDetails', {})).statusCode).toBe(422);
  });
});

describe('followers', () => {
  it('hear of a newly published post once, through the outbox', async () => {
    const writer = await sellerOf(app, { name: 'Followed Forge', type: 'Manufacturers', country: 'IN' });
    const follower = await signUp(app, 'buyer');
    await call(follower, 'POST', 'front/follow', { company_id: writer.companyId });
    const told = async () =>
      ((await call(follower, 'GET', 'notifications/list?type=product')).json().data.data as { title: string }[]).filter(
        (n) => n.title.startsWith('New post'),
      );

    const post = await write(writer, 'Forging news');
    await settled(app);
    expect(await told()).toHaveLength(0); // a draft tells nobody

    await publish(writer, post.id);
    await settled(app);
    const notices = await told();
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'New post from Followed Forge',
        body: 'Followed Forge published “Forging news”.',
        link: '/blogdetail/forging-news',
      }),
    ]);

    await publish(writer, post.id, false);
    await publish(writer, post.id);
    await settled(app);
    expect(await told()).toHaveLength(1);

    // The marketplace's own posts have no followers to tell.
    const own = await write(operator, 'Operator announcement', {}, 'operator/blogs');
    await publish(operator, own.id, true, 'operator/blogs');
    await settled(app);
    expect(await told()).toHaveLength(1);
  });
});

describe('pages for search engines', () => {
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('renders a post’s head: title, description, canonical, Open Graph and BlogPosting JSON-LD', async () => {
    const post = await write(seller, 'Head </script><b> test', {
      content: '<p>Why our shafts last. <script>x</script></p>',
      category: 'manufacturing',
    });
    await publish(seller, post.id);
    await as(app, seller, {
      method: 'POST',
      url: `/api/v1/blogs/manage/cover/${post.id}`,
      ...multipart({ name: 'c.png', data: await picture('png', 1400, 700) }),
    });
    const response = await app.inject({ method: 'GET', url: `/blogdetail/${post.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const head = headOf(response.body);
    expect(head).toContain('<title>Head &lt;/script&gt;&lt;b&gt; test | Blogging Gears Ltd | TradeLoop blog</title>');
    expect(head).toContain('<meta name="description" content="Why our shafts last." />');
    expect(head).toContain(`<link rel="canonical" href="https://trade.example/blogdetail/${post.slug}" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toMatch(
      /<meta property="og:image" content="https:\/\/trade\.example\/uploads\/blogs\/.+\/full\.webp" \/>/,
    );
    const json = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(json).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Head </script><b> test',
      author: { '@type': 'Organization', name: 'Blogging Gears Ltd' },
      articleSection: 'Manufacturing',
    });
    expect(head.match(/<\/script>/g)).toHaveLength(1);

    const missing = await app.inject({ method: 'GET', url: '/blogdetail/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(headOf(missing.body)).toContain('<meta name="robots" content="noindex" />');
    const draft = await write(seller, 'Draft head');
    expect((await app.inject({ method: 'GET', url: `/blogdetail/${draft.slug}` })).statusCode).toBe(404);
  });

  it('lists the blog and its published posts in the sitemap, not drafts', async () => {
    const draft = await write(seller, 'Unlisted draft');
    const xml = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toContain('<loc>https://trade.example/blog</loc>');
    expect(xml).toContain('<loc>https://trade.example/blogdetail/choosing-a-gearbox-5-questions</loc>');
    expect(xml).not.toContain(draft.slug);
  });
});
