import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import {
  createProductAs,
  inStockProduct,
  loadRefs,
  multipart,
  picture,
  uploadImage,
  type Refs,
} from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
});
afterAll(() => app.close());

function upload(name: string, data: Buffer, type = 'image/png') {
  return as(app, seller, { method: 'POST', url: '/api/v1/product/images/upload', ...multipart({ name, data, type }) });
}

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

describe('POST /api/v1/product/images/upload: PNG, JPEG and JPG only, by content and by name', () => {
  it('accepts PNG and JPEG pictures named .png, .jpg or .jpeg', async () => {
    for (const [name, format] of [
      ['a.png', 'png'],
      ['b.JPG', 'jpeg'],
      ['c.jpeg', 'jpeg'],
    ] as const) {
      const response = await upload(name, await picture(format));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
  });

  it('refuses a text file named .png, an SVG named .png and a real PNG named .gif, with the spec’s message', async () => {
    const cases: [string, Buffer][] = [
      ['notes.png', Buffer.from('just some text, not a picture')],
      ['drawing.png', svg],
      ['real.gif', await picture('png')],
      ['real', await picture('png')],
      ['truncated.png', (await picture('png')).subarray(0, 40)],
    ];
    for (const [name, data] of cases) {
      const response = await upload(name, data);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toMatchObject({
        message: 'Please upload only PNG, JPEG and JPG',
        errors: { file: ['Please upload only PNG, JPEG and JPG'] },
      });
    }
  });

  it('refuses a file over the size limit and a request without a file', async () => {
    const big = Buffer.concat([await picture('png'), Buffer.alloc(IMAGE_RULES.maxBytes)]);
    const tooLarge = await upload('big.png', big);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.file).toEqual([FILE_MESSAGES.imageTooLarge]);
    const none = await as(app, seller, { method: 'POST', url: '/api/v1/product/images/upload', payload: {} });
    expect(none.json().errors.file).toEqual([FILE_MESSAGES.fileRequired]);
  });

  it('stores WebP thumbnail, card and full sizes and a clean original, served with long caching', async () => {
    const image = await uploadImage(app, seller, 'wide.jpg', await picture('jpeg', 2400, 1200));
    const thumb = await app.inject({ method: 'GET', url: image.thumb });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toContain('immutable');
    const thumbSize = await sharp(thumb.rawPayload).metadata();
    expect([thumbSize.width, thumbSize.height]).toEqual([IMAGE_RULES.sizes.thumb, IMAGE_RULES.sizes.thumb]);
    const full = await sharp((await app.inject({ method: 'GET', url: image.full })).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    expect(image).toMatchObject({ width: 2400, height: 1200 });
    const missing = await app.inject({ method: 'GET', url: '/uploads/products/1/../../etc/passwd' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('images of a product: order, main image, deletion', () => {
  it('keeps the photos in the order saved, the first as main; removing one from the form deletes it', async () => {
    const [first, second, third] = [
      await uploadImage(app, seller),
      await uploadImage(app, seller),
      await uploadImage(app, seller),
    ];
    const body = inStockProduct(refs, { photos: [second.id, first.id, third.id] });
    const product = await createProductAs(app, seller, body);
    expect((product.photos as { id: number }[]).map((photo) => photo.id)).toEqual([second.id, first.id, third.id]);
    expect((product.main_image as { id: number }).id).toBe(second.id);

    const saved = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: { ...body, photos: [third.id, second.id] },
    });
    expect(saved.json().data.photos.map((photo: { id: number }) => photo.id)).toEqual([third.id, second.id]);
    expect((await app.inject({ method: 'GET', url: first.thumb })).statusCode).toBe(404);
  });

  it('deletes an upload through images/delete, and refuses another company’s images in a product', async () => {
    const image = await uploadImage(app, seller);
    const deleted = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/images/delete',
      payload: { id: image.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: image.thumb })).statusCode).toBe(404);

    const other = await signUp(app, 'seller');
    const theirs = await uploadImage(app, other);
    const refused = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/create',
      payload: inStockProduct(refs, { photos: [theirs.id] }),
    });
    expect(refused.json().errors.photos).toBeDefined();
  });
});

describe('catalogs: GET product/catalog, upload, POST product/catalog/{id} with _method DELETE', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  it('uploads a PDF of a product, lists it with the product, serves it, and deletes it', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const uploaded = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/catalog',
      ...multipart(
        { name: 'Pump Catalogue 2026.pdf', data: pdf, type: 'application/pdf' },
        { title: 'Pumps 2026', product_id: String(product.id) },
      ),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const catalog = uploaded.json().data;
    expect(catalog).toMatchObject({
      title: 'Pumps 2026',
      product_id: product.id,
      file_name: 'Pump Catalogue 2026.pdf',
    });
    const file = await app.inject({ method: 'GET', url: catalog.url });
    expect(file.headers['content-type']).toBe('application/pdf');

    const list = await as(app, seller, { method: 'GET', url: `/api/v1/product/catalog?product_id=${product.id}` });
    expect(list.json().data.map((entry: { id: number }) => entry.id)).toContain(catalog.id);

    const wrongMethod = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/catalog/${catalog.id}`,
      payload: { _method: 'PATCH' },
    });
    expect(wrongMethod.statusCode).toBe(422);
    const deleted = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/catalog/${catalog.id}`,
      payload: { _method: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: catalog.url })).statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF by its content or its name', async () => {
    for (const [name, data] of [
      ['fake.pdf', Buffer.from('hello')],
      ['real.txt', pdf],
    ] as const) {
      const response = await as(app, seller, {
        method: 'POST',
        url: '/api/v1/product/catalog',
        ...multipart({ name, data }),
      });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.file).toEqual([FILE_MESSAGES.catalogType]);
    }
  });
});
