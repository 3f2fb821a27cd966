import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '@tradeloop/contracts/catalog-specs';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
});
afterAll(() => app.close());

const post = (url: string, payload: object) =>
  as(app, seller, { method: 'POST', url: `/api/v1/product/${url}`, payload });
type Sheet = {
  groups: {
    id: number;
    name: string;
    items: { id: number; name: string; value: string; type: string; template_id: number | null }[];
  }[];
  selected_template_ids: number[];
};

async function sheet(productId: number): Promise<Sheet> {
  const response = await as(app, seller, {
    method: 'GET',
    url: `/api/v1/product/specifications_list?product_id=${productId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function suggestions() {
  const response = await post('suggested/by_category', { category_ids: [refs.categoryId] });
  return response.json().data as { id: number; name: string; unit: string | null; category_name: string | null }[];
}

describe('specifications saved with the product form', () => {
  it('keeps groups and rows in order, passive rows linked to their suggestion', async () => {
    const [power] = (await suggestions()).filter((template) => template.name === 'Power');
    const product = await createProductAs(
      app,
      seller,
      inStockProduct(refs, {
        specifications: [
          { name: 'Electrical', items: [{ template_id: power.id, type: 'passive', name: 'Power', value: '3.7' }] },
          {
            name: 'General',
            items: [
              { name: 'Body', value: 'Cast iron' },
              { name: 'Impeller', value: 'Bronze' },
            ],
          },
        ],
      }),
    );
    const saved = await sheet(product.id);
    expect(saved.groups.map((group) => group.name)).toEqual(['Electrical', 'General']);
    expect(saved.groups[0].items[0]).toMatchObject({
      type: 'passive',
      template_id: power.id,
      name: 'Power',
      value: '3.7',
    });
    expect(saved.groups[1].items.map((item) => item.name)).toEqual(['Body', 'Impeller']);
    expect(saved.selected_template_ids).toEqual([power.id]);
  });

  it('refuses custom specification names that repeat, with the spec’s message', async () => {
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/create',
      payload: inStockProduct(refs, {
        specifications: [
          { name: 'General', items: [{ name: 'Body', value: 'Cast iron' }] },
          { name: 'More', items: [{ name: 'body ', value: 'Steel' }] },
        ],
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['specifications.1.items.0.name']).toEqual([
      'Please enter a unique value for the custom specification.',
    ]);
  });
});

describe('specification calls of spec section 7', () => {
  it('suggests specifications by the product’s categories and lists the constants', async () => {
    const suggested = await suggestions();
    expect(suggested.map((template) => template.name)).toEqual(
      expect.arrayContaining(['Power', 'Material', 'Warranty']),
    );
    expect(suggested.find((template) => template.name === 'Power')?.category_name).toBe('Industrial Machinery');
    const constants = await post('constants_list', { search: 'volt' });
    expect(constants.json().data.map((template: { name: string }) => template.name)).toEqual(
      expect.arrayContaining(['Voltage', 'Rated Voltage']),
    );
  });

  it('adds a custom specification, unique per product, to General by default', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const created = await post('create/specifications', { product_id: product.id, name: 'Head', value: '32 m' });
    expect(created.json().data).toMatchObject({ name: 'Head', value: '32 m', type: 'custom' });
    const repeated = await post('create/specifications', { product_id: product.id, name: 'HEAD', value: '40 m' });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors.name).toEqual(['Please enter a unique value for the custom specification.']);
    expect((await sheet(product.id)).groups).toEqual([expect.objectContaining({ name: 'General' })]);
  });

  it('ticks suggestions (terms/checked): pending ones become rows, unticked ones return to pending', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const pending = async () => (await post('levels/pending', { product_id: product.id })).json().data;
    const before = await pending();
    const [first, second] = before.pending;
    await post('specifications/terms/checked', { product_id: product.id, template_ids: [first.id, second.id] });
    const ticked = await pending();
    expect(ticked.selected.map((row: { name: string }) => row.name)).toEqual([first.name, second.name]);
    expect(ticked.pending.map((row: { id: number }) => row.id)).not.toContain(first.id);
    await post('specifications/terms/checked', { product_id: product.id, template_ids: [second.id] });
    const unticked = await pending();
    expect(unticked.selected.map((row: { name: string }) => row.name)).toEqual([second.name]);
    expect(unticked.pending.map((row: { id: number }) => row.id)).toContain(first.id);
  });

  it('creates, renames and deletes groups; adds, replaces and removes levels', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const created = await post('level/group/create', { product_id: product.id, name: 'Dimensions' });
    const group = created.json().data.groups[0];
    const taken = await post('level/group/create', { product_id: product.id, name: 'dimensions' });
    expect(taken.json().errors.name).toEqual([SPEC_MESSAGES.groupNameTaken]);
    await post('group/rename', { product_id: product.id, group_id: group.id, name: 'Size and weight' });
    const added = await post('levels/create', {
      product_id: product.id,
      group_id: group.id,
      items: [
        { name: 'Length', value: '420', unit: 'mm' },
        { name: 'Weight', value: '38', unit: 'kg' },
      ],
    });
    const rows = added.json().data.groups[0].items;
    expect(added.json().data.groups[0].name).toBe('Size and weight');
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['Length', 'Weight']);
    await post('levels/remove', { product_id: product.id, id: rows[0].id });
    expect((await sheet(product.id)).groups[0].items.map((row) => row.name)).toEqual(['Weight']);

    const replaced = await post('levels/createv2', {
      product_id: product.id,
      groups: [{ name: 'Performance', items: [{ name: 'Flow', value: '12 m³/h' }] }],
    });
    expect(replaced.json().data.groups.map((entry: { name: string }) => entry.name)).toEqual(['Performance']);
    const performance = replaced.json().data.groups[0];
    await post('specification/delete', { product_id: product.id, id: performance.items[0].id });
    await post('delete/specifications', { product_id: product.id, group_id: performance.id });
    expect((await sheet(product.id)).groups).toEqual([]);
  });

  it('answers 404 for a group or row of another product', async () => {
    const first = await createProductAs(app, seller, inStockProduct(refs));
    const second = await createProductAs(app, seller, inStockProduct(refs));
    const group = (await post('level/group/create', { product_id: first.id, name: 'Mine' })).json().data.groups[0];
    expect((await post('group/rename', { product_id: second.id, group_id: group.id, name: 'Theirs' })).statusCode).toBe(
      404,
    );
    expect((await post('delete/specifications', { product_id: second.id, group_id: group.id })).statusCode).toBe(404);
  });
});
