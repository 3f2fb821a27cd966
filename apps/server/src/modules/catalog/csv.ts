import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { CATALOG_MESSAGES, productFormSchema, type ProductForm } from '@tradeloop/contracts/catalog';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  FILE_MESSAGES,
  IMPORT_RULES,
  type CsvColumn,
  type ImportReport,
  type ImportRow,
} from '@tradeloop/contracts/catalog-files';
import { DEFAULT_SPEC_GROUP } from '@tradeloop/contracts/catalog-specs';
import type { Db } from '../../db/client.ts';
import { invalid, type FieldErrors } from '../../platform/errors.ts';
import { loadReferenceSets, type ReferenceSets } from './references.ts';
import {
  companyProductsWhere,
  insertProducts,
  issuesToErrors,
  loadLookups,
  referenceErrors,
  type Lookups,
  type Owner,
  type PreparedProduct,
} from './service.ts';
import {
  brands,
  productCategories,
  productPriceTiers,
  productSpecGroups,
  productSpecifications,
  products,
} from './tables.ts';
import { categoryTree, pathOf } from './taxonomy-service.ts';

/**
 * Bulk import and export of a seller's catalogue as CSV (docs/decisions/009). Every row is checked
 * on its own with every rule of the product form; valid rows are saved in batches, each batch in a
 * transaction of its own, so an invalid row (or a batch that fails) never costs the valid ones.
 */

const LIST = ';';
const VALUES = ',';
/** Rows saved per transaction. */
const BATCH = 500;

/** Which CSV column a form field's error belongs to. */
const COLUMN_OF_FIELD: Record<string, CsvColumn> = {
  name: 'name',
  pre_title_name: 'pre_title_name',
  description: 'description',
  model_number: 'model_number',
  product_type: 'product_type',
  status: 'status',
  category_lists: 'categories',
  brand_id: 'brand',
  condition: 'condition',
  availability: 'availability',
  price_type: 'price_type',
  order_quantity: 'price_tiers',
  qty_currency: 'currency',
  currency_id: 'currency',
  unit_price: 'unit_price',
  qty_unit: 'unit',
  unit: 'unit',
  price_term: 'price_term',
  sea_: 'nearest_seaport',
  port_: 'nearest_airport',
  choice_options: 'attributes',
  specifications: 'specifications',
  validity: 'validity',
  manufacturer_year: 'manufacturer_year',
  dispatch_in: 'dispatch_in',
  dispatch_day: 'dispatch_period',
  existence_place: 'stock_location',
  country_origin_id: 'country_of_origin',
  current_stock: 'current_stock',
  tertiary_id: 'territory',
  country_origins: 'origin_countries',
  in_house_production: 'production_capacity',
  in_house_production_days: 'production_days',
  delivery_time: 'delivery_time',
  delivery_select: 'delivery_period',
};

function toColumnErrors(errors: FieldErrors): FieldErrors {
  const byColumn: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const column = COLUMN_OF_FIELD[field.split('.')[0]] ?? field;
    byColumn[column] = [...new Set([...(byColumn[column] ?? []), ...messages])];
  }
  return byColumn;
}

// ---------------------------------------------------------------------------------------------
// Reading cells

type Cells = Partial<Record<CsvColumn, string>>;

/** A spreadsheet's guard against formulas (a leading ') is not part of the value. */
function cell(cells: Cells, column: CsvColumn): string | undefined {
  const value = cells[column]?.trim().replace(/^'(?=[=+\-@])/, '');
  return value ? value : undefined;
}

function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const cleaned = text.replace(/\s/g, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function list(text: string | undefined, separator = LIST): string[] {
  return (text ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** "Colour=Red,Blue; Size=S,M" */
function attributes(text: string | undefined) {
  return list(text).map((entry) => {
    const [name, values = ''] = entry.split('=');
    return { name: name.trim(), values: list(values, VALUES) };
  });
}

/** "1-99=12.50; 100-499=11" */
function tiers(text: string | undefined) {
  return list(text).map((entry) => {
    const match = /^([\d.]+)\s*-\s*([\d.]+)\s*[=:]\s*([\d.]+)$/.exec(entry.replace(/\s+/g, ' '));
    return match
      ? { min: Number(match[1]), max: Number(match[2]), per_unit: Number(match[3]) }
      : { min: Number.NaN, max: Number.NaN, per_unit: Number.NaN };
  });
}

/** "Material=Stainless steel; Weight=20 kg": one group, General. */
function specifications(text: string | undefined) {
  const items = list(text).map((entry) => {
    const [name, ...rest] = entry.split('=');
    return { name: name.trim(), value: rest.join('=').trim() };
  });
  return items.length ? [{ name: DEFAULT_SPEC_GROUP, items }] : undefined;
}

const lower = (text: string | undefined) => text?.toLowerCase().replace(/\s+/g, '_');

type Finders = {
  refs: ReferenceSets;
  category: (text: string) => number | undefined;
  brand: Map<string, number>;
};

function lookup(map: Map<string, number>, text: string | undefined) {
  if (text === undefined) return undefined;
  return map.get(text.toLowerCase()) ?? -1;
}

/** A row as the product form's input; names are turned into ids, unknown names into errors. */
function rowToInput(cells: Cells, finders: Finders): { input: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fixed = lower(cell(cells, 'price_type')) === 'fixed';
  const named = (column: CsvColumn, map: Map<string, number>, message: string) => {
    const id = lookup(map, cell(cells, column));
    if (id === -1) errors[column] = [`${message}: ${cell(cells, column)}`];
    return id === -1 ? undefined : id;
  };
  const categoryNames = list(cell(cells, 'categories'));
  const categoryIds = categoryNames.map((name) => finders.category(name));
  categoryNames.forEach((name, index) => {
    if (categoryIds[index] === undefined)
      (errors.categories ??= []).push(`${CATALOG_MESSAGES.unknownCategory}: ${name}`);
  });
  const currency = named('currency', finders.refs.currencyByCode, CATALOG_MESSAGES.unknownCurrency);
  const unit = named('unit', finders.refs.unitByName, CATALOG_MESSAGES.unknownUnit);
  const input = {
    name: cell(cells, 'name'),
    pre_title_name: cell(cells, 'pre_title_name'),
    description: cell(cells, 'description'),
    model_number: cell(cells, 'model_number'),
    product_type: lower(cell(cells, 'product_type')),
    status: lower(cell(cells, 'status')),
    category_lists: categoryIds.filter((id) => id !== undefined),
    brand_id: named('brand', finders.brand, CATALOG_MESSAGES.unknownBrand),
    condition: cell(cells, 'condition'),
    availability: lower(cell(cells, 'availability')),
    price_type: lower(cell(cells, 'price_type')),
    order_quantity: fixed ? undefined : tiers(cell(cells, 'price_tiers')),
    qty_currency: fixed ? undefined : currency,
    qty_unit: fixed ? undefined : unit,
    currency_id: fixed ? currency : undefined,
    unit_price: fixed ? number(cell(cells, 'unit_price')) : undefined,
    unit: fixed ? unit : undefined,
    price_term: named('price_term', finders.refs.priceTermByName, CATALOG_MESSAGES.unknownPriceTerm),
    sea_: cell(cells, 'nearest_seaport'),
    port_: cell(cells, 'nearest_airport'),
    choice_options: attributes(cell(cells, 'attributes')),
    specifications: specifications(cell(cells, 'specifications')),
    validity: cell(cells, 'validity')?.toLowerCase(),
    manufacturer_year: number(cell(cells, 'manufacturer_year')),
    dispatch_in: number(cell(cells, 'dispatch_in')),
    dispatch_day: capitalised(cell(cells, 'dispatch_period')),
    existence_place: cell(cells, 'stock_location'),
    country_origin_id: named('country_of_origin', finders.refs.countryByKey, CATALOG_MESSAGES.unknownCountry),
    current_stock: number(cell(cells, 'current_stock')),
    tertiary_id: named('territory', finders.refs.territoryByName, CATALOG_MESSAGES.unknownTerritory),
    country_origins: list(cell(cells, 'origin_countries')).map((code) => ({ country_code: code })),
    in_house_production: number(cell(cells, 'production_capacity')),
    in_house_production_days: number(cell(cells, 'production_days')),
    delivery_time: number(cell(cells, 'delivery_time')),
    delivery_select: capitalised(cell(cells, 'delivery_period')),
  };
  return { input: withoutUndefined(input), errors };
}

function capitalised(text: string | undefined) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase() : undefined;
}

function withoutUndefined(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

// ---------------------------------------------------------------------------------------------
// Import

function readRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as string[][];
  } catch (error) {
    throw invalid({ file: [`${FILE_MESSAGES.csvUnreadable}${(error as Error).message}`] });
  }
}

function headerOf(record: string[]): string[] {
  return record.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
}

async function finders(db: Db, lookups: Lookups): Promise<Finders> {
  const tree = await categoryTree(db);
  const bySlugOrName = new Map<string, number>();
  for (const row of tree.rows) {
    bySlugOrName.set(row.slug, row.id);
    bySlugOrName.set(row.name.toLowerCase(), row.id);
    bySlugOrName.set(
      pathOf(tree, row.id)
        .map((entry) => entry.name.toLowerCase())
        .join(' > '),
      row.id,
    );
  }
  return {
    refs: lookups.refs,
    category: (text) => bySlugOrName.get(text.toLowerCase().replace(/\s*[>›]\s*/g, ' > ')),
    brand: new Map([...lookups.brandNames].map(([id, name]) => [name.toLowerCase(), id])),
  };
}

/** Checks every row; returns the valid ones ready to insert and the report rows of the rejected. */
function checkRows(records: string[][], header: string[], find: Finders, lookups: Lookups) {
  const valid: { line: number; name: string; prepared: PreparedProduct }[] = [];
  const rejected: ImportRow[] = [];
  records.forEach((record, index) => {
    const line = index + 2;
    const cells: Cells = {};
    header.forEach((column, position) => {
      if ((CSV_COLUMNS as readonly string[]).includes(column)) cells[column as CsvColumn] = record[position];
    });
    const name = cell(cells, 'name') ?? '';
    const { input, errors } = rowToInput(cells, find);
    const parsed = productFormSchema.safeParse(input);
    const formErrors = parsed.success ? referenceErrors(parsed.data, lookups) : issuesToErrors(parsed.error.issues);
    const all = { ...toColumnErrors(formErrors), ...errors };
    if (!parsed.success || Object.keys(all).length) {
      rejected.push({ row: line, status: 'rejected', name, product_id: null, errors: all });
      return;
    }
    valid.push({ line, name, prepared: { form: parsed.data, context: contextFor(parsed.data, lookups) } });
  });
  return { valid, rejected };
}

function contextFor(form: ProductForm, lookups: Lookups) {
  return {
    brandName: lookups.brandNames.get(form.brand_id) ?? '',
    categoryNames: form.category_lists.map((id) => lookups.categoryNames.get(id) ?? ''),
  };
}

/** Saves valid rows in batches; a batch that fails is retried row by row, so one bad row costs only itself. */
async function saveRows(db: Db, owner: Owner, rows: { line: number; name: string; prepared: PreparedProduct }[]) {
  const report: ImportRow[] = [];
  const created = (row: (typeof rows)[number], id: number): ImportRow => ({
    row: row.line,
    status: 'created',
    name: row.name,
    product_id: id,
    errors: {},
  });
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    try {
      const ids = await db.transaction((tx) =>
        insertProducts(
          tx,
          owner,
          batch.map((row) => row.prepared),
        ),
      );
      batch.forEach((row, index) => report.push(created(row, ids[index])));
    } catch {
      for (const row of batch) {
        try {
          const [id] = await db.transaction((tx) => insertProducts(tx, owner, [row.prepared]));
          report.push(created(row, id));
        } catch {
          report.push({
            row: row.line,
            status: 'rejected',
            name: row.name,
            product_id: null,
            errors: { row: [FILE_MESSAGES.rowNotSaved] },
          });
        }
      }
    }
  }
  return report;
}

export async function importProducts(db: Db, owner: Owner, text: string): Promise<ImportReport> {
  const [headerRecord, ...records] = readRecords(text);
  if (!headerRecord || records.length === 0) throw invalid({ file: [FILE_MESSAGES.csvEmpty] });
  if (records.length > IMPORT_RULES.maxRows) throw invalid({ file: [FILE_MESSAGES.csvTooManyRows] });
  const header = headerOf(headerRecord);
  const missing = CSV_REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) throw invalid({ file: [`${FILE_MESSAGES.csvHeader}${missing.join(', ')}`] });
  const lookups = await loadLookups(db, owner.companyId);
  const { valid, rejected } = checkRows(records, header, await finders(db, lookups), lookups);
  const saved = await saveRows(db, owner, valid);
  const rows = [...saved, ...rejected].sort((a, b) => a.row - b.row);
  const createdCount = rows.filter((row) => row.status === 'created').length;
  return { total: rows.length, created: createdCount, rejected: rows.length - createdCount, rows };
}

// ---------------------------------------------------------------------------------------------
// Export and template

/** Cells a spreadsheet would run as formulas get a leading ', which the import drops again. */
function safe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

type ExportRow = Record<CsvColumn, unknown>;

function toCsv(rows: ExportRow[]): string {
  return stringify(
    rows.map((row) => CSV_COLUMNS.map((column) => safe(row[column]))),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

async function exportChildren(db: Db, ids: number[]) {
  const [categoryRows, tierRows, specRows] = await Promise.all([
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.position)),
    db
      .select()
      .from(productPriceTiers)
      .where(inArray(productPriceTiers.productId, ids))
      .orderBy(asc(productPriceTiers.position)),
    db
      .select({
        productId: productSpecifications.productId,
        name: productSpecifications.name,
        value: productSpecifications.value,
      })
      .from(productSpecifications)
      .innerJoin(productSpecGroups, eq(productSpecGroups.id, productSpecifications.groupId))
      .where(inArray(productSpecifications.productId, ids))
      .orderBy(asc(productSpecGroups.position), asc(productSpecifications.position)),
  ]);
  const group = <T extends { productId: number }>(rows: T[]) => {
    const byProduct = new Map<number, T[]>();
    for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    return byProduct;
  };
  return { categories: group(categoryRows), tiers: group(tierRows), specs: group(specRows) };
}

/** The company's catalogue as CSV in the import's format, so an export can be edited and imported again. */
export async function exportProducts(
  db: Db,
  companyId: number,
  status: 'active' | 'inactive' | 'all',
): Promise<string> {
  const rows = await db
    .select({ product: products, brandName: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(companyProductsWhere(companyId, { status }), isNull(products.deletedAt)))
    .orderBy(asc(products.id));
  const refs = await loadReferenceSets(db);
  const tree = await categoryTree(db);
  const children = rows.length
    ? await exportChildren(
        db,
        rows.map(({ product }) => product.id),
      )
    : null;
  const lines = rows.map(({ product, brandName }): ExportRow => {
    const fixed = product.priceType === 'fixed';
    const currency = fixed ? product.currencyId : product.qtyCurrencyId;
    const unit = fixed ? product.unitId : product.qtyUnitId;
    return {
      name: product.name,
      pre_title_name: product.preTitleName,
      description: product.description,
      model_number: product.modelNumber,
      product_type: product.productType,
      status: product.status,
      categories: (children?.categories.get(product.id) ?? [])
        .map((row) => tree.byId.get(row.categoryId)?.slug)
        .join(LIST),
      brand: brandName,
      condition: product.condition,
      availability: product.availability,
      price_type: product.priceType,
      price_tiers: (children?.tiers.get(product.id) ?? [])
        .map((tier) => `${tier.minQty}-${tier.maxQty}=${tier.perUnit}`)
        .join(LIST),
      currency: currency ? refs.currencies.get(currency)?.code : null,
      unit_price: product.unitPrice,
      unit: unit ? refs.units.get(unit) : null,
      price_term: refs.priceTerms.get(product.priceTermId),
      nearest_seaport: product.seaPort,
      nearest_airport: product.airPort,
      attributes: product.choiceOptions.map((option) => `${option.name}=${option.values.join(VALUES)}`).join(LIST),
      specifications: (children?.specs.get(product.id) ?? []).map((spec) => `${spec.name}=${spec.value}`).join(LIST),
      validity: product.validity,
      manufacturer_year: product.manufacturerYear,
      dispatch_in: product.dispatchIn,
      dispatch_period: product.dispatchPeriod,
      stock_location: product.existencePlace,
      country_of_origin: product.countryOriginId ? refs.countries.get(product.countryOriginId)?.iso2 : null,
      current_stock: product.currentStock,
      territory: product.territoryId ? refs.territories.get(product.territoryId) : null,
      origin_countries: product.originCountries.join(LIST),
      production_capacity: product.inHouseProduction,
      production_days: product.inHouseProductionDays,
      delivery_time: product.deliveryTime,
      delivery_period: product.deliveryPeriod,
    };
  });
  return toCsv(lines);
}

/** The template: the header and two filled-in rows, one of each availability. */
export async function importTemplate(db: Db): Promise<string> {
  const tree = await categoryTree(db);
  const leaf = tree.rows.find((row) => row.slug === 'centrifugal-pumps') ?? tree.rows[tree.rows.length - 1];
  const [brand] = await db
    .select({ name: brands.name })
    .from(brands)
    .where(eq(brands.status, 'approved'))
    .orderBy(asc(brands.id))
    .limit(1);
  const common = {
    product_type: 'simple',
    status: 'active',
    categories: leaf?.slug ?? '',
    brand: brand?.name ?? '',
    price_term: 'FOB',
    nearest_seaport: 'Nhava Sheva (INNSA)',
    nearest_airport: 'Mumbai (BOM)',
  };
  const inStock: Partial<ExportRow> = {
    ...common,
    name: 'Centrifugal Water Pump 5 HP',
    pre_title_name: 'Industrial',
    description: 'Cast iron single-stage centrifugal pump for clean water, 5 HP, 3 phase.',
    model_number: 'CWP-5',
    condition: 'Brand New',
    availability: 'in_stock',
    price_type: 'quantity',
    price_tiers: '1-9=420; 10-49=395; 50-500=370',
    currency: 'USD',
    unit: 'Piece',
    attributes: 'Power=3 HP,5 HP; Phase=Single,Three',
    specifications: 'Material=Cast iron; Head=32 m',
    validity: '6 months',
    manufacturer_year: new Date().getUTCFullYear(),
    dispatch_in: 7,
    dispatch_period: 'Days',
    stock_location: 'Pune, India',
    country_of_origin: 'IN',
  };
  const byOrder: Partial<ExportRow> = {
    ...common,
    name: 'Custom Stainless Steel Pump Skid',
    description: 'Pump skid built to order with stainless steel frame, piping and control panel.',
    availability: 'by_order',
    price_type: 'fixed',
    currency: 'USD',
    unit_price: 12500,
    attributes: 'Material=SS304,SS316',
    territory: 'Asia',
    origin_countries: 'IN',
    production_capacity: 20,
    production_days: 30,
    delivery_time: 6,
    delivery_period: 'Weeks',
  };
  return toCsv([inStock as ExportRow, byOrder as ExportRow]);
}
