import { describe, expect, it } from 'vitest';
import { eventually, persistentDatabase, settled } from '../../../../test/helpers.ts';
import { serverProcess } from '../../../../test/server-process.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../catalog/test-support.ts';
import { listing, personOf, threadIndex } from '../test-support.ts';
import { sellerOf } from '../../market/test-support.ts';

describe('a server killed between the buyer’s commit and the delivery', () => {
  it('delivers the lead after a restart on the same data, exactly once', async () => {
    const database = await persistentDatabase();
    try {
      const setup = await database.start();
      const refs = await loadRefs(setup);
      const seller = await sellerOf(setup, { name: 'Crash Test Pumps', type: 'Manufacturers', country: 'IN' });
      const product = (await createProductAs(setup, seller, inStockProduct(refs))).id;
      const buyer = await personOf(setup, 'buyer', { name: 'Persistent Buyer' });
      await setup.close();

      const server = await serverProcess(database.env);
      const response = await fetch(`${server.base}/api/v1/front/getQuery/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          unique_session_id: `crash-${Date.now()}`,
          seller_user_id: seller.id,
          enquiry_user_id: buyer.id,
          product_id: product,
          quantity: 2,
          combinations: '3 HP|Single',
        }),
      });
      expect(response.status).toBe(201);
      await server.crash();

      const restarted = await database.start();
      try {
        const leads = await eventually(
          async () => (await listing(restarted, seller, { type_id: 1 })).total,
          (total) => total > 0,
        );
        await settled(restarted);
        expect(leads).toBe(1);
        expect((await listing(restarted, seller, { type_id: 1 })).total).toBe(1);
        const threads = (await threadIndex(restarted, seller)).data;
        expect(threads.map((thread) => thread.type)).toEqual(['type_1']);
      } finally {
        await restarted.close();
      }
    } finally {
      await database.cleanup();
    }
  });
});
