import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { CATALOG_MESSAGES, PRODUCT_DEFAULTS } from '@tradeloop/contracts/catalog';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { seededRoleId } from '../accounts/public.ts';
import { loadPricing } from './pricing.ts';
import { catalogCaches } from './references.ts';
import { productDetail } from './service.ts';
import { byOrderProduct, createProductAs, inStockProduct, loadRefs, signUpSubUser, type Refs } from './test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let refs: Refs;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  refs = await loadRefs(app);
});
afterAll(() => app.close());

const create = (payload: object) => as(app, seller, { method: 'POST', url: '/api/v1/product/create', payload });

/** The field errors of a refused create. */
async function errorsOf(payload: object): Promise<Record<string, string[]>> {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors;
}

describe('POST /api/v1/product/create: the rules of spec section 5', () => {
  it('answers every required field of an empty form with the spec’s own words', async () => {
    const errors = await errorsOf({});
    expect(errors).toMatchObject({
      name: [CATALOG_MESSAGES.nameRequired],
      description: [CATALOG_MESSAGES.descriptionRequired],
      choice_options: ['No Attributes Added, Please add new attributes'],
      category_lists: ['Please select at least one Category'],
      sea_: ['Please enter nearest seaport'],
      port_: ['Please enter nearest Airport'],
      brand_id: ['Please select product brand'],
      price_term: ['Please select Paymeny Terms'],
    });
  });

  it('limits pre-title, name, description and model number to 50, 100, 999 and 30 characters', async () => {
    const errors = await errorsOf(
      inStockProduct(refs, {
        pre_title_name: 'p'.repeat(51),
        name: 'n'.repeat(101),
        description: 'd'.repeat(1000),
        model_number: 'm'.repeat(31),
      }),
    );
    expect(errors.pre_title_name).toEqual(['pre title must be of 50 characters']);
    expect(errors.name).toEqual([CATALOG_MESSAGES.nameTooLong]);
    expect(errors.description).toEqual([CATALOG_MESSAGES.descriptionTooLong]);
    expect(errors.model_number).toEqual([CATALOG_MESSAGES.modelNumberTooLong]);
    const atLimit = await create(
      inStockProduct(refs, {
        pre_title_name: 'p'.repeat(50),
        name: 'n'.repeat(100),
        description: 'd'.repeat(999),
        model_number: 'm'.repeat(30),
      }),
    );
    expect(atLimit.statusCode).toBe(201);
  });

  it('needs at least one attribute, and values for each', async () => {
    expect((await errorsOf(inStockProduct(refs, { choice_options: [] }))).choice_options).toEqual([
      'No Attributes Added, Please add new attributes',
    ]);
    const errors = await errorsOf(inStockProduct(refs, { choice_options: [{ name: 'Colour', values: [] }] }));
    expect(errors['choice_options.0.values']).toEqual(['Please enter values']);
  });

  it('refuses duplicate options and duplicate attribute names', async () => {
    const options = await errorsOf(
      inStockProduct(refs, { choice_options: [{ name: 'Colour', values: ['Red', 'red '] }] }),
    );
    expect(options['choice_options.0.values.1']).toEqual(['Duplicate options/terms are not allowed.']);
    const names = await errorsOf(
      inStockProduct(refs, {
        choice_options: [
          { name: 'Pack Size', values: ['1'] },
          { name: 'pack_size', values: ['2'] },
        ],
      }),
    );
    expect(names['choice_options.1.name']).toEqual(['Duplicate options/terms are not allowed.']);
  });

  it('turns spaces in a new attribute name into underscores', async () => {
    const product = await createProductAs(
      app,
      seller,
      inStockProduct(refs, { choice_options: [{ name: 'Surface  Finish', values: ['Matt', 'Gloss'] }] }),
    );
    expect(product.choice_options).toEqual([{ attribute_id: null, name: 'Surface_Finish', values: ['Matt', 'Gloss'] }]);
  });

  it('in stock: needs validity, manufacturing year, dispatch, stock place and origin; condition too', async () => {
    const errors = await errorsOf(
      inStockProduct(refs, {
        condition: null,
        validity: null,
        manufacturer_year: null,
        dispatch_in: null,
        dispatch_day: null,
        existence_place: '',
        country_origin_id: null,
      }),
    );
    expect(errors).toMatchObject({
      condition: [CATALOG_MESSAGES.conditionRequired],
      validity: [CATALOG_MESSAGES.validityRequired],
      manufacturer_year: [CATALOG_MESSAGES.manufacturerYearRequired],
      dispatch_in: [CATALOG_MESSAGES.dispatchInRequired],
      dispatch_day: [CATALOG_MESSAGES.dispatchDayRequired],
      existence_place: [CATALOG_MESSAGES.existencePlaceRequired],
      country_origin_id: [CATALOG_MESSAGES.countryOriginRequired],
    });
    expect(errors.tertiary_id).toBeUndefined();
  });

  it('in stock at a fixed price: also needs current stock and unit', async () => {
    const errors = await errorsOf(
      inStockProduct(refs, { price_type: 'fixed', currency_id: refs.currencyId, unit_price: 10 }),
    );
    expect(errors).toEqual({
      current_stock: [CATALOG_MESSAGES.currentStockRequired],
      unit: [CATALOG_MESSAGES.unitRequired],
    });
  });

  it('by order: needs territory, origin countries, in-house production and days, delivery time and period; not condition', async () => {
    const errors = await errorsOf(
      byOrderProduct(refs, {
        tertiary_id: null,
        country_origins: [],
        in_house_production: null,
        in_house_production_days: null,
        delivery_time: null,
        delivery_select: null,
      }),
    );
    expect(errors).toEqual({
      tertiary_id: [CATALOG_MESSAGES.territoryRequired],
      country_origins: [CATALOG_MESSAGES.countryOriginsRequired],
      in_house_production: [CATALOG_MESSAGES.inHouseProductionRequired],
      in_house_production_days: [CATALOG_MESSAGES.inHouseProductionDaysRequired],
      delivery_time: [CATALOG_MESSAGES.deliveryTimeRequired],
      delivery_select: [CATALOG_MESSAGES.deliverySelectRequired],
    });
  });

  it('quantity pricing: every tier needs min, max and per-unit price, plus unit and currency', async () => {
    const errors = await errorsOf(
      inStockProduct(refs, {
        order_quantity: [{ min: null, max: null, per_unit: null }],
        qty_unit: null,
        qty_currency: null,
      }),
    );
    expect(errors).toMatchObject({
      'order_quantity.0.min': [CATALOG_MESSAGES.tierMinRequired],
      'order_quantity.0.max': [CATALOG_MESSAGES.tierMaxRequired],
      'order_quantity.0.per_unit': [CATALOG_MESSAGES.tierPriceRequired],
      qty_unit: [CATALOG_MESSAGES.qtyUnitRequired],
      qty_currency: [CATALOG_MESSAGES.qtyCurrencyRequired],
    });
    expect((await errorsOf(inStockProduct(refs, { order_quantity: [] }))).order_quantity).toEqual([
      CATALOG_MESSAGES.tiersRequired,
    ]);
    const overlap = await errorsOf(
      inStockProduct(refs, {
        order_quantity: [
          { min: 1, max: 10, per_unit: 5 },
          { min: 10, max: 5, per_unit: 4 },
        ],
      }),
    );
    expect(overlap['order_quantity.1.min']).toEqual([CATALOG_MESSAGES.tiersOverlap]);
    expect(overlap['order_quantity.1.max']).toEqual([CATALOG_MESSAGES.tierMaxBelowMin]);
  });

  it('fixed pricing: needs currency and unit price', async () => {
    const errors = await errorsOf(byOrderProduct(refs, { currency_id: null, unit_price: null }));
    expect(errors).toEqual({
      currency_id: [CATALOG_MESSAGES.currencyRequired],
      unit_price: [CATALOG_MESSAGES.unitPriceRequired],
    });
  });

  it('takes manufacturing years from 1900 to this year, and the validity options of spec section 9', async () => {
    const thisYear = new Date().getUTCFullYear();
    expect((await errorsOf(inStockProduct(refs, { manufacturer_year: 1899 }))).manufacturer_year).toEqual([
      CATALOG_MESSAGES.manufacturerYearRange,
    ]);
    expect((await errorsOf(inStockProduct(refs, { manufacturer_year: thisYear + 1 }))).manufacturer_year).toEqual([
      CATALOG_MESSAGES.manufacturerYearRange,
    ]);
    expect((await errorsOf(inStockProduct(refs, { validity: '5 years' }))).validity).toEqual([
      CATALOG_MESSAGES.validityRequired,
    ]);
    for (const validity of ['1 month', '3 months', '6 months', '1 year', '2 years', 'no expiry']) {
      expect((await create(inStockProduct(refs, { validity, manufacturer_year: thisYear }))).statusCode).toBe(201);
    }
  });

  it('refuses ids that do not exist, never with a 500', async () => {
    const errors = await errorsOf(
      inStockProduct(refs, { brand_id: 999_999, category_lists: [999_999], price_term: 999_999, qty_unit: 999_999 }),
    );
    expect(errors).toMatchObject({
      brand_id: [CATALOG_MESSAGES.unknownBrand],
      category_lists: [CATALOG_MESSAGES.unknownCategory],
      price_term: [CATALOG_MESSAGES.unknownPriceTerm],
      qty_unit: [CATALOG_MESSAGES.unknownUnit],
    });
  });

  it('applies the defaults: in stock, quantity pricing, Brand New, simple, active', async () => {
    const { availability: _a, price_type: _p, condition: _c, ...body } = inStockProduct(refs);
    const product = await createProductAs(app, seller, body);
    expect(product).toMatchObject({
      availability: PRODUCT_DEFAULTS.availability,
      price_type: PRODUCT_DEFAULTS.price_type,
      product_type: 'simple',
      status: 'active',
    });
    const noCondition = await errorsOf({ ...body, condition: null });
    expect(noCondition.condition).toEqual([CATALOG_MESSAGES.conditionRequired]);
  });

  it('gives every product a unique slug and unique number', async () => {
    const first = await createProductAs(app, seller, inStockProduct(refs, { name: 'Twin Product' }));
    const second = await createProductAs(app, seller, inStockProduct(refs, { name: 'Twin Product' }));
    expect(first.slug).toMatch(/^twin-product-/);
    expect(first.slug).not.toBe(second.slug);
    expect(first.unique_number).toMatch(/^TLP-[A-Z2-9]{8}$/);
    expect(first.unique_number).not.toBe(second.unique_number);
  });

  it('keeps only the fields of the chosen availability and pricing', async () => {
    const product = await createProductAs(
      app,
      seller,
      byOrderProduct(refs, {
        validity: '1 year',
        manufacturer_year: 2020,
        current_stock: 40,
        unit: refs.unitId,
        order_quantity: [{ min: 1, max: 2, per_unit: 3 }],
      }),
    );
    expect(product).toMatchObject({ validity: null, manufacturer_year: null, order_quantity: [], price_min: 12500 });
    // A fixed price made to order keeps what it is per; the stock is the in-stock product's.
    expect(product).toMatchObject({ unit: refs.unitId, current_stock: null });
    expect(product).toMatchObject({
      tertiary_id: refs.territoryId,
      country_origins: [{ country_code: 'IN' }],
      delivery_select: 'Weeks',
    });
  });
});

describe('POST /api/v1/product/update/:id and /product/view/single/list', () => {
  it('saves the form over the product and reads it back', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const response = await as(app, seller, {
      method: 'POST',
      url: `/api/v1/product/update/${product.id}`,
      payload: byOrderProduct(refs, { name: 'Pump, now made to order', category_lists: [refs.otherCategoryId] }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(CATALOG_MESSAGES.updated);
    const view = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: product.id },
    });
    expect(view.json().data).toMatchObject({
      id: product.id,
      slug: product.slug,
      name: 'Pump, now made to order',
      availability: 'by_order',
      price_type: 'fixed',
      unit_price: 12500,
      category_lists: [refs.otherCategoryId],
      validity: null,
    });
  });

  it('answers 404 for a product that does not exist', async () => {
    const view = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: 987_654 },
    });
    expect(view.statusCode).toBe(404);
    const update = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/update/987654',
      payload: inStockProduct(refs),
    });
    expect(update.statusCode).toBe(404);
  });

  it('lets a sub-user whose role manages the catalogue read and edit the company’s products; others only read', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const roleId = await app.db.transaction((tx) => seededRoleId(tx, seller.companyId!, 'catalogue_manager'));
    const cataloguer = await signUpSubUser(app, seller, roleId);
    const edit = (user: TestUser, name: string) =>
      as(app, user, {
        method: 'POST',
        url: `/api/v1/product/update/${product.id}`,
        payload: inStockProduct(refs, { name }),
      });
    const update = await edit(cataloguer, 'Edited by the catalogue team');
    expect(update.statusCode, update.body).toBe(200);
    const salesman = await signUpSubUser(app, seller);
    const refused = await edit(salesman, 'Edited by the sales team');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_MESSAGES.forbidden);
    const list = await as(app, salesman, { method: 'GET', url: '/api/v1/product/list?search=catalogue%20team' });
    expect(list.json().data.data.map((row: { id: number }) => row.id)).toEqual([product.id]);
  });
});

describe('reading a product', () => {
  /** The statements on product tables the database is sent while `run` runs (the job runner's own are not). */
  async function productStatements(run: () => Promise<unknown>) {
    const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
      if (text.includes('product')) sent.push(text);
      return query.apply(this, args);
    };
    try {
      await run();
    } finally {
      client.query = query;
    }
    return sent;
  }

  it('reads its detail in one statement, and what pricing it needs in three', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const caches = await catalogCaches(app.db);
    const detail = await productStatements(() => productDetail(app.db, seller.companyId!, product.id, caches));
    expect(detail).toHaveLength(1);
    const pricing = await productStatements(() => loadPricing(app.db, seller.companyId!, product.id));
    expect(pricing).toHaveLength(3);
  });
});

describe('GET /api/v1/product/list', () => {
  it('pages, searches and filters the seller’s products, newest change first', async () => {
    const owner = await signUp(app, 'seller');
    for (const name of ['Alpha Valve', 'Beta Valve', 'Gamma Pump']) {
      await createProductAs(app, owner, inStockProduct(refs, { name }));
    }
    const hidden = await createProductAs(app, owner, inStockProduct(refs, { name: 'Delta Valve', status: 'inactive' }));
    const list = async (query: string) =>
      (await as(app, owner, { method: 'GET', url: `/api/v1/product/list?${query}` })).json().data;
    const all = await list('');
    expect(all).toMatchObject({ total: 4, perPage: 10, currentPage: 1, lastPage: 1 });
    expect(all.data[0].name).toBe('Delta Valve');
    expect((await list('search=valve')).total).toBe(3);
    expect((await list('status=inactive')).data.map((row: { id: number }) => row.id)).toEqual([hidden.id]);
    const paged = await list('per_page=2&page=2&sort=name');
    expect(paged).toMatchObject({ total: 4, lastPage: 2 });
    expect(paged.data.map((row: { name: string }) => row.name)).toEqual(['Delta Valve', 'Gamma Pump']);
    expect(all.data[0]).toMatchObject({
      brand_name: expect.any(String),
      category_name: expect.any(String),
      combinations: 6,
    });
  });
});

describe('quick actions: duplicate, delete with undo, status', () => {
  it('duplicates a product with its matrix, inactive, under a new slug and number', async () => {
    const product = await createProductAs(
      app,
      seller,
      inStockProduct(refs, { specifications: [{ name: 'General', items: [{ name: 'Head', value: '32 m' }] }] }),
    );
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/duplicate',
      payload: { id: product.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json().data;
    expect(copy).toMatchObject({ name: `${product.name} (copy)`, status: 'inactive', combinations: 6 });
    expect(copy.slug).not.toBe(product.slug);
    const specs = await as(app, seller, {
      method: 'GET',
      url: `/api/v1/product/specifications_list?product_id=${copy.id}`,
    });
    expect(specs.json().data.groups[0].items[0]).toMatchObject({ name: 'Head', value: '32 m' });
  });

  it('deletes softly: the product leaves the list and comes back on restore', async () => {
    const owner = await signUp(app, 'seller');
    const product = await createProductAs(app, owner, inStockProduct(refs));
    const deleted = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/delete',
      payload: { id: product.id },
    });
    expect(deleted.json()).toMatchObject({ status: true, message: CATALOG_MESSAGES.deleted });
    const list = async () => (await as(app, owner, { method: 'GET', url: '/api/v1/product/list' })).json().data.total;
    expect(await list()).toBe(0);
    const view = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/view/single/list',
      payload: { id: product.id },
    });
    expect(view.statusCode).toBe(404);
    const restored = await as(app, owner, {
      method: 'POST',
      url: '/api/v1/product/restore',
      payload: { id: product.id },
    });
    expect(restored.json().data.id).toBe(product.id);
    expect(await list()).toBe(1);
  });

  it('publishes and hides', async () => {
    const product = await createProductAs(app, seller, inStockProduct(refs));
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/product/status',
      payload: { id: product.id, status: 'inactive' },
    });
    expect(response.json().data.status).toBe('inactive');
  });
});
