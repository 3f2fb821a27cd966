import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Availability, ChoiceOption, PriceType, ProductStatus, ProductType } from '@tradeloop/contracts/catalog';
import type { CalculatorLevel, CalculatorMode, CalculatorValue } from '@tradeloop/contracts/catalog-calculator';
import type { SpecificationType } from '@tradeloop/contracts/catalog-specs';
import type { ImportRowStatus } from '@tradeloop/contracts/catalog-files';
import { companies, users } from '../accounts/tables.ts';
import { countries, currencies, priceTerms, territories, units } from '../reference/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Money and quantities: exact decimals, read as JS numbers (at most 4 decimals, below 10^12). */
const decimal = (name: string) => numeric(name, { precision: 16, scale: 4, mode: 'number' });
const companyRef = () =>
  bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'cascade' });

/** The marketplace's category tree; loaded with the catalogue's reference data (seed.ts). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image'),
    position: integer('position').notNull().default(0),
    depth: integer('depth').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    logo: text('logo'),
    status: text('status').$type<'approved' | 'pending'>().notNull().default('approved'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`)],
);

/** Who proposed a pending brand: each proposer may use it before it is approved. */
export const brandProposals = pgTable(
  'brand_proposals',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    companyId: companyRef().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.companyId] })],
);

/** Attribute names sellers reuse: shared ones (company_id null) and each company's own. */
export const passiveAttributes = pgTable(
  'passive_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passive_attributes_name_unique').on(sql`coalesce(${t.companyId}, 0)`, sql`lower(${t.name})`)],
);

/** Suggested ("passive") specifications, by top category; category null suits every product. */
export const specTemplates = pgTable(
  'spec_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('spec_templates_name_unique').on(sql`coalesce(${t.categoryId}, 0)`, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    uniqueNumber: text('unique_number').notNull().unique(),
    slug: text('slug').notNull().unique(),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    preTitleName: text('pre_title_name'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    modelNumber: text('model_number'),
    productType: text('product_type').$type<ProductType>().notNull(),
    availability: text('availability').$type<Availability>().notNull(),
    priceType: text('price_type').$type<PriceType>().notNull(),
    choiceOptions: jsonb('choice_options').$type<ChoiceOption[]>().notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    seaPort: text('sea_port').notNull(),
    airPort: text('air_port').notNull(),
    priceTermId: integer('price_term_id')
      .notNull()
      .references(() => priceTerms.id),
    condition: text('condition'),
    validity: text('validity'),
    manufacturerYear: integer('manufacturer_year'),
    dispatchIn: integer('dispatch_in'),
    dispatchPeriod: text('dispatch_period'),
    existencePlace: text('existence_place'),
    countryOriginId: integer('country_origin_id').references(() => countries.id),
    currentStock: decimal('current_stock'),
    unitId: integer('unit_id').references(() => units.id),
    territoryId: integer('territory_id').references(() => territories.id),
    originCountries: jsonb('origin_countries').$type<string[]>().notNull().default([]),
    inHouseProduction: decimal('in_house_production'),
    inHouseProductionDays: integer('in_house_production_days'),
    deliveryTime: integer('delivery_time'),
    deliveryPeriod: text('delivery_period'),
    qtyUnitId: integer('qty_unit_id').references(() => units.id),
    qtyCurrencyId: integer('qty_currency_id').references(() => currencies.id),
    currencyId: integer('currency_id').references(() => currencies.id),
    unitPrice: decimal('unit_price'),
    /** What lists and the marketplace filter on: the fixed price or the tiers' range, in price_currency_id. */
    priceMin: decimal('price_min'),
    priceMax: decimal('price_max'),
    priceCurrencyId: integer('price_currency_id').references(() => currencies.id),
    /** Name, pre-title, model, brand, categories and options: the source of full-text search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_company_idx').on(t.companyId, t.updatedAt),
    // The import's key (docs/decisions/027): a company's live products by model number.
    index('products_company_model_idx')
      .on(t.companyId, sql`lower(${t.modelNumber})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_brand_idx').on(t.brandId),
    index('products_listing_idx').on(t.status, t.deletedAt),
  ],
);

const productRef = () =>
  bigint('product_id', { mode: 'number' })
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

export const productCategories = pgTable(
  'product_categories',
  {
    productId: productRef(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productPriceTiers = pgTable(
  'product_price_tiers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: productRef(),
    position: integer('position').notNull(),
    minQty: decimal('min_qty').notNull(),
    maxQty: decimal('max_qty').notNull(),
    perUnit: decimal('per_unit').notNull(),
  },
  (t) => [index('product_price_tiers_product_idx').on(t.productId, t.position)],
);

/** The variation matrix: one row per combination of the product's option values. */
export const productVariations = pgTable(
  'product_variations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: productRef(),
    value: text('value').notNull(),
    position: integer('position').notNull(),
    /** Null: the product's own price applies. */
    price: decimal('price'),
    imageIds: bigint('image_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
  },
  (t) => [
    uniqueIndex('product_variations_value_unique').on(t.productId, t.value),
    index('product_variations_position_idx').on(t.productId, t.position),
    // "Exactly one default" is kept by the service; the database refuses a second one.
    uniqueIndex('product_variations_one_default')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Uploaded pictures; product_id stays null until a product save attaches the upload. */
export const productImages = pgTable(
  'product_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef().notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    index('product_images_company_idx').on(t.companyId),
  ],
);

export const productSpecGroups = pgTable(
  'product_spec_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: productRef(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('product_spec_groups_name_unique').on(t.productId, sql`lower(${t.name})`)],
);

export const productSpecifications = pgTable(
  'product_specifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: productRef(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => productSpecGroups.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => specTemplates.id, { onDelete: 'set null' }),
    type: text('type').$type<SpecificationType>().notNull(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    unit: text('unit'),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('product_specifications_name_unique').on(t.productId, sql`lower(${t.name})`),
    index('product_specifications_group_idx').on(t.groupId, t.position),
  ],
);

export type StoredGroupEquations = { attribute: string; rows: { value: string; equation: string }[] };

export const productCalculators = pgTable('product_calculators', {
  productId: bigint('product_id', { mode: 'number' })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Null until equations are saved; the attribute table may be saved first. */
  mode: text('mode').$type<CalculatorMode>(),
  values: jsonb('values').$type<CalculatorValue[]>().notNull().default([]),
  similar: text('similar_equation'),
  multilevel: jsonb('multilevel').$type<CalculatorLevel[]>().notNull().default([]),
  groupEquations: jsonb('group_equations').$type<StoredGroupEquations | null>(),
  updatedAt: updatedAt(),
});

/** Downloadable PDF catalogs: of one product, or (product null) of the whole company. */
export const productCatalogs = pgTable(
  'product_catalogs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef().notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_catalogs_company_idx').on(t.companyId), index('product_catalogs_product_idx').on(t.productId)],
);

/**
 * A CSV import and what became of each of its rows (docs/decisions/027). Each batch writes its rows
 * here in the transaction that saves its products, so after a crash the report still tells exactly
 * which rows were saved.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef().notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    totalRows: integer('total_rows').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved by every saved batch. */
    progressAt: timestamp('progress_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_company_idx').on(t.companyId, t.startedAt)],
);

export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    status: text('status').$type<ImportRowStatus>().notNull(),
    name: text('name').notNull(),
    modelNumber: text('model_number'),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'set null' }),
    errors: jsonb('errors').$type<Record<string, string[]>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);
