import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type ImportReport } from '@tradeloop/contracts/catalog-files';
import { as, persistentDatabase, signUp } from '../../../test/helpers.ts';
import { serverProcess } from '../../../test/server-process.ts';
import { sampleCsv } from './sample-csv.ts';
import { multipart } from './test-support.ts';

const ROWS = 5000;

describe('a product import cut off by a crash', () => {
  it('tells which rows were saved, and the same import again leaves each row exactly once', async () => {
    const database = await persistentDatabase();
    try {
      const setup = await database.start();
      const seller = await signUp(setup, 'seller');
      const brand = (await setup.inject({ method: 'GET', url: '/api/v1/brands/list?search=kirloskar' })).json().data
        .data[0].name;
      await setup.close();
      const { csv } = sampleCsv(ROWS, { brand });

      // The import runs in a server process of its own, killed once its first batch has committed.
      const server = await serverProcess({ ...database.env, LOG_LEVEL: 'info' });
      const firstBatch = server.logged((entry) => entry.msg === 'product import: batch saved');
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      const answer = fetch(`${server.base}/api/v1/product/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}` },
        body: form,
      }).catch(() => null);
      await firstBatch;
      await server.crash();
      expect(await answer, 'the import finished before the crash').toBeNull();

      const restarted = await database.start();
      try {
        // The report tells exactly the rows that were saved, each with its product.
        const [cut] = (await as(restarted, seller, { method: 'GET', url: '/api/v1/product/imports' })).json().data;
        expect(cut).toMatchObject({ file_name: 'catalogue.csv', total: ROWS, updated: 0, rejected: 0 });
        expect(cut.status).not.toBe('finished');
        expect(cut.created).toBeGreaterThan(0);
        expect(cut.created).toBeLessThan(ROWS);
        const report: ImportReport = (
          await as(restarted, seller, { method: 'GET', url: `/api/v1/product/imports/${cut.import_id}` })
        ).json().data;
        expect(report.rows).toHaveLength(cut.created);
        const exported = await modelNumbers(restarted, seller);
        expect(exported.sort()).toEqual(report.rows.map((row) => row.model_number).sort());

        // The same file again: the saved rows are updated, the others created, none twice.
        const again: ImportReport = (
          await as(restarted, seller, {
            method: 'POST',
            url: '/api/v1/product/import',
            ...multipart({ name: 'catalogue.csv', data: Buffer.from(csv), type: 'text/csv' }),
          })
        ).json().data;
        expect(again).toMatchObject({ status: 'finished', created: ROWS - cut.created, updated: cut.created });
        const saved = new Map(report.rows.map((row) => [row.row, row.product_id]));
        for (const row of again.rows.filter((entry) => saved.has(entry.row))) {
          expect(row).toMatchObject({ status: 'updated', product_id: saved.get(row.row) });
        }
        const all = await modelNumbers(restarted, seller);
        expect(all).toHaveLength(ROWS);
        expect(new Set(all).size).toBe(ROWS);
      } finally {
        await restarted.close();
      }
    } finally {
      await database.cleanup();
    }
  }, 600_000);
});

/** The model numbers of the seller's products, one per product, from the export. */
async function modelNumbers(app: Parameters<typeof as>[0], seller: { token: string }) {
  const exported = await as(app, seller, { method: 'GET', url: '/api/v1/product/export' });
  const [, ...rows] = parse(exported.body) as string[][];
  return rows.map((row) => row[CSV_COLUMNS.indexOf('model_number')]);
}
