import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGE_MESSAGES, SITE_PAGE_SLUGS } from '@tradeloop/contracts/site-pages';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { operatorOf, webDistWithIndex } from '../market/test-support.ts';

let app: FastifyInstance;
let webDist: string;
let operator: TestUser;
let seller: TestUser;

beforeAll(async () => {
  webDist = webDistWithIndex();
  app = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://trade.example' });
  operator = await operatorOf(app);
  seller = await signUp(app, 'seller');
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const read = (slug: string) => app.inject({ method: 'GET', url: `/api/v1/front/page/${slug}` });
const write = (user: TestUser, slug: string, payload: Record<string, unknown>) =>
  as(app, user, { method: 'PUT', url: `/api/v1/operator/site_pages/${slug}`, payload });

describe('GET /api/v1/front/page/:slug', () => {
  it('answers each of the five pages with its installed text until the operator writes one', async () => {
    for (const slug of SITE_PAGE_SLUGS) {
      const response = await read(slug);
      expect(response.statusCode, slug).toBe(200);
      const page = response.json().data;
      expect(page).toMatchObject({ slug, updated_at: null });
      expect(page.title.length).toBeGreaterThan(2);
      expect(page.content_html).toMatch(/^<(p|h2)>/);
    }
    const unknown = await read('careers');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SITE_PAGE_MESSAGES.notFound);
  });
});

describe('PUT /api/v1/operator/site_pages/:slug', () => {
  it('lets the operator write a page, sanitized by the blog’s rules', async () => {
    const saved = await write(operator, 'about', {
      title: 'About us',
      description: 'Who we are.',
      content:
        '<h1>Our story</h1><p onclick="steal()">We <strong>trade</strong>.<script>alert(1)</script></p>' +
        '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a></p><iframe src="https://x"></iframe>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(SITE_PAGE_MESSAGES.saved);
    const page = (await read('about')).json().data;
    expect(page.title).toBe('About us');
    expect(page.updated_at).not.toBeNull();
    expect(page.content_html).toBe(
      '<h2>Our story</h2><p>We <strong>trade</strong>.</p>' +
        '<p><a>bad</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">good</a></p>',
    );
    const list = (await as(app, operator, { method: 'GET', url: '/api/v1/operator/site_pages' })).json().data;
    expect(list.map((entry: { slug: string }) => entry.slug)).toEqual([...SITE_PAGE_SLUGS]);
  });

  it('refuses anyone but the operator, and a page left empty by the rules', async () => {
    const body = { title: 'Mine', description: 'Mine.', content: '<p>Mine</p>' };
    expect((await write(seller, 'terms', body)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/v1/operator/site_pages/terms', payload: body })).statusCode,
    ).toBe(401);
    const empty = await write(operator, 'terms', { ...body, content: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.content).toEqual([SITE_PAGE_MESSAGES.contentRequired]);
    const untitled = await write(operator, 'terms', { ...body, title: ' ' });
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json().errors.title).toEqual([SITE_PAGE_MESSAGES.titleRequired]);
    expect((await read('terms')).json().data.updated_at).toBeNull();
  });
});

describe('GET /page/… and the sitemap', () => {
  it('serves each page with its title, description and canonical, and lists them in the sitemap', async () => {
    const page = await app.inject({ method: 'GET', url: '/page/privacy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Privacy policy | TradeLoop</title>');
    expect(page.body).toContain('<link rel="canonical" href="https://trade.example/page/privacy" />');
    expect((await app.inject({ method: 'GET', url: '/page/careers' })).statusCode).toBe(404);
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const slug of SITE_PAGE_SLUGS) expect(sitemap).toContain(`<loc>https://trade.example/page/${slug}</loc>`);
  });
});
