import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-fixtures.ts';
import { listing } from '../crm/test-support.ts';
import { sellerOf } from '../market/test-fixtures.ts';
import { personOf, requestQuote, threadIndex } from './loop-fixtures.ts';

// Writing the thread fails after the lead was made: the transaction must take the lead back with it.
vi.mock('./threads-service.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./threads-service.ts')>()),
  addThread: vi.fn(async () => {
    throw new Error('thread storage is down');
  }),
}));

let app: FastifyInstance;
let seller: TestUser;
let product: number;

beforeAll(async () => {
  app = await createTestApp();
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Fragile Pumps', type: 'Manufacturers', country: 'IN' });
  product = (await createProductAs(app, seller, inStockProduct(refs))).id;
}, 120_000);
afterAll(() => app.close());

describe('quote.submitted when the CRM fails', () => {
  it('still sends the buyer’s request and leaves no lead half written', async () => {
    const buyer = await personOf(app, 'buyer', { name: 'Patient Buyer' });
    const response = await requestQuote(app, buyer, seller, product, { combinations: '3 HP|Single' });
    expect(response.statusCode).toBe(201);
    expect((await listing(app, seller, { type_id: 1 })).total).toBe(0);
    expect((await threadIndex(app, seller)).total).toBe(0);
  });
});
