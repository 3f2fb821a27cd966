import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATOR_MESSAGES } from '@tradeloop/contracts/catalog-calculator';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;
let productId: number;

/** Power 3 HP | 5 HP, Phase Single | Three | Dual; 420 a unit from 1 to 9, 395 from 10 to 49. */
beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
  productId = (await createProductAs(app, seller, inStockProduct(refs))).id;
});
afterAll(() => app.close());

const post = (url: string, payload: object) =>
  as(app, seller, { method: 'POST', url: `/api/v1/product/${url}`, payload });
const powerValues = [
  { attribute: 'Power', value: '3 HP', number: 3 },
  { attribute: 'Power', value: '5 HP', number: 5 },
];

async function check(calculator: object | undefined, combination: string, quantity: number) {
  return post('calculator_multiple_check', { product_id: productId, calculator, combination, quantity });
}

describe('POST /api/v1/product/calculator_multiple_check: evaluation', () => {
  it('similar: one equation for every combination, over price, quantity and attribute numbers', async () => {
    const calculator = { mode: 'similar', values: powerValues, similar: { equation: 'price * quantity * Power / 3' } };
    const response = await check(calculator, '5 HP|Three', 10);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      combination: '5 HP|Three',
      quantity: 10,
      equation: 'price * quantity * Power / 3',
      variables: { price: 395, quantity: 10, Power: 5 },
      total: 6583.33,
      unit_price: 658.3333,
    });
  });

  it('multilevel: the level that covers the quantity applies', async () => {
    const calculator = {
      mode: 'multilevel',
      multilevel: [
        { min: 1, max: 9, equation: 'price * quantity' },
        { min: 10, max: 100, equation: 'price * quantity * 0.9' },
      ],
    };
    expect((await check(calculator, '3 HP|Single', 5)).json().data.total).toBe(2100);
    expect((await check(calculator, '3 HP|Single', 20)).json().data.total).toBe(7110);
    const outside = await check(calculator, '3 HP|Single', 500);
    expect(outside.json().errors.quantity).toEqual([CALCULATOR_MESSAGES.noLevelForQuantity]);
  });

  it('Group: one equation per option of the grouping attribute', async () => {
    const calculator = {
      mode: 'Group',
      group: {
        attribute: 'Phase',
        rows: [
          { value: 'Single', equation: 'price * quantity' },
          { value: 'Three', equation: 'price * quantity * 1.1' },
          { value: 'Dual', equation: 'max(price * quantity * 1.05, 1000)' },
        ],
      },
    };
    expect((await check(calculator, '3 HP|Three', 2)).json().data.total).toBe(924);
    expect((await check(calculator, '3 HP|Dual', 1)).json().data.total).toBe(1000);
    const missing = await check(
      { ...calculator, group: { attribute: 'Phase', rows: calculator.group.rows.slice(0, 2) } },
      '3 HP|Single',
      1,
    );
    expect(missing.json().errors['calculator.group.rows']).toEqual([CALCULATOR_MESSAGES.groupEquationMissing]);
  });

  it('uses a combination’s own price from the matrix', async () => {
    const rows = (await post('matrix/list', { product_id: productId })).json().data.data;
    const row = rows.find((entry: { value: string }) => entry.value === '5 HP|Dual');
    await post('matrix/update', { product_id: productId, id: row.id, price: 500 });
    const response = await check({ mode: 'similar', similar: { equation: 'price * quantity' } }, '5 HP|Dual', 3);
    expect(response.json().data).toMatchObject({ variables: { price: 500 }, total: 1500 });
  });
});

describe('calculator rules of spec section 5', () => {
  it('refuses empty attribute values: every option of a used attribute needs its number', async () => {
    const response = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'similar',
      values: [{ attribute: 'Power', value: '3 HP', number: 3 }],
      similar: { equation: 'price * Power' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['values.Power.5 HP']).toEqual([CALCULATOR_MESSAGES.emptyAttributeValue]);
    const blank = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'similar',
      values: [{ attribute: 'Power', value: '3 HP', number: null }],
      similar: { equation: 'price' },
    });
    expect(blank.json().errors['values.0.number']).toEqual([CALCULATOR_MESSAGES.emptyAttributeValue]);
  });

  it('refuses multilevel rows with empty values', async () => {
    const response = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'multilevel',
      multilevel: [{ min: null, max: null, equation: '' }],
    });
    expect(response.json().errors).toMatchObject({
      'multilevel.0.min': [CALCULATOR_MESSAGES.emptyMultilevelRow],
      'multilevel.0.max': [CALCULATOR_MESSAGES.emptyMultilevelRow],
      'multilevel.0.equation': [CALCULATOR_MESSAGES.emptyMultilevelRow],
    });
    const overlapping = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'multilevel',
      multilevel: [
        { min: 1, max: 10, equation: 'price' },
        { min: 10, max: 20, equation: 'price' },
      ],
    });
    expect(overlapping.json().errors['multilevel.1.min']).toEqual([CALCULATOR_MESSAGES.levelsOverlap]);
  });

  it('reads equations with a parser, never eval: code, unknown names and functions are refused', async () => {
    const attempts = [
      'process.exit(1)',
      'constructor',
      'import("fs")',
      'price = 1',
      'f(x) = x',
      '"text"',
      'cos(price)',
      'Pwer * 2',
      '[1, 2]',
      'price +',
    ];
    for (const equation of attempts) {
      const response = await post('calculator_multiple_save', {
        product_id: productId,
        mode: 'similar',
        similar: { equation },
      });
      expect(response.statusCode, `${equation}: ${response.body}`).toBe(422);
      expect(response.json().errors['similar.equation'], equation).toHaveLength(1);
    }
    const unknown = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'similar',
      similar: { equation: 'Pwer * 2' },
    });
    expect(unknown.json().errors['similar.equation'][0]).toContain('Unknown name "Pwer"');
  });

  it('refuses equations that give no number or a negative price', async () => {
    const save = (equation: string) =>
      post('calculator_multiple_save', { product_id: productId, mode: 'similar', similar: { equation } });
    expect((await save('price / 0')).json().errors['similar.equation']).toEqual([CALCULATOR_MESSAGES.notANumber]);
    expect((await save('sqrt(0 - price)')).json().errors['similar.equation']).toEqual([CALCULATOR_MESSAGES.notANumber]);
    expect((await save('price - 100000')).json().errors['similar.equation']).toEqual([CALCULATOR_MESSAGES.negative]);
  });
});

describe('saving and reading the calculator', () => {
  it('saves the table and equations, reads them back with every option, and lists the final equations', async () => {
    const table = await post('calculator/table/update', { product_id: productId, values: powerValues });
    expect(table.statusCode, table.body).toBe(200);
    const saved = await post('calculator_multiple_save', {
      product_id: productId,
      mode: 'similar',
      similar: { equation: 'price * quantity * Power' },
    });
    expect(saved.json()).toMatchObject({ message: CALCULATOR_MESSAGES.saved, data: { mode: 'similar' } });
    const read = await as(app, seller, { method: 'GET', url: `/api/v1/product/calculator?product_id=${productId}` });
    const calculator = read.json().data;
    expect(calculator.variables).toEqual(['price', 'quantity', 'Power', 'Phase']);
    expect(calculator.values).toHaveLength(5);
    expect(calculator.values[1]).toEqual({ attribute: 'Power', variable: 'Power', value: '5 HP', number: 5 });
    expect(calculator.values[2]).toMatchObject({ attribute: 'Phase', number: null });

    const final = await post('equation_final/list', { product_id: productId, quantity: 2 });
    const rows = final.json().data;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      value: '3 HP|Single',
      equation: 'price * quantity * Power',
      total: 2520,
      error: null,
    });
  });

  it('refuses a table cell of an option the product does not have', async () => {
    const response = await post('calculator/table/update', {
      product_id: productId,
      values: [{ attribute: 'Power', value: '9 HP', number: 9 }],
    });
    expect(response.json().errors['values.0.value']).toEqual([CALCULATOR_MESSAGES.unknownValue]);
  });
});
