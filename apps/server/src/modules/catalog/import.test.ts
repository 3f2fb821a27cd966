import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { CSV_COLUMNS, FILE_MESSAGES, type ImportReport } from '@tradeloop/contracts/catalog-files';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { sampleCsv } from './sample-csv.ts';
import { createProductAs, inStockProduct, loadRefs, multipart } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let brand: string;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  brand = (await app.inject({ method: 'GET', url: '/api/v1/brands/list?search=kirloskar' })).json().data.data[0].name;
});
afterAll(() => app.close());

function importCsv(user: TestUser, csv: string, name = 'products.csv') {
  return as(app, user, {
    method: 'POST',
    url: '/api/v1/product/import',
    ...multipart({ name, data: Buffer.from(csv), type: 'text/csv' }),
  });
}

type Report = ImportReport;

describe('GET /api/v1/product/import/template', () => {
  it('downloads the header and two example rows that import as they are', async () => {
    const response = await as(app, seller, { method: 'GET', url: '/api/v1/product/import/template' });
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const owner = await signUp(app, 'seller');
    const report: Report = (await importCsv(owner, response.body)).json().data;
    expect(report, JSON.stringify(report.rows)).toMatchObject({ created: 2, rejected: 0 });
  });
});

describe('POST /api/v1/product/import', () => {
  it('imports 5,000 rows, reports each rejected row with its reasons, and loses none of the valid ones', async () => {
    const owner = await signUp(app, 'seller');
    const { csv, invalid } = sampleCsv(5000, { brand, invalidEvery: 500 });
    const response = await importCsv(owner, csv);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const report: Report = response.json().data;
    expect(report).toMatchObject({ total: 5000, created: 4990, rejected: 10 });
    const rejected = report.rows.filter((row) => row.status === 'rejected');
    expect(rejected.map((row) => row.row)).toEqual(invalid);
    expect(rejected[0].errors.brand).toEqual([CATALOG_MESSAGES.brandRequired]);
    expect(rejected[1].errors.categories).toEqual([`${CATALOG_MESSAGES.unknownCategory}: no-such-category`]);
    expect(rejected[2].errors.price_tiers).toEqual([CATALOG_MESSAGES.tiersOverlap]);
    expect(rejected[3].errors.attributes).toEqual([CATALOG_MESSAGES.duplicateTerms]);
    expect(rejected[4].errors.nearest_seaport).toEqual(['Please enter nearest seaport']);
    expect(response.json().message).toBe('4990 products created, 0 updated, 10 rows rejected');

    const list = await as(app, owner, { method: 'GET', url: '/api/v1/product/list?per_page=1' });
    expect(list.json().data.total).toBe(4990);
    const created = report.rows.find((row) => row.status === 'created')!;
    const matrix = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/matrix/list',
      payload: { product_id: created.product_id },
    });
    expect(matrix.json().data.total).toBe(6);
  });

  it('updates instead of duplicating when the same 5,000-row file is imported again, and keeps the report', async () => {
    const owner = await signUp(app, 'seller');
    const { csv } = sampleCsv(5000, { brand });
    const first: Report = (await importCsv(owner, csv, 'catalogue.csv')).json().data;
    expect(first).toMatchObject({ status: 'finished', total: 5000, created: 5000, updated: 0, rejected: 0 });
    const edited = csv.replace('Centrifugal Pump 1000,', 'Centrifugal Pump 1000 (rev. B),');
    const again = await importCsv(owner, edited, 'catalogue.csv');
    const second: Report = again.json().data;
    expect(second).toMatchObject({ status: 'finished', total: 5000, created: 0, updated: 5000, rejected: 0 });
    expect(again.json().message).toBe('0 products created, 5000 updated, 0 rows rejected');
    // The same row saves over the same product.
    expect(second.rows.map((row) => row.product_id)).toEqual(first.rows.map((row) => row.product_id));
    expect(second.rows.every((row) => row.status === 'updated')).toBe(true);
    const list = await as(app, owner, { method: 'GET', url: '/api/v1/product/list?per_page=1' });
    expect(list.json().data.total).toBe(5000);
    const renamed = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: first.rows[0].product_id },
    });
    expect(renamed.json().data.name).toBe('Centrifugal Pump 1000 (rev. B)');

    const imports = (await as(app, owner, { method: 'GET', url: '/api/v1/product/imports' })).json().data;
    expect(imports.map((entry: { import_id: number }) => entry.import_id)).toEqual([second.import_id, first.import_id]);
    expect(imports[0]).toMatchObject({ file_name: 'catalogue.csv', status: 'finished', updated: 5000 });
    const stored = (await as(app, owner, { method: 'GET', url: `/api/v1/product/imports/${first.import_id}` })).json();
    expect(stored.data.rows).toEqual(first.rows);
    // Another company's import is not found.
    const other = await as(app, seller, { method: 'GET', url: `/api/v1/product/imports/${first.import_id}` });
    expect(other.statusCode).toBe(404);
  });

  it('keys rows by model number, else by name; a key twice in a file or on two products is refused', async () => {
    const owner = await signUp(app, 'seller');
    const [header, base] = parse(sampleCsv(1, { brand }).csv) as string[][];
    const row = (name: string, model = '') => {
      const changed: Record<string, string> = { name, model_number: model };
      return base.map((value, index) => changed[header[index]] ?? value);
    };
    const file = stringify([header, row('Pump A', 'PA-1'), row('Pump B'), row('Pump A again', 'pa-1'), row('pump b')]);
    const first: Report = (await importCsv(owner, file)).json().data;
    expect(
      first.rows.map((entry) => [entry.row, entry.status]),
      JSON.stringify(first.rows),
    ).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'rejected'],
      [5, 'rejected'],
    ]);
    expect(first.rows[2].errors).toEqual({ model_number: [FILE_MESSAGES.duplicateModelNumber(2)] });
    expect(first.rows[3].errors).toEqual({ name: [FILE_MESSAGES.duplicateName(3)] });

    // A product made in the form with the same model number makes the key ambiguous.
    const refs = await loadRefs(app);
    await createProductAs(app, owner, inStockProduct(refs, { name: 'Pump A copy', model_number: 'PA-1' }));
    const second: Report = (await importCsv(owner, stringify([header, row('Pump A', 'PA-1'), row('PUMP B ')]))).json()
      .data;
    expect(second.rows.map((entry) => entry.status)).toEqual(['rejected', 'updated']);
    expect(second.rows[0].errors).toEqual({ model_number: [FILE_MESSAGES.ambiguousModelNumber] });
    expect(second.rows[1].product_id).toBe(first.rows[1].product_id);
  });

  it('refuses a file that is not CSV, has no rows, or lacks the template’s columns', async () => {
    expect((await importCsv(seller, 'name,description\n', 'x.csv')).json().errors.file).toEqual([
      FILE_MESSAGES.csvEmpty,
    ]);
    expect((await importCsv(seller, 'a,b\n1,2\n', 'x.csv')).json().errors.file[0]).toContain(FILE_MESSAGES.csvHeader);
    expect((await importCsv(seller, 'name\nx\n', 'x.xlsx')).json().errors.file).toEqual([FILE_MESSAGES.csvType]);
    const unreadable = await importCsv(seller, 'name,description\n"unclosed,quote\n', 'x.csv');
    expect(unreadable.statusCode).toBe(422);
  });
});

describe('GET /api/v1/product/export', () => {
  it('exports the catalogue in the import format, so an export imports again unchanged', async () => {
    const owner = await signUp(app, 'seller');
    const refs = await loadRefs(app);
    await createProductAs(
      app,
      owner,
      inStockProduct(refs, {
        name: '=HYPERLINK("http://evil")',
        specifications: [{ name: 'General', items: [{ name: 'Body', value: 'Cast iron' }] }],
      }),
    );
    const exported = await as(app, owner, { method: 'GET', url: '/api/v1/product/export' });
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const [, row] = parse(exported.body) as string[][];
    expect(row[0]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row[CSV_COLUMNS.indexOf('specifications')]).toBe('Body=Cast iron');

    const other = await signUp(app, 'seller');
    const report: Report = (await importCsv(other, exported.body)).json().data;
    expect(report, JSON.stringify(report.rows)).toMatchObject({ created: 1, rejected: 0 });
    const copy = await as(app, other, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: report.rows[0].product_id },
    });
    expect(copy.json().data).toMatchObject({
      name: '=HYPERLINK("http://evil")',
      order_quantity: [
        { min: 1, max: 9, per_unit: 420 },
        { min: 10, max: 49, per_unit: 395 },
      ],
    });
  });
});
