import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { as, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { createSession } from '../../platform/sessions.ts';
import { createAccount, findPeople } from '../accounts/public.ts';

/** Ids the product form points into, read through the public API as a client would. */
export type Refs = {
  brandId: number;
  otherBrandId: number;
  categoryId: number;
  otherCategoryId: number;
  priceTermId: number;
  unitId: number;
  currencyId: number;
  countryId: number;
  territoryId: number;
};

export async function loadRefs(app: FastifyInstance): Promise<Refs> {
  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json().data;
  const [brands, categories, terms, units, currencies, countries, territories] = await Promise.all([
    get('/api/v1/brands/list?per_page=5'),
    get('/api/v1/category/all'),
    get('/api/v1/front/price_terms/list?type=price_term'),
    get('/api/v1/unit'),
    get('/api/v1/currency'),
    get('/api/v1/countries'),
    get('/api/v1/territories'),
  ]);
  const leaves = (categories as { id: number; depth: number }[]).filter((category) => category.depth === 2);
  return {
    brandId: brands.data[0].id,
    otherBrandId: brands.data[1].id,
    categoryId: leaves[0].id,
    otherCategoryId: leaves[leaves.length - 1].id,
    priceTermId: terms.find((term: { name: string }) => term.name === 'FOB').id,
    unitId: units[0].id,
    currencyId: currencies[0].id,
    countryId: countries.find((country: { iso2: string }) => country.iso2 === 'IN').id,
    territoryId: territories[0].id,
  };
}

/** An in-stock product priced by quantity tiers, with two attributes (2 × 3 combinations). */
export function inStockProduct(refs: Refs, overrides: Record<string, unknown> = {}) {
  return {
    pre_title_name: 'Industrial',
    name: 'Centrifugal Water Pump',
    description: 'Cast iron single-stage centrifugal pump for clean water.',
    model_number: 'CWP-5',
    availability: 'in_stock',
    price_type: 'quantity',
    choice_options: [
      { name: 'Power', values: ['3 HP', '5 HP'] },
      { name: 'Phase', values: ['Single', 'Three', 'Dual'] },
    ],
    category_lists: [refs.categoryId],
    brand_id: refs.brandId,
    sea_: 'Nhava Sheva (INNSA)',
    port_: 'Mumbai (BOM)',
    price_term: refs.priceTermId,
    condition: 'Brand New',
    validity: '6 months',
    manufacturer_year: 2025,
    dispatch_in: 7,
    dispatch_day: 'Days',
    existence_place: 'Pune, India',
    country_origin_id: refs.countryId,
    order_quantity: [
      { min: 1, max: 9, per_unit: 420 },
      { min: 10, max: 49, per_unit: 395 },
    ],
    qty_unit: refs.unitId,
    qty_currency: refs.currencyId,
    ...overrides,
  };
}

/** A product made to order at a fixed price, with a territory and production days. */
export function byOrderProduct(refs: Refs, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Custom Pump Skid',
    description: 'Pump skid built to order with stainless steel frame and control panel.',
    availability: 'by_order',
    price_type: 'fixed',
    choice_options: [
      { name: 'Material', values: ['SS304', 'SS316'] },
      { name: 'Flow Rate', values: ['10', '20'] },
    ],
    category_lists: [refs.categoryId],
    brand_id: refs.brandId,
    sea_: 'Nhava Sheva (INNSA)',
    port_: 'Mumbai (BOM)',
    price_term: refs.priceTermId,
    tertiary_id: refs.territoryId,
    country_origins: [{ country_code: 'IN' }],
    in_house_production: 20,
    in_house_production_days: 30,
    delivery_time: 6,
    delivery_select: 'Weeks',
    currency_id: refs.currencyId,
    unit_price: 12500,
    ...overrides,
  };
}

export async function createProductAs(app: FastifyInstance, user: TestUser, body: unknown) {
  const response = await as(app, user, { method: 'POST', url: '/api/v1/product/create', payload: body as object });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number; [key: string]: unknown };
}

/** A real picture of the given format, made by sharp. */
export function picture(format: 'png' | 'jpeg', width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body with one file (under `field`, "file" unless said; none when null) and some fields, as a browser sends it. */
export function multipart(
  file: { name: string; data: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----tradeloop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadImage(app: FastifyInstance, user: TestUser, name = 'pump.png', data?: Buffer) {
  const body = multipart({ name, data: data ?? (await picture('png')) });
  const response = await as(app, user, { method: 'POST', url: '/api/v1/product/images/upload', ...body });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number; thumb: string; full: string };
}

/** A sub-user of the seller's company, signed in (sub-users are made by their seller, not by sign-up). */
/** A signed-in sub-user of the seller's company, with the company's default role unless `roleId` is given. */
export async function signUpSubUser(app: FastifyInstance, seller: TestUser, roleId?: number): Promise<TestUser> {
  const email = uniqueEmail('subuser');
  await app.db.transaction((tx) =>
    createAccount(tx, {
      fullName: 'Sub User',
      emailId: email,
      passwordHash: null,
      userType: 'subuser',
      parent: { userId: seller.id, companyId: seller.companyId! },
      roleId,
    }),
  );
  const [user] = await findPeople(app.db, { email });
  const { token } = await createSession(app.db, user.id, {});
  return { token, id: user.id, email, companyId: seller.companyId };
}

/**
 * A product of `owner` with a photo, a General specification group holding `items`, its matrix and a
 * catalog: the ids of each, for tests that reach them as another caller (tenancy, the access table).
 */
export async function catalogueObjects(
  app: FastifyInstance,
  owner: TestUser,
  refs: Refs,
  items: { name: string; value: string }[],
  overrides: Record<string, unknown> = {},
) {
  const image = await uploadImage(app, owner);
  const product = await createProductAs(
    app,
    owner,
    inStockProduct(refs, { photos: [image.id], specifications: [{ name: 'General', items }], ...overrides }),
  );
  const call = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) => as(app, owner, options);
  const matrix = await call({
    method: 'POST',
    url: '/api/v1/product/matrix/list',
    payload: { product_id: product.id },
  });
  const sheet = await call({ method: 'GET', url: `/api/v1/product/specifications_list?product_id=${product.id}` });
  const catalog = await as(app, owner, {
    method: 'POST',
    url: '/api/v1/product/catalog',
    ...multipart({ name: 'c.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') }, { product_id: String(product.id) }),
  });
  const group = sheet.json().data.groups[0];
  return {
    product: product.id,
    variation: matrix.json().data.data[1].id as number,
    group: group.id as number,
    specs: group.items.map((item: { id: number }) => item.id) as number[],
    image: image.id,
    catalog: catalog.json().data.id as number,
  };
}
