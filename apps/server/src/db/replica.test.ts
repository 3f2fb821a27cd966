import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { IN_MEMORY, loadConfig } from '../config.ts';
import { as, type TestUser } from '../../test/helpers.ts';
import { postgresBinaries, startReplicatedPair, type ReplicatedPair } from '../../test/replication.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../modules/catalog/test-support.ts';
import { sellerOf } from '../modules/market/test-support.ts';

/**
 * Decision 060: a primary and a real streaming replica of its own (test/replication.ts), a server with
 * DATABASE_URL on the one and DATABASE_REPLICA_URLS on the other. The replica's replay is paused to tell the
 * two apart: what only the primary holds cannot come from the replica.
 */
const bindir = postgresBinaries();

describe.skipIf(!bindir)('POST /api/v1/front/product/list on a read replica', () => {
  let pair: ReplicatedPair | undefined;
  let app: FastifyInstance | undefined;
  let refs: Refs;
  let seller: TestUser;
  let productId: number;
  const log: string[] = [];

  const server = () => app!;
  const names = async (caller?: TestUser) => {
    const options = { method: 'POST' as const, url: '/api/v1/front/product/list', payload: { keyword: 'pump' } };
    const response = caller ? await as(server(), caller, options) : await server().inject(options);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.data as { name: string }[]).map((product) => product.name);
  };
  const answeredBy = async () => {
    const metric = server().metrics.registry.getSingleMetric('tradeloop_db_public_reads_total');
    const { values } = await metric!.get();
    const count = (pool: string) => values.find((value) => value.labels.pool === pool)?.value ?? 0;
    return { replica: count('replica'), primary: count('primary') };
  };
  const rename = async (name: string) => {
    const response = await as(server(), seller, {
      method: 'POST',
      url: `/api/v1/product/update/${productId}`,
      payload: inStockProduct(refs, { name }),
    });
    expect(response.statusCode, response.body).toBe(200);
    await server().jobs.drain();
  };

  beforeAll(async () => {
    pair = await startReplicatedPair(bindir!);
    const config = loadConfig({
      DATA_DIR: IN_MEMORY,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URLS: pair.replicaUrl,
    });
    app = await buildApp(config, { logStream: { write: (line) => void log.push(line) } });
    await app.ready();
    refs = await loadRefs(app);
    seller = await sellerOf(app, { name: 'Replica Pumps', type: 'Manufacturers', country: 'IN' });
    productId = (await createProductAs(app, seller, inStockProduct(refs, { name: 'First Pump' }))).id;
    await app.jobs.drain();
    await pair.caughtUp();
  });

  afterAll(async () => {
    await app?.close();
    await pair?.stop();
  });

  it('answers anonymous searches from the replica', async () => {
    const before = await answeredBy();
    expect(await names()).toEqual(['First Pump']);
    await pair!.pauseReplay();
    try {
      await rename('Second Pump');
      // The primary has the new name; the replica, not replaying, still has the old one.
      expect(await names()).toEqual(['First Pump']);
      expect(await answeredBy()).toEqual({ replica: before.replica + 2, primary: before.primary });
    } finally {
      await pair!.resumeReplay();
    }
    await pair!.caughtUp();
    expect(await names()).toEqual(['Second Pump']);
  });

  it('shows a seller their own edit at once, in their product list and in the search', async () => {
    await pair!.pauseReplay();
    try {
      await rename('Third Pump');
      const before = await answeredBy();
      expect(await names(seller)).toEqual(['Third Pump']);
      expect(await answeredBy()).toEqual({ replica: before.replica, primary: before.primary + 1 });
      const list = await as(server(), seller, { method: 'GET', url: '/api/v1/product/list' });
      expect(list.json().data.data.map((product: { name: string }) => product.name)).toEqual(['Third Pump']);
      // An anonymous visitor is answered by the replica, which has not replayed the edit yet.
      expect(await names()).toEqual(['Second Pump']);
    } finally {
      await pair!.resumeReplay();
    }
  });

  it('answers from the primary while the replica is stopped, warning once', async () => {
    await pair!.stopReplica();
    const before = await answeredBy();
    expect(await names()).toEqual(['Third Pump']);
    expect(await names()).toEqual(['Third Pump']);
    expect(await answeredBy()).toEqual({ replica: before.replica, primary: before.primary + 2 });
    const warnings = log.filter((line) => line.includes('read replica 1 unavailable'));
    expect(warnings).toHaveLength(1);
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  it('is refused without DATABASE_URL, the primary it replicates', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://replica.example/tradeloop' })).toThrow(
      'DATABASE_REPLICA_URLS: requires DATABASE_URL',
    );
  });
});
