import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CATALOG_MESSAGES, productFormSchema, type ProductForm } from '@tradeloop/contracts/catalog';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  FILE_MESSAGES,
  IMPORT_RULES,
  type CsvColumn,
  type ImportReport,
  type ImportRowStatus,
  type ImportSummary,
} from '@tradeloop/contracts/catalog-files';
import { DEFAULT_SPEC_GROUP } from '@tradeloop/contracts/catalog-specs';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, type FieldErrors } from '../../platform/errors.ts';
import { inChunks } from './matrix-service.ts';
import type { ProductRow } from './product-access.ts';
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
  updateProducts,
} from './service.ts';
import {
  brands,
  productCategories,
  productImportRows,
  productImports,
  productPriceTiers,
  productSpecGroups,
  productSpecifications,
  products,
} from './tables.ts';
import { categoryTree, pathOf } from './taxonomy-service.ts';

/**
 * Bulk import and export of a seller's catalogue as CSV (docs/decisions/009 and 027). Every row is
 * checked on its own with every rule of the product form; valid rows are saved in batches, each batch
 * in a transaction of its own, so an invalid row (or a batch that fails) never costs the valid ones.
 * A row updates the company's product with the same key (model number, else name), so a file can be
 * imported again, after a crash too; the import's report is kept, batch by batch, in the database.
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

type ValidRow = { line: number; name: string; modelNumber: string | null; key: string; prepared: PreparedProduct };
type RowResult = {
  row: number;
  status: ImportRowStatus;
  name: string;
  modelNumber: string | null;
  productId: number | null;
  errors: FieldErrors;
};

/**
 * The row's key among the company's products (docs/decisions/027): its model number, or, without
 * one, its name (matched only against products without a model number). Compared without case.
 */
const keyOf = (modelNumber: string | null, name: string) =>
  modelNumber ? `model:${modelNumber.toLowerCase()}` : `name:${name.trim().toLowerCase()}`;

const rejectedRow = (line: number, name: string, modelNumber: string | null, errors: FieldErrors): RowResult => ({
  row: line,
  status: 'rejected',
  name,
  modelNumber,
  productId: null,
  errors,
});

/**
 * Checks every row; returns the valid ones ready to save and the rejected ones with their reasons.
 * A key seen on an earlier row of the file rejects the later row (it would save over the first).
 */
function checkRows(records: string[][], header: string[], find: Finders, lookups: Lookups) {
  const valid: ValidRow[] = [];
  const rejected: RowResult[] = [];
  const lineOfKey = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    const cells: Cells = {};
    header.forEach((column, position) => {
      if ((CSV_COLUMNS as readonly string[]).includes(column)) cells[column as CsvColumn] = record[position];
    });
    const name = cell(cells, 'name') ?? '';
    const modelNumber = cell(cells, 'model_number') ?? null;
    const { input, errors } = rowToInput(cells, find);
    const parsed = productFormSchema.safeParse(input);
    const formErrors = parsed.success ? referenceErrors(parsed.data, lookups) : issuesToErrors(parsed.error.issues);
    const all = { ...toColumnErrors(formErrors), ...errors };
    if (!parsed.success || Object.keys(all).length) {
      rejected.push(rejectedRow(line, name, modelNumber, all));
      return;
    }
    const key = keyOf(modelNumber, name);
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      const message = modelNumber ? FILE_MESSAGES.duplicateModelNumber(earlier) : FILE_MESSAGES.duplicateName(earlier);
      rejected.push(rejectedRow(line, name, modelNumber, { [modelNumber ? 'model_number' : 'name']: [message] }));
      return;
    }
    lineOfKey.set(key, line);
    valid.push({
      line,
      name,
      modelNumber,
      key,
      prepared: { form: parsed.data, context: contextFor(parsed.data, lookups) },
    });
  });
  return { valid, rejected };
}

function contextFor(form: ProductForm, lookups: Lookups) {
  return {
    brandName: lookups.brandNames.get(form.brand_id) ?? '',
    categoryNames: form.category_lists.map((id) => lookups.categoryNames.get(id) ?? ''),
  };
}

/** Imports of one company save one batch at a time, so two imports of one file cannot both create a row. */
const IMPORT_LOCK = 27_027;

/** The company's live products that the rows' keys name, by key (several when the key is ambiguous). */
async function productsByKey(tx: Tx, companyId: number, rows: ValidRow[]) {
  const models = rows.flatMap((row) => (row.modelNumber ? [row.modelNumber.toLowerCase()] : []));
  const names = rows.flatMap((row) => (row.modelNumber ? [] : [row.name.trim().toLowerCase()]));
  const found = await tx
    .select({
      id: products.id,
      modelNumber: products.modelNumber,
      name: products.name,
      choiceOptions: products.choiceOptions,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        isNull(products.deletedAt),
        or(
          models.length ? inArray(sql`lower(${products.modelNumber})`, models) : undefined,
          names.length
            ? and(sql`coalesce(${products.modelNumber}, '') = ''`, inArray(sql`lower(trim(${products.name}))`, names))
            : undefined,
          sql`false`,
        ),
      ),
    )
    .orderBy(asc(products.id));
  const byKey = new Map<string, typeof found>();
  for (const product of found) {
    const key = keyOf(product.modelNumber || null, product.name);
    byKey.set(key, [...(byKey.get(key) ?? []), product]);
  }
  return byKey;
}

/**
 * Saves one batch in one transaction: rows whose key names one of the company's products update it,
 * the others create products; the batch's rows are recorded in the import's report in the same
 * transaction, so the report never claims a row that was not saved, nor misses one that was.
 */
async function saveBatch(db: Db, owner: Owner, importId: number, batch: ValidRow[]) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${owner.companyId}::int)`);
    const existing = await productsByKey(tx, owner.companyId, batch);
    const results: RowResult[] = [];
    const toCreate: ValidRow[] = [];
    const toUpdate: { row: ValidRow; product: { id: number; choiceOptions: ProductRow['choiceOptions'] } }[] = [];
    for (const row of batch) {
      const matches = existing.get(row.key) ?? [];
      if (matches.length > 1) {
        const message = row.modelNumber ? FILE_MESSAGES.ambiguousModelNumber : FILE_MESSAGES.ambiguousName;
        results.push(
          rejectedRow(row.line, row.name, row.modelNumber, { [row.modelNumber ? 'model_number' : 'name']: [message] }),
        );
      } else if (matches.length === 1) toUpdate.push({ row, product: matches[0] });
      else toCreate.push(row);
    }
    const ids = await insertProducts(
      tx,
      owner,
      toCreate.map((row) => row.prepared),
    );
    await updateProducts(
      tx,
      toUpdate.map(({ row, product }) => ({ id: product.id, before: product.choiceOptions, prepared: row.prepared })),
    );
    const saved = (row: ValidRow, status: ImportRowStatus, productId: number): RowResult => ({
      row: row.line,
      status,
      name: row.name,
      modelNumber: row.modelNumber,
      productId,
      errors: {},
    });
    results.push(
      ...toCreate.map((row, index) => saved(row, 'created', ids[index])),
      ...toUpdate.map(({ row, product }) => saved(row, 'updated', product.id)),
    );
    await recordRows(tx, importId, results);
    return results;
  });
}

/** Told after each batch has committed: the rows of the file saved or rejected so far. */
export type ImportProgress = (progress: { importId: number; done: number; total: number }) => void;

/** Saves valid rows in batches; a batch that fails is retried row by row, so one bad row costs only itself. */
async function saveRows(db: Db, owner: Owner, importId: number, rows: ValidRow[], onBatch: () => void) {
  for (let start = 0; start < rows.length; start += BATCH, onBatch()) {
    const batch = rows.slice(start, start + BATCH);
    try {
      await saveBatch(db, owner, importId, batch);
    } catch {
      for (const row of batch) {
        try {
          await saveBatch(db, owner, importId, [row]);
        } catch {
          await recordRows(db, importId, [
            rejectedRow(row.line, row.name, row.modelNumber, { row: [FILE_MESSAGES.rowNotSaved] }),
          ]);
        }
      }
    }
  }
}

/** Adds rows to an import's report and moves its progress time. */
async function recordRows(tx: Tx, importId: number, rows: RowResult[]) {
  await inChunks(rows, (chunk) =>
    tx.insert(productImportRows).values(
      chunk.map((row) => ({
        importId,
        row: row.row,
        status: row.status,
        name: row.name,
        modelNumber: row.modelNumber,
        productId: row.productId,
        errors: row.errors,
      })),
    ),
  );
  await tx.update(productImports).set({ progressAt: new Date() }).where(eq(productImports.id, importId));
}

/**
 * POST product/import: checks every row, records the import with its rejected rows, saves the valid
 * ones batch by batch (each recorded with its outcome as it commits), and answers the report.
 */
export async function importProducts(
  db: Db,
  owner: Owner,
  text: string,
  fileName: string,
  progress: ImportProgress = () => {},
): Promise<ImportReport> {
  const [headerRecord, ...records] = readRecords(text);
  if (!headerRecord || records.length === 0) throw invalid({ file: [FILE_MESSAGES.csvEmpty] });
  if (records.length > IMPORT_RULES.maxRows) throw invalid({ file: [FILE_MESSAGES.csvTooManyRows] });
  const header = headerOf(headerRecord);
  const missing = CSV_REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) throw invalid({ file: [`${FILE_MESSAGES.csvHeader}${missing.join(', ')}`] });
  const lookups = await loadLookups(db, owner.companyId);
  const { valid, rejected } = checkRows(records, header, await finders(db, lookups), lookups);
  const importId = await db.transaction(async (tx) => {
    await tx
      .delete(productImports)
      .where(
        and(
          eq(productImports.companyId, owner.companyId),
          lt(productImports.startedAt, new Date(Date.now() - IMPORT_RULES.keepReportsDays * 86_400_000)),
        ),
      );
    const [created] = await tx
      .insert(productImports)
      .values({
        companyId: owner.companyId,
        userId: owner.userId,
        fileName: fileName.slice(0, 255),
        totalRows: records.length,
      })
      .returning({ id: productImports.id });
    await recordRows(tx, created.id, rejected);
    return created.id;
  });
  let done = rejected.length;
  await saveRows(db, owner, importId, valid, () => {
    done = Math.min(records.length, done + BATCH);
    progress({ importId, done, total: records.length });
  });
  await db.update(productImports).set({ finishedAt: new Date() }).where(eq(productImports.id, importId));
  return importReport(db, owner.companyId, importId);
}

function summaryOf(
  row: typeof productImports.$inferSelect,
  counts: Record<ImportRowStatus, number>,
  now = Date.now(),
): ImportSummary {
  const stalled = now - row.progressAt.getTime() > IMPORT_RULES.stalledAfterMs;
  return {
    import_id: row.id,
    file_name: row.fileName,
    status: row.finishedAt ? 'finished' : stalled ? 'interrupted' : 'running',
    total: row.totalRows,
    created: counts.created,
    updated: counts.updated,
    rejected: counts.rejected,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const countsOf = (rows: { status: ImportRowStatus; count: number }[]) => {
  const counts: Record<ImportRowStatus, number> = { created: 0, updated: 0, rejected: 0 };
  for (const row of rows) counts[row.status] += row.count;
  return counts;
};

/** GET product/imports/{id}: an import of the company with every row recorded so far; 404 otherwise. */
export async function importReport(db: Db, companyId: number, importId: number): Promise<ImportReport> {
  const [found] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, importId), eq(productImports.companyId, companyId)));
  if (!found) throw notFound(FILE_MESSAGES.importNotFound);
  const rows = await db
    .select()
    .from(productImportRows)
    .where(eq(productImportRows.importId, importId))
    .orderBy(asc(productImportRows.row));
  const counts = countsOf(rows.map((row) => ({ status: row.status, count: 1 })));
  return {
    ...summaryOf(found, counts),
    rows: rows.map((row) => ({
      row: row.row,
      status: row.status,
      name: row.name,
      model_number: row.modelNumber,
      product_id: row.productId,
      errors: row.errors,
    })),
  };
}

/** GET product/imports: the company's latest imports, newest first, with their counts. */
export async function listImports(db: Db, companyId: number): Promise<ImportSummary[]> {
  const latest = await db
    .select()
    .from(productImports)
    .where(eq(productImports.companyId, companyId))
    .orderBy(desc(productImports.startedAt), desc(productImports.id))
    .limit(IMPORT_RULES.listed);
  if (latest.length === 0) return [];
  const counts = await db
    .select({ importId: productImportRows.importId, status: productImportRows.status, count: count() })
    .from(productImportRows)
    .where(
      inArray(
        productImportRows.importId,
        latest.map((row) => row.id),
      ),
    )
    .groupBy(productImportRows.importId, productImportRows.status);
  return latest.map((row) => summaryOf(row, countsOf(counts.filter((entry) => entry.importId === row.id))));
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
): Promise<{ csv: string; rows: number }> {
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
  return { csv: toCsv(lines), rows: lines.length };
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
