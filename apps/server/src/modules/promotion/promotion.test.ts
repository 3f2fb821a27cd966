import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PROMOTION_MESSAGES as M, utcDay, type Ad, type BannerSetting } from '@tradeloop/contracts/promotion';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import {
  createProductAs,
  inStockProduct,
  loadRefs,
  picture,
  signUpSubUser,
  type Refs,
} from '../catalog/test-support.ts';
import { sellerOf, setStatus } from '../market/test-support.ts';
import { termMatches } from './ads.ts';

/** Ads and banners (decision 047). */

let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let pumps: { id: number }[];
let foreign: { id: number };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const dayFrom = (days: number) => utcDay(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Promo Pumps', type: 'Manufacturers', country: 'IN' });
  other = await sellerOf(app, { name: 'Other Promo', type: 'Manufacturers', country: 'DE' });
  buyer = await signUp(app, 'buyer');
  pumps = [
    await createProductAs(app, seller, inStockProduct(refs, { name: 'Zephyr Gear Pump', model_number: 'ZGP-1' })),
    await createProductAs(app, seller, inStockProduct(refs, { name: 'Zephyr Screw Pump', model_number: 'ZSP-1' })),
  ];
  foreign = await createProductAs(app, other, inStockProduct(refs, { name: 'Foreign Valve', model_number: 'FV-1' }));
  await settled(app);
});
afterAll(() => app.close());

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  user
    ? as(app, user, { method, url: `/api/v1/${url}`, payload: payload as never, headers })
    : app.inject({ method, url: `/api/v1/${url}`, payload: payload as never, headers });

const adBody = (overrides: Record<string, unknown> = {}) => ({
  ad_type: 'both',
  title_1: 'zephyr pump',
  title_2: 'gear pump',
  product_ids: pumps.map((pump) => pump.id),
  start_date: dayFrom(0),
  end_date: dayFrom(7),
  ...overrides,
});

async function createAd(overrides: Record<string, unknown> = {}, user = seller): Promise<Ad> {
  const response = await call(user, 'POST', 'ads/create', adBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(M.adCreated);
  return response.json().data;
}

async function sponsored(query: string, userAgent = BROWSER) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/front/ads/sponsored?${query}`,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { ad_id: number; title: string; products: { id: number; name: string }[] }[];
}

async function details(id: number, user = seller) {
  const response = await call(user, 'GET', `ads/getdetails/${id}`);
  return { status: response.statusCode, ad: response.json().data as Ad };
}

describe('ads', () => {
  it('matches search terms by whole words, both ways', () => {
    expect(termMatches('hydraulic gear pump 20 bar', 'Gear Pump')).toBe(true);
    expect(termMatches('pump', 'gear pump')).toBe(true);
    expect(termMatches('gear', 'gearbox')).toBe(false);
    expect(termMatches('pu', 'gear pump')).toBe(false);
    expect(termMatches('valve', 'gear pump')).toBe(false);
  });

  it('creates, reads, lists, updates and deletes an ad of the seller’s own products', async () => {
    const ad = await createAd({ title_3: '  ' });
    expect(ad).toMatchObject({
      ad_type: 'both',
      title_1: 'zephyr pump',
      title_2: 'gear pump',
      title_3: null,
      product_ids: pumps.map((pump) => pump.id),
      status: 'running',
      impressions: 0,
      clicks: 0,
    });
    expect(ad.products.map((product) => product.name)).toEqual(['Zephyr Gear Pump', 'Zephyr Screw Pump']);
    expect((await details(ad.id)).ad).toEqual(ad);

    const list = await call(seller, 'POST', 'ads/getlist', {});
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data.map((entry: Ad) => entry.id)).toContain(ad.id);

    const updated = await call(seller, 'POST', 'ads/update', {
      ...adBody({ ad_type: 'product_page', product_ids: [pumps[1].id], start_date: dayFrom(1), end_date: dayFrom(1) }),
      id: ad.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe(M.adUpdated);
    expect(updated.json().data).toMatchObject({
      ad_type: 'product_page',
      product_ids: [pumps[1].id],
      status: 'scheduled',
    });

    const deleted = await call(seller, 'GET', `ads/delete/${ad.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(M.adDeleted);
    expect((await details(ad.id)).status).toBe(404);
  });

  it('refuses another seller’s product, a deleted or unknown one, and saves nothing', async () => {
    const before = (await call(seller, 'POST', 'ads/getlist', {})).json().data.total;
    const response = await call(
      seller,
      'POST',
      'ads/create',
      adBody({ product_ids: [pumps[0].id, foreign.id, 99_999_999] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'product_ids.1': [M.productNotYours],
      'product_ids.2': [M.productNotYours],
    });
    expect((await call(seller, 'POST', 'ads/getlist', {})).json().data.total).toBe(before);
  });

  it('checks every field with the contract’s words', async () => {
    const response = await call(seller, 'POST', 'ads/create', {
      ad_type: 'popup',
      title_1: ' ',
      title_2: 'x'.repeat(61),
      product_ids: [],
      start_date: '2026-02-30',
      end_date: 'tomorrow',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      ad_type: [M.adTypeInvalid],
      title_1: [M.titleRequired],
      title_2: [M.titleTooLong],
      product_ids: [M.productsRequired],
      start_date: [M.dateInvalid],
      end_date: [M.dateInvalid],
    });
    const backwards = await call(
      seller,
      'POST',
      'ads/create',
      adBody({ start_date: dayFrom(3), end_date: dayFrom(2) }),
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ end_date: [M.endBeforeStart] });
  });

  it('answers 404 for another company’s ad on every route, and changes nothing', async () => {
    const ad = await createAd();
    expect((await details(ad.id, other)).status).toBe(404);
    expect((await call(other, 'GET', `ads/delete/${ad.id}`)).statusCode).toBe(404);
    const update = await call(other, 'POST', 'ads/update', { ...adBody({ product_ids: [foreign.id] }), id: ad.id });
    expect(update.statusCode).toBe(404);
    expect((await details(ad.id)).ad.product_ids).toEqual(pumps.map((pump) => pump.id));
    await call(seller, 'GET', `ads/delete/${ad.id}`);
  });

  it('lets only the company with the ads permission call the seller routes', async () => {
    const sub = await signUpSubUser(app, seller);
    for (const user of [null, buyer, sub]) {
      const expected = user === null ? 401 : 403;
      expect((await call(user, 'POST', 'ads/getlist', {})).statusCode).toBe(expected);
      expect((await call(user, 'POST', 'ads/create', adBody())).statusCode).toBe(expected);
      expect((await call(user, 'GET', 'ads/product/list')).statusCode).toBe(expected);
      expect((await call(user, 'GET', 'users/banner_setting/list')).statusCode).toBe(expected);
    }
  });

  it('lists the seller’s own products for the picker, 100 a page', async () => {
    const response = await call(seller, 'GET', 'ads/product/list');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.perPage).toBe(100);
    expect(
      response
        .json()
        .data.data.map((product: { id: number }) => product.id)
        .sort(),
    ).toEqual(pumps.map((pump) => pump.id).sort());
  });

  it('shows running ads only, for matching searches, marked by ad; counts impressions and clicks, not for bots', async () => {
    const running = await createAd({ ad_type: 'product_list', title_1: 'zephyr', title_2: null });
    const tomorrow = await createAd({
      ad_type: 'product_list',
      title_1: 'zephyr',
      start_date: dayFrom(1),
      end_date: dayFrom(3),
    });
    const ended = await createAd({
      ad_type: 'product_list',
      title_1: 'zephyr',
      start_date: dayFrom(-5),
      end_date: dayFrom(-1),
    });

    const served = await sponsored('keyword=Zephyr%20pumps%20for%20sale');
    const servedIds = served.map((slot) => slot.ad_id);
    expect(servedIds).toContain(running.id);
    expect(servedIds).not.toContain(tomorrow.id);
    expect(servedIds).not.toContain(ended.id);
    expect(served.length).toBeLessThanOrEqual(2);
    expect(served.find((slot) => slot.ad_id === running.id)!.products.map((product) => product.name)).toEqual([
      'Zephyr Gear Pump',
      'Zephyr Screw Pump',
    ]);
    expect(await sponsored('keyword=ball%20valve')).toEqual([]);
    expect(await sponsored('')).toEqual([]);

    // A bot is answered but not counted.
    await sponsored('keyword=zephyr', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    const impressions = (await details(running.id)).ad.impressions;
    expect(impressions).toBeGreaterThanOrEqual(1);

    const click = await app.inject({
      method: 'POST',
      url: `/api/v1/front/ads/click/${running.id}`,
      payload: { product_id: pumps[0].id },
      headers: { 'user-agent': BROWSER },
    });
    expect(click.json().data).toEqual({ counted: true });
    const notItsProduct = await app.inject({
      method: 'POST',
      url: `/api/v1/front/ads/click/${running.id}`,
      payload: { product_id: foreign.id },
      headers: { 'user-agent': BROWSER },
    });
    expect(notItsProduct.statusCode).toBe(404);
    const notRunning = await app.inject({
      method: 'POST',
      url: `/api/v1/front/ads/click/${tomorrow.id}`,
      payload: {},
      headers: { 'user-agent': BROWSER },
    });
    expect(notRunning.statusCode).toBe(404);
    expect((await details(running.id)).ad).toMatchObject({ impressions, clicks: 1 });
    expect((await details(tomorrow.id)).ad).toMatchObject({ impressions: 0, clicks: 0 });

    // Hidden products are not shown; an ad with none public is not served.
    await setStatus(app, seller, pumps[1].id, 'inactive');
    await settled(app);
    const again = await sponsored('keyword=zephyr');
    expect(again.find((slot) => slot.ad_id === running.id)!.products.map((product) => product.id)).toEqual([
      pumps[0].id,
    ]);
    await setStatus(app, seller, pumps[1].id, 'active');
    await settled(app);

    for (const ad of [running, tomorrow, ended]) await call(seller, 'GET', `ads/delete/${ad.id}`);
  });

  it('shows product-page ads on related product pages, without the product itself', async () => {
    const listOnly = await createAd({ ad_type: 'product_list', title_1: 'zephyr' });
    const pageAd = await createAd({
      ad_type: 'product_page',
      title_1: 'zephyr',
      product_ids: pumps.map((pump) => pump.id),
    });
    const onPage = await sponsored(`product_id=${pumps[0].id}`);
    expect(onPage.map((slot) => slot.ad_id)).toEqual([pageAd.id]);
    expect(onPage[0].products.map((product) => product.id)).toEqual([pumps[1].id]);
    expect((await sponsored('keyword=zephyr')).map((slot) => slot.ad_id)).toEqual([listOnly.id]);
    for (const ad of [listOnly, pageAd]) await call(seller, 'GET', `ads/delete/${ad.id}`);
  });
});

// ---------------------------------------------------------------------------------------------

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

function form(parts: Part[]) {
  const boundary = `----promo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part)
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

async function bannerPost(user: TestUser, url: string, parts: Part[]) {
  return as(app, user, { method: 'POST', url: `/api/v1/${url}`, ...form(parts) });
}

const bannerFields = {
  page: 'home',
  background_color: '#1A2B3C',
  alt_tag: 'Promo Pumps gear pumps on the test bench',
  active_banner: 'on',
  default_banner: 'on',
  swap_banner: 'off',
  indicator_banner: 'off',
  navigation_button: 'on',
  nav_button_visible: 'off',
  full_height_hover: 'on',
};

describe('banners', () => {
  let banner: BannerSetting;

  it('saves a banner with its images resized and every toggle as sent', async () => {
    const wide = await picture('png', 2400, 600);
    const response = await bannerPost(seller, 'users/banner_setting', [
      ...fields(bannerFields),
      { name: 'images', file: wide, filename: 'one.png' },
      { name: 'images', file: await picture('jpeg', 1200, 400), filename: 'two.jpg' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(M.bannerSaved);
    banner = response.json().data;
    expect(banner).toMatchObject({
      page: 'home',
      background_color: '#1a2b3c',
      active_banner: true,
      default_banner: true,
      swap_banner: false,
      indicator_banner: false,
      navigation_button: true,
      nav_button_visible: false,
      full_height_hover: true,
    });
    expect(banner.images.map((image) => [image.width, image.height])).toEqual([
      [1600, 400],
      [1200, 400],
    ]);
    const stored = await app.inject({ method: 'GET', url: banner.images[0].small });
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('webp');
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(800);

    const list = await call(seller, 'GET', 'users/banner_setting/list');
    expect(list.json().data).toEqual([banner]);
  });

  it('refuses files that are not images by content, bad fields and a second banner for a page', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really'),
    ]);
    const notImage = await bannerPost(seller, 'users/banner_setting', [
      ...fields({ ...bannerFields, page: 'blog' }),
      { name: 'images', file: fake, filename: 'fake.png' },
    ]);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toEqual({ images: [M.imageType] });
    const text = await bannerPost(seller, 'users/banner_setting', [
      ...fields({ ...bannerFields, page: 'blog' }),
      { name: 'images', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png' },
    ]);
    expect(text.json().errors).toEqual({ images: [M.imageType] });

    const bad = await bannerPost(seller, 'users/banner_setting', [
      ...fields({ page: 'shop', background_color: 'red', alt_tag: ' ', swap_banner: 'yes' }),
      { name: 'images', file: await picture('png'), filename: 'ok.png' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      page: [M.bannerPageInvalid],
      background_color: [M.colorInvalid],
      alt_tag: [M.altRequired],
      swap_banner: [M.toggleInvalid],
    });
    const noImage = await bannerPost(seller, 'users/banner_setting', fields({ ...bannerFields, page: 'blog' }));
    expect(noImage.json().errors).toEqual({ images: [M.imagesRequired] });
    const taken = await bannerPost(seller, 'users/banner_setting', [
      ...fields(bannerFields),
      { name: 'images', file: await picture('png'), filename: 'ok.png' },
    ]);
    expect(taken.json().errors).toEqual({ page: [M.bannerPageTaken] });
    expect((await call(seller, 'GET', 'users/banner_setting/list')).json().data).toHaveLength(1);
  });

  it('updates toggles on and off, adds and removes images (_method patch)', async () => {
    const response = await bannerPost(seller, `users/banner_setting/update/${banner.id}`, [
      ...fields({
        _method: 'patch',
        indicator_banner: 'on',
        navigation_button: 'off',
        swap_banner: 'on',
        delete_image_ids: String(banner.images[0].id),
      }),
      { name: 'images', file: await picture('jpeg', 900, 300), filename: 'three.jpg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.bannerUpdated);
    const updated: BannerSetting = response.json().data;
    expect(updated).toMatchObject({
      indicator_banner: true,
      navigation_button: false,
      swap_banner: true,
      full_height_hover: true,
      alt_tag: bannerFields.alt_tag,
    });
    expect(updated.images.map((image) => image.width)).toEqual([1200, 900]);
    expect((await app.inject({ method: 'GET', url: banner.images[0].large })).statusCode).toBe(404);

    const lastOnes = await bannerPost(seller, `users/banner_setting/update/${banner.id}`, [
      ...fields({ delete_image_ids: updated.images.map((image) => image.id).join(',') }),
    ]);
    expect(lastOnes.json().errors).toEqual({ images: [M.imagesRequired] });
    banner = updated;
  });

  it('answers 404 for another company’s banner', async () => {
    const response = await bannerPost(
      other,
      `users/banner_setting/update/${banner.id}`,
      fields({ active_banner: 'off' }),
    );
    expect(response.statusCode).toBe(404);
    expect((await call(other, 'GET', 'users/banner_setting/list')).json().data).toEqual([]);
  });

  it('shows the page’s active banner publicly, else the active default, else none', async () => {
    const front = async (page: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/front/banners/${seller.companyId}?page=${page}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.banner as BannerSetting | null;
    };
    expect((await front('home'))?.id).toBe(banner.id);
    expect((await front('blog'))?.id).toBe(banner.id);
    const blog = await bannerPost(seller, 'users/banner_setting', [
      ...fields({ ...bannerFields, page: 'blog', default_banner: 'off' }),
      { name: 'images', file: await picture('png', 800, 200), filename: 'blog.png' },
    ]);
    expect((await front('blog'))?.id).toBe(blog.json().data.id);
    await bannerPost(seller, `users/banner_setting/update/${banner.id}`, fields({ active_banner: 'off' }));
    expect(await front('home')).toBeNull();
    expect(await front('contact-us')).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/front/banners/${seller.companyId}?page=shop` })).statusCode,
    ).toBe(422);
  });
});
