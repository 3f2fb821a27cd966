import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, eventually, persistentDatabase, settled, type TestUser } from '../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../modules/catalog/test-fixtures.ts';
import { personOf } from '../modules/crm-work/loop-fixtures.ts';
import { operatorOf, sellerOf } from '../modules/market/test-fixtures.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rowsOf } from '../db/sql.ts';
import type { DomainEvents } from './events.ts';
import { jobBackoffMs } from './jobs.ts';

type JobView = {
  id: number;
  queue: string;
  event_id: number;
  event_name: string;
  status: string;
  attempts: number;
  last_error: string;
};

const wishlisted = (productId: number): DomainEvents['product.wishlisted'] => ({
  productId,
  productName: `Product ${productId}`,
  sellerUserId: 0,
  userId: 0,
});

describe('the outbox and the job runner', () => {
  let app: FastifyInstance;
  let operator: TestUser;
  const received: { subscriber: string; productId: number }[] = [];
  const broken = new Set<number>();

  const emit = (productId: number) =>
    app.db.transaction((tx) => app.events.emit(tx, 'product.wishlisted', wishlisted(productId)));
  const jobs = async (status: string, user = operator) => {
    const response = await as(app, user, { method: 'GET', url: `/api/v1/operator/jobs?status=${status}&per_page=100` });
    return { status: response.statusCode, jobs: (response.json().data?.data ?? []) as JobView[] };
  };

  beforeAll(async () => {
    app = await createTestApp();
    // Subscribers of this test only (the real ones need real sellers); the flaky one gives up after two tries.
    app.events.on(
      'product.wishlisted',
      'test.flaky',
      async ({ productId }) => {
        if (broken.has(productId)) throw new Error(`product ${productId} is broken`);
        received.push({ subscriber: 'flaky', productId });
      },
      { maxAttempts: 2 },
    );
    app.events.on('product.wishlisted', 'test.steady', async ({ productId }) => {
      received.push({ subscriber: 'steady', productId });
    });
    await app.ready();
    operator = await operatorOf(app);
  }, 120_000);
  afterAll(() => app.close());

  it('delivers an event to every subscriber once, and an event whose transaction rolled back to none', async () => {
    await emit(101);
    await app.db
      .transaction(async (tx) => {
        await app.events.emit(tx, 'product.wishlisted', wishlisted(102));
        throw new Error('the change failed');
      })
      .catch(() => {});
    await settled(app);
    expect(received.filter((entry) => entry.productId >= 101)).toEqual(
      expect.arrayContaining([
        { subscriber: 'flaky', productId: 101 },
        { subscriber: 'steady', productId: 101 },
      ]),
    );
    expect(received.filter((entry) => entry.productId >= 101)).toHaveLength(2);
  });

  it('stops a delivery that keeps failing, shows it to the operator with its error, holds nothing up, and retries it', async () => {
    broken.add(201);
    await emit(201);
    await emit(202);
    const failed = await eventually(
      async () => (await jobs('failed')).jobs.filter((job) => job.queue === 'event:test.flaky'),
      (list) => list.length > 0,
    );
    expect(failed).toEqual([
      expect.objectContaining({ event_name: 'product.wishlisted', attempts: 2, last_error: 'product 201 is broken' }),
    ]);
    // The event behind it reached both subscribers; the failing one reached the steady subscriber.
    expect(received).toEqual(
      expect.arrayContaining([
        { subscriber: 'flaky', productId: 202 },
        { subscriber: 'steady', productId: 202 },
        { subscriber: 'steady', productId: 201 },
      ]),
    );
    expect(received).not.toContainEqual({ subscriber: 'flaky', productId: 201 });

    broken.delete(201);
    const retry = (id: number) => as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/retry/${id}` });
    const retried = await retry(failed[0].id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('The job is queued again.');
    await settled(app);
    expect(received).toContainEqual({ subscriber: 'flaky', productId: 201 });
    expect((await retry(failed[0].id)).statusCode).toBe(404);
  });

  it('lets only the platform operator read and retry jobs', async () => {
    const buyer = await personOf(app, 'buyer', { name: 'Curious Buyer' });
    expect((await jobs('failed', buyer)).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/operator/jobs' })).statusCode).toBe(401);
    expect((await as(app, buyer, { method: 'POST', url: '/api/v1/operator/jobs/retry/1' })).statusCode).toBe(403);
    expect((await jobs('nonsense')).status).toBe(422);
  });

  it('runs periodic work again and again, and a process’s local work once more as it stops', async () => {
    const other = await createTestApp();
    let passes = 0;
    let flushes = 0;
    other.jobs.every('test.every', 50, async () => {
      passes += 1;
    });
    other.jobs.local('test.local', 60 * 60_000, async () => {
      flushes += 1;
    });
    await other.ready();
    expect(
      await eventually(
        async () => passes,
        (count) => count >= 3,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(flushes).toBe(0);
    await other.close();
    expect(flushes).toBe(1);
  });

  it('lets events of one key share a delivery while it waits, and gives one under way a new delivery', async () => {
    // No background runner: deliveries wait in the queue until this test drains them.
    const quiet = await createTestApp({ JOB_CONCURRENCY: '0' });
    const handled: { productId: number; eventId: number }[] = [];
    let changeWhileRunning = true;
    quiet.events.on(
      'product.wishlisted',
      'test.coalesced',
      async ({ productId }, { tx, eventId }) => {
        handled.push({ productId, eventId });
        // A change of the same key while its delivery runs: that delivery read before it, so it needs another.
        if (productId === 302 && changeWhileRunning) {
          changeWhileRunning = false;
          await quiet.events.emit(tx, 'product.wishlisted', wishlisted(302));
        }
      },
      { coalesce: ({ productId }) => String(productId) },
    );
    await quiet.ready();
    const queued = async (queue: string) =>
      rowsOf<{ key: string; event_id: number }>(
        await quiet.db.execute(sql`select key, event_id::float8 as event_id from jobs
          where queue = ${queue} and status = 'queued' order by id`),
      );
    try {
      const emitted = (productId: number) =>
        quiet.db.transaction((tx) => quiet.events.emit(tx, 'product.wishlisted', wishlisted(productId)));
      const first = await emitted(301);
      const second = await emitted(301);
      expect(second).not.toBe(first);
      expect(await queued('event:test.coalesced')).toEqual([{ key: 'coalesce:301', event_id: first }]);
      // The other subscribers still get a delivery per event.
      expect(await queued('event:notifications.product-wishlisted')).toHaveLength(2);
      await quiet.jobs.drain();
      expect(handled).toEqual([{ productId: 301, eventId: first }]);

      const third = await emitted(302);
      await quiet.jobs.drain();
      const later = handled.filter((entry) => entry.productId === 302);
      expect(later).toHaveLength(2);
      expect(later[0].eventId).toBe(third);
      expect(later[1].eventId).not.toBe(third);
      expect(new Set(handled.map((entry) => entry.eventId)).size).toBe(handled.length);

      // A lead changed twice in one transaction (its only subscriber coalesces) writes one event; a change
      // one automation run deeper is kept apart, so the depth bound holds.
      const leadId = 9_000_000_001;
      const [once, again, deeper] = await quiet.db.transaction(async (tx) => [
        await quiet.events.emit(tx, 'lead.changed', { companyId: 1, leadId, cause: 'created' }),
        await quiet.events.emit(tx, 'lead.changed', { companyId: 1, leadId, cause: 'thread' }),
        await quiet.events.emit(tx, 'lead.changed', { companyId: 1, leadId, cause: 'edited', depth: 1 }),
      ]);
      expect(again).toBe(once);
      expect(deeper).not.toBe(once);
      expect((await queued('event:scoring.lead-score')).map((job) => job.key)).toEqual([
        `coalesce:lead:${leadId}:0`,
        `coalesce:lead:${leadId}:1`,
      ]);
      const events = rowsOf<{ count: number }>(
        await quiet.db.execute(sql`select count(*)::int as count from domain_events
          where name = 'lead.changed' and (payload->>'leadId')::bigint = ${leadId}`),
      );
      expect(events[0].count).toBe(2);
      await quiet.jobs.drain();
      expect(await queued('event:scoring.lead-score')).toEqual([]);
    } finally {
      await quiet.close();
    }
  }, 120_000);

  it('waits a second after the first failure, doubling, at most ten minutes', () => {
    expect([1, 2, 3, 10, 11, 30].map(jobBackoffMs)).toEqual([1_000, 2_000, 4_000, 512_000, 600_000, 600_000]);
  });
});

// Several instances on one PostgreSQL (the CI run): PGlite is one process's database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('deliver 1,000 quote events between them, none lost and none twice', async () => {
    const database = await persistentDatabase();
    const instances: FastifyInstance[] = [];
    try {
      const deliveries: { enquiryId: number; instance: number }[] = [];
      for (const instance of [0, 1]) {
        const app = await buildInstance(database, instance, deliveries);
        instances.push(app);
      }
      const [first, second] = instances;
      const refs = await loadRefs(first);
      const seller = await sellerOf(first, { name: 'Busy Pumps', type: 'Manufacturers', country: 'IN' });
      // A buyer asks for a product's price once in a while: 1,000 requests are 50 buyers × 20 products.
      const products: number[] = [];
      for (let n = 0; n < 20; n += 1) products.push((await createProductAs(first, seller, inStockProduct(refs))).id);
      const buyers: TestUser[] = [];
      for (let n = 0; n < 50; n += 1) buyers.push(await personOf(first, 'buyer', { name: `Buyer ${n}` }));

      const total = buyers.length * products.length;
      const requests = buyers.flatMap((buyer) => products.map((product) => ({ buyer, product })));
      for (let start = 0; start < total; start += 20) {
        await Promise.all(
          requests.slice(start, start + 20).map(({ buyer, product }, offset) =>
            as(offset % 2 ? second : first, buyer, {
              method: 'POST',
              url: '/api/v1/front/getQuery/submit',
              payload: {
                unique_session_id: `load-session-${buyer.id}-${product}`,
                seller_user_id: seller.id,
                enquiry_user_id: buyer.id,
                product_id: product,
                quantity: 1,
                combinations: '3 HP|Single',
              },
            }).then((response) => expect(response.statusCode, response.body).toBe(201)),
          ),
        );
      }
      await eventually(
        async () => deliveries.length,
        (count) => count >= total,
        120_000,
      );
      await settled(first);
      await settled(second);

      const enquiryIds = deliveries.map((delivery) => delivery.enquiryId);
      expect(enquiryIds).toHaveLength(total);
      expect(new Set(enquiryIds).size).toBe(total);
      expect(deliveries.some((delivery) => delivery.instance === 0)).toBe(true);
      expect(deliveries.some((delivery) => delivery.instance === 1)).toBe(true);
      const threads = await as(first, seller, { method: 'GET', url: '/crm/v1/thread/index?per_page=1' });
      expect(threads.json().data.total).toBe(total);
    } finally {
      for (const app of instances) await app.close();
      await database.cleanup();
    }
  }, 600_000);
});

/** A server that also notes, per quote event it delivers, which instance it was. */
async function buildInstance(
  database: Awaited<ReturnType<typeof persistentDatabase>>,
  instance: number,
  deliveries: { enquiryId: number; instance: number }[],
) {
  const app = await buildApp(loadConfig(database.env));
  app.events.on('quote.submitted', 'test.count', async ({ enquiryId }) => {
    deliveries.push({ enquiryId, instance });
  });
  await app.ready();
  return app;
}
