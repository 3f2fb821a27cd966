import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, eventually, settled, type TestUser } from '../../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../catalog/test-support.ts';
import { chatUser, sendText } from '../../chat/test-support.ts';
import { listing, personOf, requestQuote, threadIndex } from '../test-support.ts';
import { operatorOf, sellerOf } from '../../market/test-support.ts';

// The CRM's thread storage is down while `outage.on`: a delivery fails after making the lead, and its
// transaction takes the lead back with it. The outbox keeps the event and the runner tries again.
const outage = vi.hoisted(() => ({ on: false }));
vi.mock('./threads.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./threads.ts')>();
  return {
    ...actual,
    addThread: vi.fn(async (...args: Parameters<typeof actual.addThread>) => {
      if (outage.on) throw new Error('thread storage is down');
      return actual.addThread(...args);
    }),
  };
});

let app: FastifyInstance;
let seller: TestUser;
let operator: TestUser;
let product: number;

type JobView = { id: number; queue: string; event_id: number; payload: unknown; attempts: number; last_error: string };

async function jobs(status: string, queue: string): Promise<JobView[]> {
  const response = await as(app, operator, {
    method: 'GET',
    url: `/api/v1/operator/jobs?status=${status}&per_page=100`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data.data as JobView[]).filter((job) => job.queue === queue);
}

/**
 * The lead count and the threads of one kind (type_1 quote, type_2 chat) the seller sees. Threads are read
 * first: a lead and its thread commit together, so a thread seen means its lead is counted too.
 */
async function crmState(type: 'type_1' | 'type_2') {
  const threads = (await threadIndex(app, seller)).data.filter((thread) => thread.type === type);
  return { leads: (await listing(app, seller, { type_id: 1 })).total, threads: threads.length };
}

/** Delivers the same event to the same subscriber once more, as a redelivery would. */
async function redeliver(job: JobView) {
  await app.db.transaction((tx) =>
    app.jobs.enqueue(tx, [
      { queue: job.queue, key: `${job.event_id}:again`, eventId: job.event_id, payload: job.payload },
    ]),
  );
  await settled(app);
}

beforeAll(async () => {
  app = await createTestApp();
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Fragile Pumps', type: 'Manufacturers', country: 'IN' });
  product = (await createProductAs(app, seller, inStockProduct(refs))).id;
  operator = await operatorOf(app);
});
afterAll(() => app.close());

describe('the loop when the CRM fails', () => {
  it('still sends the buyer’s quote request, then makes the lead once the CRM works again, and only once', async () => {
    outage.on = true;
    const buyer = await personOf(app, 'buyer', { name: 'Patient Buyer' });
    const response = await requestQuote(app, buyer, seller, product, { combinations: '3 HP|Single' });
    expect(response.statusCode).toBe(201);
    expect(await crmState('type_1')).toEqual({ leads: 0, threads: 0 });
    // Failed at least once (a busy machine may have passed the first back-off and failed it again).
    const [waiting] = await jobs('queued', 'event:crm.lead-from-quote');
    expect(waiting.last_error).toBe('thread storage is down');
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);

    outage.on = false;
    const state = await eventually(
      () => crmState('type_1'),
      (now) => now.threads > 0,
    );
    expect(state).toEqual({ leads: 1, threads: 1 });

    const [delivered] = (await jobs('done', 'event:crm.lead-from-quote')).filter((job) => job.id === waiting.id);
    expect(delivered.attempts).toBeGreaterThan(waiting.attempts);
    await redeliver(delivered);
    expect(await crmState('type_1')).toEqual({ leads: 1, threads: 1 });
  });

  it('still delivers a chat first message, then makes its lead with a type 2 thread once, when the CRM is back', async () => {
    outage.on = true;
    const buyer = await chatUser(app, 'buyer');
    const before = await crmState('type_2');
    const sent = await sendText(app, buyer, {
      recipient_id: seller.id,
      message: 'Do you ship to Oman?',
      message_type: 'text',
    });
    expect(sent.message).toMatchObject({ message: 'Do you ship to Oman?' });
    await settled(app);
    expect(await crmState('type_2')).toEqual(before);

    outage.on = false;
    const state = await eventually(
      () => crmState('type_2'),
      (now) => now.threads > before.threads,
    );
    expect(state).toEqual({ leads: before.leads + 1, threads: before.threads + 1 });
    const delivered = await jobs('done', 'event:crm.lead-from-chat');
    expect(delivered).toHaveLength(1);
    await redeliver(delivered[0]);
    expect(await crmState('type_2')).toEqual(state);
  });
});
