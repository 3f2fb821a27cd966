import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-support.ts';
import { createNotification } from './service.ts';

let app: FastifyInstance;
let seller: TestUser;
let buyer: TestUser;
let product: number;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  buyer = await signUp(app, 'buyer');
  product = (await createProductAs(app, seller, inStockProduct(await loadRefs(app)))).id;
});
afterAll(() => app.close());

const get = (user: TestUser, url: string) =>
  as(app, user, { method: 'GET', url }).then((response) => response.json().data);
const post = (user: TestUser, url: string, payload: object) => as(app, user, { method: 'POST', url, payload });

describe('wishlist', () => {
  it('adds and removes a product once, and tells the seller the first time', async () => {
    const add = await post(buyer, '/api/v1/front/wishlist/add', { product_id: product });
    expect(add.json()).toMatchObject({ data: { wishlisted: true }, message: 'Added to your wishlist.' });
    await post(buyer, '/api/v1/front/wishlist/add', { product_id: product });
    const list = await get(buyer, '/api/v1/front/wishlist');
    expect(list.data.map((item: { id: number }) => item.id)).toEqual([product]);
    expect(await get(buyer, '/api/v1/front/wishlist/ids')).toEqual({ ids: [product] });

    const counts = await get(seller, '/api/v1/notifications/count');
    expect(counts.unread).toEqual({ all: 1, enquiries: 0, orderInvoices: 0, product: 1 });

    const remove = await post(buyer, '/api/v1/front/wishlist/remove', { product_id: product });
    expect(remove.json().data.wishlisted).toBe(false);
    expect((await get(buyer, '/api/v1/front/wishlist')).total).toBe(0);
    expect((await post(buyer, '/api/v1/front/wishlist/add', { product_id: 999999 })).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('counts all, enquiries, orderInvoices and product, read and unread, and lists a tab', async () => {
    const user = await signUp(app, 'buyer');
    for (const type of ['enquiries', 'enquiries', 'orderInvoices', 'product'] as const) {
      await createNotification(app.db, { userId: user.id, type, title: `A ${type}`, body: 'Body', link: null });
    }
    const counts = await get(user, '/api/v1/notifications/count');
    expect(counts).toEqual({
      total: { all: 4, enquiries: 2, orderInvoices: 1, product: 1 },
      unread: { all: 4, enquiries: 2, orderInvoices: 1, product: 1 },
    });
    const enquiries = await get(user, '/api/v1/notifications/list?type=enquiries');
    expect(enquiries.data).toHaveLength(2);
    expect(
      enquiries.data.every((item: { type: string; read: boolean }) => item.type === 'enquiries' && !item.read),
    ).toBe(true);

    const read = await post(user, '/api/v1/notifications/read', { ids: [enquiries.data[0].id] });
    expect(read.json().data.unread).toEqual({ all: 3, enquiries: 1, orderInvoices: 1, product: 1 });
    expect((await get(user, '/api/v1/notifications/list?read=read')).total).toBe(1);
    expect((await get(user, '/api/v1/notifications/list?read=unread')).total).toBe(3);

    await post(user, '/api/v1/notifications/read', { type: 'all' });
    expect((await get(user, '/api/v1/notifications/count')).unread.all).toBe(0);
    await post(user, '/api/v1/notifications/read', { ids: [enquiries.data[1].id], read: false });
    expect((await get(user, '/api/v1/notifications/count')).unread).toEqual({
      all: 1,
      enquiries: 1,
      orderInvoices: 0,
      product: 0,
    });
  });

  it('never reads, marks or deletes another user’s notifications', async () => {
    const owner = await signUp(app, 'buyer');
    const stranger = await signUp(app, 'buyer');
    const mine = await createNotification(app.db, {
      userId: owner.id,
      type: 'product',
      title: 'Mine',
      body: 'x',
      link: null,
    });
    expect((await get(stranger, '/api/v1/notifications/list')).total).toBe(0);
    expect((await post(stranger, '/api/v1/notifications/read', { ids: [mine.id] })).statusCode).toBe(404);
    expect((await post(stranger, '/api/v1/notifications/delete', { ids: [mine.id] })).statusCode).toBe(404);
    const list = await get(owner, '/api/v1/notifications/list');
    expect(list.data).toEqual([expect.objectContaining({ id: mine.id, read: false })]);
    expect((await post(owner, '/api/v1/notifications/read', {})).statusCode).toBe(422);
  });
});
