import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, eventually, persistentDatabase, settled, type TestUser } from '../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../modules/catalog/test-support.ts';
import { personOf } from '../modules/crm/test-support.ts';
import { operatorOf, sellerOf } from '../modules/market/test-support.ts';
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
  payload: { productId?: number };
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
  });
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

  it('finds failed deliveries by event name and company, shows the queues, and discards one on the record', async () => {
    broken.add(401);
    await app.db.transaction((tx) =>
      app.events.emit(tx, 'product.wishlisted', { ...wishlisted(401), sellerUserId: 0 }),
    );
    const failed = await eventually(
      async () =>
        (
          await as(app, operator, {
            method: 'GET',
            url: '/api/v1/operator/jobs?status=failed&event=product.wishlisted&per_page=100',
          })
        )
          .json()
          .data.data.filter((job: JobView) => job.queue === 'event:test.flaky'),
      (list: JobView[]) => list.some((job) => job.payload.productId === 401),
    );
    const job = failed.find((row) => row.payload.productId === 401)!;
    // Another event's name finds none of them; a company's id finds only that company's work.
    const other = await as(app, operator, {
      method: 'GET',
      url: '/api/v1/operator/jobs?status=failed&event=quote.submitted',
    });
    expect(other.json().data.data.map((row: JobView) => row.id)).not.toContain(job.id);
    const byCompany = await as(app, operator, {
      method: 'GET',
      url: '/api/v1/operator/jobs?status=failed&company=987654',
    });
    expect(byCompany.json().data.total).toBe(0);

    const queues = await as(app, operator, { method: 'GET', url: '/api/v1/operator/jobs/queues' });
    expect(queues.statusCode).toBe(200);
    expect(queues.json().data).toContainEqual(
      expect.objectContaining({ queue: 'event:test.flaky', failed: expect.any(Number), priority: 10 }),
    );
    expect(
      queues.json().data.find((row: { queue: string }) => row.queue === 'event:test.flaky').failed,
    ).toBeGreaterThan(0);

    const discard = (id: number, body: unknown = { reason: 'The product was withdrawn.' }) =>
      as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/discard/${id}`, payload: body as object });
    const discarded = await discard(job.id);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().message).toBe('The job is discarded.');
    const record = (
      await as(app, operator, { method: 'GET', url: '/api/v1/operator/jobs?status=discarded&per_page=100' })
    )
      .json()
      .data.data.find((row: JobView) => row.id === job.id);
    expect(record).toMatchObject({
      status: 'discarded',
      discarded_by: operator.id,
      last_error: 'product 401 is broken',
    });
    expect(record.finished_at).toEqual(expect.any(String));
    // Neither retried nor discarded twice; a discarded job never runs again.
    expect((await discard(job.id)).statusCode).toBe(404);
    expect((await as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/retry/${job.id}` })).statusCode).toBe(
      404,
    );
    broken.delete(401);
    await settled(app);
    expect(received).not.toContainEqual({ subscriber: 'flaky', productId: 401 });
  });

  it('answers bad input on the operator API with a clear 4xx', async () => {
    const get = (query: string) => as(app, operator, { method: 'GET', url: `/api/v1/operator/jobs?${query}` });
    for (const query of [
      'per_page=100000',
      'page=0',
      'status=nonsense',
      'event=DROP%20TABLE',
      `event=${'a'.repeat(101)}`,
      'company=-4',
      'company=abc',
      'queue=%00',
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    expect((await get('event=quote')).json().message).toBeUndefined();
    expect((await get('company=abc')).json().message).toBe('A company is given by its id, a positive whole number.');
    for (const id of ['0', '-1', 'abc', '99999999999999999999']) {
      expect(
        (await as(app, operator, { method: 'POST', url: `/api/v1/operator/jobs/retry/${id}` })).statusCode,
        id,
      ).toBe(422);
    }
    expect(
      (await as(app, operator, { method: 'POST', url: '/api/v1/operator/jobs/discard/424242424', payload: {} }))
        .statusCode,
    ).toBe(404);
    const longReason = await as(app, operator, {
      method: 'POST',
      url: '/api/v1/operator/jobs/discard/1',
      payload: { reason: 'x'.repeat(501) },
    });
    expect(longReason.statusCode).toBe(422);
    expect(longReason.json().message).toBe('Say in at most 500 characters why the job is discarded.');
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
  });

  it('waits a second after the first failure, doubling, at most ten minutes', () => {
    expect([1, 2, 3, 10, 11, 30].map(jobBackoffMs)).toEqual([1_000, 2_000, 4_000, 512_000, 600_000, 600_000]);
  });
});

// Several instances on one PostgreSQL (the CI run): PGlite is one process's database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  /** Quote events written through both instances (issue 41, acceptance 3). */
  const QUOTES = 10_000;
  const SELLERS = 20;

  it('deliver 10,000 quote events between them, none lost and none twice', async () => {
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
      // 20 sellers of a busy marketplace; 100 buyers ask them for prices again and again, each request an
      // event of its own.
      const sellers: { seller: TestUser; product: number }[] = [];
      for (let n = 0; n < SELLERS; n += 1) {
        const seller = await sellerOf(first, { name: `Busy Pumps ${n}`, type: 'Manufacturers', country: 'IN' });
        sellers.push({ seller, product: (await createProductAs(first, seller, inStockProduct(refs))).id });
      }
      const buyers: TestUser[] = [];
      for (let n = 0; n < 100; n += 1) buyers.push(await personOf(first, 'buyer', { name: `Buyer ${n}` }));
      // Written by both instances while both deliver, 100 events a transaction.
      for (let start = 0; start < QUOTES; start += 100) {
        const writer = instances[(start / 100) % 2];
        await writer.db.transaction(async (tx) => {
          for (let n = start; n < start + 100; n += 1) {
            const buyer = buyers[n % buyers.length];
            const { seller, product } = sellers[n % SELLERS];
            await writer.events.emit(tx, 'quote.submitted', {
              enquiryId: 500_000 + n,
              requestGroup: `busy-${n}`,
              sellerUserId: seller.id,
              sellerCompanyId: seller.companyId!,
              buyerUserId: buyer.id,
              buyerName: `Buyer ${n % buyers.length}`,
              productId: product,
              productName: 'Pump',
              combination: null,
              quantity: 1,
              message: null,
            });
          }
        });
      }
      await eventually(
        async () => deliveries.length,
        (count) => count >= QUOTES,
        1_800_000,
      );
      await settled(first);
      await settled(second);

      const enquiryIds = deliveries.map((delivery) => delivery.enquiryId);
      expect(enquiryIds).toHaveLength(QUOTES);
      expect(new Set(enquiryIds).size).toBe(QUOTES);
      expect(deliveries.some((delivery) => delivery.instance === 0)).toBe(true);
      expect(deliveries.some((delivery) => delivery.instance === 1)).toBe(true);
      const [counts] = rowsOf<{ threads: number; enquiries: number; unfinished: number }>(
        await first.db.execute(sql`select
          (select count(*)::int from crm_lead_threads where enquiry_id >= 500000) as threads,
          (select count(distinct enquiry_id)::int from crm_lead_threads where enquiry_id >= 500000) as enquiries,
          (select count(*)::int from jobs where status <> 'done' and queue like 'event:%') as unfinished`),
      );
      expect(counts).toEqual({ threads: QUOTES, enquiries: QUOTES, unfinished: 0 });
    } finally {
      for (const app of instances) await app.close();
      await database.cleanup();
    }
  }, 2_400_000);
});

/** A server that also notes, per quote event it delivers (once its delivery committed), which instance it was. */
async function buildInstance(
  database: Awaited<ReturnType<typeof persistentDatabase>>,
  instance: number,
  deliveries: { enquiryId: number; instance: number }[],
) {
  const app = await buildApp(loadConfig(database.env));
  app.events.on('quote.submitted', 'test.count', async ({ enquiryId }, { afterCommit }) => {
    afterCommit(() => deliveries.push({ enquiryId, instance }));
  });
  await app.ready();
  return app;
}
