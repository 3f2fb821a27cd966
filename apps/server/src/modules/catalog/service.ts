import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  PRODUCT_LIMITS,
  productFormSchema,
  type ProductDetail,
  type ProductForm,
  type ProductListItem,
  type ProductListQuery,
  type ProductStatus,
} from '@tradeloop/contracts/catalog';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, type FieldErrors } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { slugify } from '../accounts/public.ts';
import { storeCalculator } from './calculator-service.ts';
import { imageUrls, syncPhotos, toImage, usablePhotos, type ImageFacts } from './images.ts';
import { inChunks, newVariationRows, syncVariations, syncVariationsOf } from './matrix-service.ts';
import { ownedProduct, type ProductRow } from './product-access.ts';
import { cachesOr, loadReferenceSets, type Caches, type ReferenceSets } from './references.ts';
import { replaceSheet } from './specs-service.ts';
import {
  brands,
  productCalculators,
  productCategories,
  productImages,
  productPriceTiers,
  productSpecGroups,
  productSpecifications,
  products,
  productVariations,
} from './tables.ts';
import { brandVisibleTo, categoryTree, escapeLike } from './taxonomy-service.ts';

import type { Owner } from './owner.ts';

export type { Owner };

/** Zod issues as the envelope's field errors: "order_quantity.0.min": ["Please enter minimum quantity"]. */
export function issuesToErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Every rule of the product form (spec section 5), for callers that did not come through a route. */
export function parseProductForm(input: unknown): ProductForm {
  const result = productFormSchema.safeParse(input);
  if (!result.success) throw invalid(issuesToErrors(result.error.issues));
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// From a checked form to rows

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** TLP- and eight characters without look-alikes: about 10^12 numbers, so a clash is never expected. */
function newUniqueNumber() {
  return `TLP-${Array.from(randomBytes(8), (byte) => NUMBER_ALPHABET[byte % NUMBER_ALPHABET.length]).join('')}`;
}

/** The name's words and a random tail: unique without asking the database, stable when the name changes. */
function newSlug(name: string) {
  return `${slugify(name).slice(0, 60).replace(/-+$/, '') || 'product'}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

type Context = { brandName: string; categoryNames: string[] };

function priceRange(form: ProductForm) {
  if (form.price_type === 'fixed') {
    return {
      priceMin: form.unit_price ?? null,
      priceMax: form.unit_price ?? null,
      priceCurrencyId: form.currency_id ?? null,
    };
  }
  const prices = (form.order_quantity ?? []).map((tier) => tier.per_unit);
  return {
    priceMin: prices.length ? Math.min(...prices) : null,
    priceMax: prices.length ? Math.max(...prices) : null,
    priceCurrencyId: form.qty_currency ?? null,
  };
}

function searchText(form: ProductForm, context: Context) {
  return [
    form.pre_title_name,
    form.name,
    form.model_number,
    context.brandName,
    ...context.categoryNames,
    ...form.choice_options.flatMap((option) => [option.name.replace(/_/g, ' '), ...option.values]),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The product's columns. Fields of the other availability or pricing are cleared (docs/decisions/005). */
function productValues(form: ProductForm, context: Context) {
  const inStock = form.availability === 'in_stock';
  const byOrder = !inStock;
  const fixed = form.price_type === 'fixed';
  const quantity = !fixed;
  const when = <T>(applies: boolean, value: T | null | undefined): T | null => (applies ? (value ?? null) : null);
  return {
    status: form.status,
    preTitleName: form.pre_title_name ?? null,
    name: form.name,
    description: form.description,
    modelNumber: form.model_number ?? null,
    productType: form.product_type,
    availability: form.availability,
    priceType: form.price_type,
    choiceOptions: form.choice_options.map((option) => ({
      attribute_id: option.attribute_id ?? null,
      name: option.name,
      values: option.values,
    })),
    brandId: form.brand_id,
    seaPort: form.sea_,
    airPort: form.port_,
    priceTermId: form.price_term,
    condition: form.condition ?? null,
    validity: when(inStock, form.validity),
    manufacturerYear: when(inStock, form.manufacturer_year),
    dispatchIn: when(inStock, form.dispatch_in),
    dispatchPeriod: when(inStock, form.dispatch_day),
    existencePlace: when(inStock, form.existence_place),
    countryOriginId: when(inStock, form.country_origin_id),
    currentStock: when(inStock, form.current_stock),
    // The stock's unit, or what a fixed price is per when the product is made to order.
    unitId: when(inStock || fixed, form.unit),
    territoryId: when(byOrder, form.tertiary_id),
    originCountries: byOrder ? (form.country_origins ?? []).map((origin) => origin.country_code) : [],
    inHouseProduction: when(byOrder, form.in_house_production),
    inHouseProductionDays: when(byOrder, form.in_house_production_days),
    deliveryTime: when(byOrder, form.delivery_time),
    deliveryPeriod: when(byOrder, form.delivery_select),
    qtyUnitId: when(quantity, form.qty_unit),
    qtyCurrencyId: when(quantity, form.qty_currency),
    currencyId: when(fixed, form.currency_id),
    unitPrice: when(fixed, form.unit_price),
    ...priceRange(form),
    searchText: searchText(form, context),
  };
}

function tierRows(productId: number, form: ProductForm) {
  if (form.price_type !== 'quantity') return [];
  return [...(form.order_quantity ?? [])]
    .sort((a, b) => a.min - b.min)
    .map((tier, position) => ({ productId, position, minQty: tier.min, maxQty: tier.max, perUnit: tier.per_unit }));
}

// ---------------------------------------------------------------------------------------------
// References: every id a form names must exist, and brands and photos must be the company's to use

export type Lookups = { refs: ReferenceSets; categoryNames: Map<number, string>; brandNames: Map<number, string> };

export async function loadLookups(tx: Tx, companyId: number, brandIds?: number[], caches?: Caches): Promise<Lookups> {
  const { refs, tree } = await cachesOr(tx, caches);
  const visible = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(brandVisibleTo(companyId), brandIds ? inArray(brands.id, brandIds.length ? brandIds : [0]) : undefined));
  return {
    refs,
    categoryNames: new Map(tree.rows.map((row) => [row.id, row.name])),
    brandNames: new Map(visible.map((row) => [row.id, row.name])),
  };
}

/** Field errors for ids that do not exist (or brands the company may not use); empty when all is well. */
export function referenceErrors(form: ProductForm, lookups: Lookups): FieldErrors {
  const { refs } = lookups;
  const errors: FieldErrors = {};
  const check = (field: string, value: number | null | undefined, known: Map<number, unknown>, message: string) => {
    if (value !== null && value !== undefined && !known.has(value)) errors[field] = [message];
  };
  if (!lookups.brandNames.has(form.brand_id)) errors.brand_id = [CATALOG_MESSAGES.unknownBrand];
  if (form.category_lists.some((id) => !lookups.categoryNames.has(id)))
    errors.category_lists = [CATALOG_MESSAGES.unknownCategory];
  check('price_term', form.price_term, refs.priceTerms, CATALOG_MESSAGES.unknownPriceTerm);
  const inStock = form.availability === 'in_stock';
  const quantity = form.price_type === 'quantity';
  if (inStock) {
    check('unit', form.unit, refs.units, CATALOG_MESSAGES.unknownUnit);
    check('country_origin_id', form.country_origin_id, refs.countries, CATALOG_MESSAGES.unknownCountry);
  } else {
    check('tertiary_id', form.tertiary_id, refs.territories, CATALOG_MESSAGES.unknownTerritory);
    (form.country_origins ?? []).forEach((origin, index) => {
      if (!refs.countryByKey.has(origin.country_code.toLowerCase())) {
        errors[`country_origins.${index}.country_code`] = [CATALOG_MESSAGES.unknownCountry];
      }
    });
  }
  if (quantity) {
    check('qty_unit', form.qty_unit, refs.units, CATALOG_MESSAGES.unknownUnit);
    check('qty_currency', form.qty_currency, refs.currencies, CATALOG_MESSAGES.unknownCurrency);
  } else {
    check('currency_id', form.currency_id, refs.currencies, CATALOG_MESSAGES.unknownCurrency);
  }
  return errors;
}

async function checkForm(
  tx: Tx,
  owner: Owner,
  form: ProductForm,
  productId: number | null,
  caches?: Caches,
): Promise<Lookups> {
  const lookups = await loadLookups(tx, owner.companyId, [form.brand_id], caches);
  const errors = referenceErrors(form, lookups);
  const usable = await usablePhotos(tx, owner.companyId, productId, form.photos);
  if (form.photos.some((id) => !usable.has(id))) errors.photos = [CATALOG_MESSAGES.unknownImage];
  if (Object.keys(errors).length) throw invalid(errors);
  return lookups;
}

function contextOf(form: ProductForm, lookups: Lookups): Context {
  return {
    brandName: lookups.brandNames.get(form.brand_id) ?? '',
    categoryNames: form.category_lists.map((id) => lookups.categoryNames.get(id) ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------
// Create, many at once (the CSV import) or one (the form)

export type PreparedProduct = { form: ProductForm; context: Context };

/** About 45 columns a product: 1,000 rows stay under PostgreSQL's 65,535 parameters. */
const PRODUCTS_PER_INSERT = 1000;

/**
 * Inserts checked products with their categories, price tiers, matrix and specifications, in a
 * few statements whatever their number. Returns the new ids in the order given.
 */
export async function insertProducts(tx: Tx, owner: Owner, prepared: PreparedProduct[]): Promise<number[]> {
  if (prepared.length === 0) return [];
  const values = prepared.map(({ form, context }) => ({
    ...productValues(form, context),
    companyId: owner.companyId,
    createdBy: owner.userId,
    uniqueNumber: newUniqueNumber(),
    slug: newSlug(form.name),
  }));
  const ids: number[] = [];
  await inChunks(
    values,
    async (chunk) => {
      const inserted = await tx
        .insert(products)
        .values(chunk)
        .returning({ id: products.id, uniqueNumber: products.uniqueNumber });
      const byNumber = new Map(inserted.map((row) => [row.uniqueNumber, row.id]));
      ids.push(...chunk.map((row) => byNumber.get(row.uniqueNumber)!));
    },
    PRODUCTS_PER_INSERT,
  );
  const forms = prepared.map((entry, index) => ({ id: ids[index], form: entry.form }));
  await insertCategoriesAndTiers(tx, forms);
  await inChunks(
    forms.flatMap(({ id, form }) => newVariationRows(id, form.choice_options)),
    (chunk) => tx.insert(productVariations).values(chunk),
  );
  await insertSheets(
    tx,
    forms.filter(({ form }) => form.specifications?.length),
  );
  return ids;
}

async function insertCategoriesAndTiers(tx: Tx, forms: { id: number; form: ProductForm }[]) {
  await inChunks(
    forms.flatMap(({ id, form }) =>
      form.category_lists.map((categoryId, position) => ({ productId: id, categoryId, position })),
    ),
    (chunk) => tx.insert(productCategories).values(chunk).onConflictDoNothing(),
  );
  await inChunks(
    forms.flatMap(({ id, form }) => tierRows(id, form)),
    (chunk) => tx.insert(productPriceTiers).values(chunk),
  );
}

/**
 * Saves checked forms over existing products of the company (the CSV import's updates,
 * docs/decisions/027): their columns, categories and price tiers; the matrix keeps the prices of the
 * combinations that remain; a sheet given replaces the product's. Photos and the calculator stay.
 */
export async function updateProducts(
  tx: Tx,
  items: { id: number; before: ProductRow['choiceOptions']; prepared: PreparedProduct }[],
) {
  if (items.length === 0) return;
  const ids = items.map((item) => item.id);
  const now = new Date();
  await inChunks(items, (chunk) =>
    writeProductRows(
      tx,
      chunk.map(({ id, prepared }) => ({
        id,
        values: { ...productValues(prepared.form, prepared.context), updatedAt: now },
      })),
    ),
  );
  await tx.delete(productCategories).where(inArray(productCategories.productId, ids));
  await tx.delete(productPriceTiers).where(inArray(productPriceTiers.productId, ids));
  const forms = items.map((item) => ({ id: item.id, form: item.prepared.form }));
  await insertCategoriesAndTiers(tx, forms);
  await syncVariationsOf(
    tx,
    items.map(({ id, before, prepared }) => ({ productId: id, before, after: prepared.form.choice_options })),
  );
  const sheets = forms.filter(({ form }) => form.specifications?.length);
  if (sheets.length > 1) {
    await tx.delete(productSpecGroups).where(
      inArray(
        productSpecGroups.productId,
        sheets.map((sheet) => sheet.id),
      ),
    );
  }
  await insertSheets(tx, sheets);
}

type ProductValues = ReturnType<typeof productValues> & { updatedAt: Date };

/**
 * Each product's own columns in one statement for the lot (an import's batch), where one UPDATE per product
 * took a statement per row: the rows travel as JSON and PostgreSQL reads them as products rows, so every
 * value takes its column's type. Every column productValues gives is written, as the single save writes it.
 */
async function writeProductRows(tx: Tx, rows: { id: number; values: ProductValues }[]) {
  const columns = getTableColumns(products);
  const keys = Object.keys(rows[0].values) as (keyof ProductValues)[];
  const records = rows.map(({ id, values }) =>
    Object.fromEntries([['id', id], ...keys.map((key) => [columns[key].name, values[key] ?? null])]),
  );
  const assignments = keys.map(
    (key) => sql`${sql.identifier(columns[key].name)} = x.${sql.identifier(columns[key].name)}`,
  );
  await tx.execute(sql`
    update ${products} p set ${sql.join(assignments, sql`, `)}
    from jsonb_populate_recordset(null::${products}, ${JSON.stringify(records)}::jsonb) x
    where p.id = x.id`);
}

/** Specification sheets of new products; the template links are checked by replaceSheet for single saves. */
async function insertSheets(tx: Tx, forms: { id: number; form: ProductForm }[]) {
  if (forms.length === 1) {
    await replaceSheet(tx, forms[0].id, forms[0].form.specifications!, 'specifications.');
    return;
  }
  const groups = forms.flatMap(({ id, form }) =>
    form.specifications!.map((group, position) => ({ productId: id, name: group.name, position })),
  );
  const groupIds = new Map<string, number>();
  await inChunks(groups, async (chunk) => {
    const inserted = await tx.insert(productSpecGroups).values(chunk).returning({
      id: productSpecGroups.id,
      productId: productSpecGroups.productId,
      position: productSpecGroups.position,
    });
    for (const row of inserted) groupIds.set(`${row.productId}:${row.position}`, row.id);
  });
  const rows = forms.flatMap(({ id, form }) =>
    form.specifications!.flatMap((group, g) =>
      group.items.map((item, position) => ({
        productId: id,
        groupId: groupIds.get(`${id}:${g}`)!,
        templateId: null,
        type: 'custom' as const,
        name: item.name,
        value: item.value,
        unit: item.unit,
        position,
      })),
    ),
  );
  await inChunks(rows, (chunk) => tx.insert(productSpecifications).values(chunk));
}

/**
 * Creates one product from a plain object with the product form's fields (spec section 3), after
 * every rule of spec section 5: the form's own create, and the way other modules (demo data,
 * the marketplace's generators) make products.
 */
export async function createProduct(tx: Tx, owner: Owner, input: unknown, caches?: Caches): Promise<ProductDetail> {
  const form = parseProductForm(input);
  const lookups = await checkForm(tx, owner, form, null, caches);
  const [id] = await insertProducts(tx, owner, [{ form, context: contextOf(form, lookups) }]);
  await syncPhotos(tx, owner.companyId, id, form.photos);
  if (form.calculator) {
    const product = await ownedProduct(tx, owner.companyId, id);
    await storeCalculator(tx, product, form.calculator, 'calculator.');
  }
  return productDetail(tx, owner.companyId, id, caches);
}

/** Saves the form over a product. Returns the files of photos it no longer has, to remove after commit. */
export async function updateProduct(
  tx: Tx,
  owner: Owner,
  productId: number,
  input: unknown,
  caches?: Caches,
): Promise<{ product: ProductDetail; removedFiles: string[] }> {
  const form = parseProductForm(input);
  const before = await ownedProduct(tx, owner.companyId, productId, { forUpdate: true });
  const lookups = await checkForm(tx, owner, form, productId, caches);
  const [after] = await tx
    .update(products)
    .set({ ...productValues(form, contextOf(form, lookups)), updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning();
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx
    .insert(productCategories)
    .values(form.category_lists.map((categoryId, position) => ({ productId, categoryId, position })))
    .onConflictDoNothing();
  await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, productId));
  const tiers = tierRows(productId, form);
  if (tiers.length) await tx.insert(productPriceTiers).values(tiers);
  await syncVariations(tx, productId, before.choiceOptions, form.choice_options);
  const removedFiles = await syncPhotos(tx, owner.companyId, productId, form.photos);
  if (form.specifications) await replaceSheet(tx, productId, form.specifications, 'specifications.');
  if (form.calculator !== undefined) await storeCalculator(tx, after, form.calculator, 'calculator.');
  return { product: await productDetail(tx, owner.companyId, productId, caches), removedFiles };
}

// ---------------------------------------------------------------------------------------------
// Reading

function currencyOf(refs: ReferenceSets, id: number | null) {
  return id === null ? null : (refs.currencies.get(id) ?? null);
}

export async function productDetail(
  db: Tx,
  companyId: number,
  productId: number,
  caches?: Caches,
): Promise<ProductDetail> {
  // One statement for the product and its parts: the quote's lead, the pricing and the editor all read it.
  const [row] = await db
    .select({ product: products, ...DETAIL_PARTS })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId), isNull(products.deletedAt)));
  if (!row) throw notFound();
  const { refs, tree } = await cachesOr(db, caches);
  return toDetail(row.product, {
    refs,
    tiers: row.tiers.map(([min, max, perUnit]) => ({ min: Number(min), max: Number(max), per_unit: Number(perUnit) })),
    photos: row.photos.map(toImage),
    brand: row.brand,
    combinations: row.combinations,
    categories: row.categoryIds.map((id) => tree.byId.get(id)!),
  });
}

/**
 * A product's tiers, photos, categories, brand and count of combinations, as columns of its row. The outer
 * row is written `products.id`: in a one-table select Drizzle leaves its columns unqualified, and a bare `id`
 * would name the subquery's own.
 */
const DETAIL_PARTS = {
  tiers: sql<[string, string, string][]>`(select coalesce(json_agg(json_build_array(t.min_qty::text,
    t.max_qty::text, t.per_unit::text) order by t.position), '[]') from ${productPriceTiers} t
    where t.product_id = products.id)`,
  photos: sql<ImageFacts[]>`(select coalesce(json_agg(json_build_object('id', i.id, 'storageKey', i.storage_key,
    'mime', i.mime, 'width', i.width, 'height', i.height, 'bytes', i.bytes, 'originalName', i.original_name)
    order by i.position, i.id), '[]') from ${productImages} i where i.product_id = products.id)`,
  categoryIds: sql<number[]>`(select coalesce(json_agg(c.category_id order by c.position), '[]')
    from ${productCategories} c where c.product_id = products.id)`,
  brand: sql<{ id: number; name: string }>`(select json_build_object('id', b.id, 'name', b.name)
    from ${brands} b where b.id = products.brand_id)`,
  combinations: sql<number>`(select count(*)::int from ${productVariations} v where v.product_id = products.id)`,
};

function toDetail(
  product: ProductRow,
  parts: {
    refs: ReferenceSets;
    tiers: ProductDetail['order_quantity'];
    photos: ProductDetail['photos'];
    brand: { id: number; name: string };
    combinations: number;
    categories: { id: number; name: string; slug: string }[];
  },
): ProductDetail {
  return {
    id: product.id,
    slug: product.slug,
    unique_number: product.uniqueNumber,
    product_url: productUrl(product.slug),
    status: product.status,
    pre_title_name: product.preTitleName,
    name: product.name,
    description: product.description,
    model_number: product.modelNumber,
    product_type: product.productType,
    availability: product.availability,
    price_type: product.priceType,
    choice_options: product.choiceOptions.map((option) => ({
      attribute_id: option.attribute_id ?? null,
      name: option.name,
      values: option.values,
    })),
    category_lists: parts.categories.map((category) => category.id),
    categories: parts.categories.map(({ id, name, slug }) => ({ id, name, slug })),
    brand_id: product.brandId,
    brand: parts.brand,
    sea_: product.seaPort,
    port_: product.airPort,
    price_term: product.priceTermId,
    price_term_name: parts.refs.priceTerms.get(product.priceTermId) ?? '',
    condition: product.condition as ProductDetail['condition'],
    validity: product.validity as ProductDetail['validity'],
    manufacturer_year: product.manufacturerYear,
    dispatch_in: product.dispatchIn,
    dispatch_day: product.dispatchPeriod as ProductDetail['dispatch_day'],
    existence_place: product.existencePlace,
    country_origin_id: product.countryOriginId,
    current_stock: product.currentStock,
    unit: product.unitId,
    tertiary_id: product.territoryId,
    country_origins: product.originCountries.map((code) => ({ country_code: code })),
    in_house_production: product.inHouseProduction,
    in_house_production_days: product.inHouseProductionDays,
    delivery_time: product.deliveryTime,
    delivery_select: product.deliveryPeriod as ProductDetail['delivery_select'],
    order_quantity: parts.tiers,
    qty_unit: product.qtyUnitId,
    qty_currency: product.qtyCurrencyId,
    currency_id: product.currencyId,
    unit_price: product.unitPrice,
    price_min: product.priceMin,
    price_max: product.priceMax,
    price_currency: currencyOf(parts.refs, product.priceCurrencyId),
    photos: parts.photos,
    main_image: parts.photos[0] ?? null,
    combinations: parts.combinations,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

export const productUrl = (slug: string) => `/productdetail/${slug}`;

const SORTS: Record<ProductListQuery['sort'], SQL[]> = {
  updated: [desc(products.updatedAt), desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  name: [sql`lower(${products.name})`, asc(products.id)],
  price: [sql`${products.priceMin} asc nulls last`, asc(products.id)],
};

export function companyProductsWhere(companyId: number, filter: { search?: string; status: ProductStatus | 'all' }) {
  const term = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    eq(products.companyId, companyId),
    isNull(products.deletedAt),
    filter.status === 'all' ? undefined : eq(products.status, filter.status),
    term ? or(ilike(products.searchText, term), ilike(products.uniqueNumber, term)) : undefined,
  );
}

/** The seller's product list (/products/List): search, status, sort, pages. */
export async function listProducts(db: Db, companyId: number, query: ProductListQuery) {
  const where = companyProductsWhere(companyId, query);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select({
      product: products,
      brandName: brands.name,
      mainImage: sql<
        string | null
      >`(select ${productImages.storageKey} || '|' || ${productImages.mime} from ${productImages}
        where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
      categoryId: sql<number | null>`(select ${productCategories.categoryId} from ${productCategories}
        where ${productCategories.productId} = ${products.id} order by ${productCategories.position} limit 1)`,
      combinations: sql<number>`(select count(*)::int from ${productVariations} where ${productVariations.productId} = ${products.id})`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(...SORTS[query.sort])
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [refs, tree] = await Promise.all([loadReferenceSets(db), categoryTree(db)]);
  const data: ProductListItem[] = rows.map(({ product, brandName, mainImage, categoryId, combinations }) => {
    const [key, mime] = mainImage?.split('|') ?? [];
    return {
      id: product.id,
      name: product.name,
      pre_title_name: product.preTitleName,
      slug: product.slug,
      unique_number: product.uniqueNumber,
      product_url: productUrl(product.slug),
      model_number: product.modelNumber,
      status: product.status,
      availability: product.availability,
      price_type: product.priceType,
      product_type: product.productType,
      brand_name: brandName,
      category_name: categoryId === null ? null : (tree.byId.get(Number(categoryId))?.name ?? null),
      main_image: key ? imageUrls(key, mime).thumb : null,
      price_min: product.priceMin,
      price_max: product.priceMax,
      price_currency: currencyOf(refs, product.priceCurrencyId),
      combinations: Number(combinations),
      updated_at: product.updatedAt.toISOString(),
    };
  });
  return {
    data,
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// Quick actions of the list

/** Soft delete: the seller can undo it (restore) and the product leaves every list at once. */
export async function deleteProduct(tx: Tx, companyId: number, productId: number) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, productId));
}

export async function restoreProduct(tx: Tx, companyId: number, productId: number) {
  const product = await ownedProduct(tx, companyId, productId, { forUpdate: true, includeDeleted: true });
  if (product.deletedAt) {
    await tx.update(products).set({ deletedAt: null, updatedAt: new Date() }).where(eq(products.id, productId));
  }
  return productDetail(tx, companyId, productId);
}

export async function setProductStatus(tx: Tx, companyId: number, productId: number, status: ProductStatus) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  await tx.update(products).set({ status, updatedAt: new Date() }).where(eq(products.id, productId));
  return productDetail(tx, companyId, productId);
}

function copyName(name: string) {
  const suffix = ' (copy)';
  return name.slice(0, PRODUCT_LIMITS.name - suffix.length) + suffix;
}

/**
 * A full copy (matrix, specifications, calculator, photos with their own files), inactive until
 * the seller publishes it. Returns the copy and the files it wrote, to remove if the transaction fails.
 */
export async function duplicateProduct(
  tx: Tx,
  storage: Storage,
  owner: Owner,
  productId: number,
  copiedFiles: string[],
): Promise<ProductDetail> {
  const source = await ownedProduct(tx, owner.companyId, productId);
  const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...columns } = source;
  const [copy] = await tx
    .insert(products)
    .values({
      ...columns,
      name: copyName(source.name),
      status: 'inactive',
      createdBy: owner.userId,
      uniqueNumber: newUniqueNumber(),
      slug: newSlug(source.name),
    })
    .returning({ id: products.id });
  const imageIds = await copyPhotos(tx, storage, source, copy.id, copiedFiles);
  await copyChildren(tx, source.id, copy.id, imageIds);
  return productDetail(tx, owner.companyId, copy.id);
}

async function copyPhotos(tx: Tx, storage: Storage, source: ProductRow, copyId: number, copiedFiles: string[]) {
  const photos = await tx.select().from(productImages).where(eq(productImages.productId, source.id));
  const ids = new Map<number, number>();
  for (const photo of photos) {
    const storageKey = `products/${source.companyId}/${randomUUID()}`;
    await storage.copy(photo.storageKey, storageKey);
    copiedFiles.push(storageKey);
    const { id: _id, createdAt: _c, ...columns } = photo;
    const [row] = await tx
      .insert(productImages)
      .values({ ...columns, storageKey, productId: copyId })
      .returning({ id: productImages.id });
    ids.set(photo.id, row.id);
  }
  return ids;
}

async function copyChildren(tx: Tx, sourceId: number, copyId: number, imageIds: Map<number, number>) {
  await tx.execute(sql`insert into ${productCategories} (product_id, category_id, position)
    select ${copyId}, category_id, position from ${productCategories} where product_id = ${sourceId}`);
  await tx.execute(sql`insert into ${productPriceTiers} (product_id, position, min_qty, max_qty, per_unit)
    select ${copyId}, position, min_qty, max_qty, per_unit from ${productPriceTiers} where product_id = ${sourceId}`);
  const variations = await tx.select().from(productVariations).where(eq(productVariations.productId, sourceId));
  await inChunks(
    variations.map(({ id: _id, ...row }) => ({
      ...row,
      productId: copyId,
      imageIds: row.imageIds.map((id) => imageIds.get(id)).filter((id): id is number => id !== undefined),
    })),
    (chunk) => tx.insert(productVariations).values(chunk),
  );
  const groups = await tx.select().from(productSpecGroups).where(eq(productSpecGroups.productId, sourceId));
  for (const group of groups) {
    const [created] = await tx
      .insert(productSpecGroups)
      .values({ productId: copyId, name: group.name, position: group.position })
      .returning({ id: productSpecGroups.id });
    await tx.execute(sql`insert into ${productSpecifications} (product_id, group_id, template_id, type, name, value, unit, position)
      select ${copyId}, ${created.id}, template_id, type, name, value, unit, position
      from ${productSpecifications} where group_id = ${group.id}`);
  }
  await tx.execute(sql`insert into ${productCalculators} (product_id, mode, values, similar_equation, multilevel, group_equations)
    select ${copyId}, mode, values, similar_equation, multilevel, group_equations
    from ${productCalculators} where product_id = ${sourceId}`);
}
