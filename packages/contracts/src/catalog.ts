import { z } from 'zod';
import { page } from './common.ts';
import { calculatorInputSchema } from './catalog-calculator.ts';
import { productImageUploadSchema } from './catalog-files.ts';
import { specificationSheetSchema } from './catalog-specs.ts';
import { firstDuplicate, termName } from './catalog-terms.ts';
import { AVAILABILITIES, COMBINATION_SEPARATOR, CONDITIONS, PRICE_TYPES, PRODUCT_TYPES } from './catalog-constants.ts';

export * from './catalog-constants.ts';

/**
 * The seller catalogue: categories, brands, attributes and products (spec sections 3, 5, 7 and 9).
 * Specifications, the calculator and files (images, catalogs, CSV) have contract files of their own.
 */

export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
/** Spec section 9. */
export const VALIDITY_OPTIONS = ['1 month', '3 months', '6 months', '1 year', '2 years', 'no expiry'] as const;
export const PERIOD_UNITS = ['Days', 'Weeks', 'Months', 'Years'] as const;
export const MANUFACTURING_YEAR_MIN = 1900;
export const INFORMATION_TYPES = ['passive', 'custom'] as const;

export type Availability = (typeof AVAILABILITIES)[number];
export type PriceType = (typeof PRICE_TYPES)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Defaults of spec sections 3 and 4. */
export const PRODUCT_DEFAULTS = {
  availability: 'in_stock',
  price_type: 'quantity',
  condition: 'Brand New',
  information_type: 'passive',
  product_type: 'simple',
  status: 'active',
} as const;

/** Field limits of spec section 9, and the catalogue's own limits (docs/decisions/005). */
export const PRODUCT_LIMITS = {
  name: 100,
  description: 999,
  modelNumber: 30,
  preTitle: 50,
  attributes: 10,
  valuesPerAttribute: 50,
  attributeName: 40,
  attributeValue: 60,
  combinations: 1000,
  priceTiers: 10,
  categories: 5,
  photos: 10,
  text: 150,
  maxPrice: 1_000_000_000,
} as const;

export const CATALOG_MESSAGES = {
  // Spec section 5, verbatim.
  preTitleTooLong: 'pre title must be of 50 characters',
  noAttributes: 'No Attributes Added, Please add new attributes',
  valuesRequired: 'Please enter values',
  categoryRequired: 'Please select at least one Category',
  seaportRequired: 'Please enter nearest seaport',
  airportRequired: 'Please enter nearest Airport',
  brandRequired: 'Please select product brand',
  priceTermRequired: 'Please select Paymeny Terms',
  duplicateTerms: 'Duplicate options/terms are not allowed.',
  // Ours, where the spec names the rule but not the words.
  nameRequired: 'Please enter product name',
  nameTooLong: 'Product name must be at most 100 characters',
  descriptionRequired: 'Please enter product description',
  descriptionTooLong: 'Description must be at most 999 characters',
  modelNumberTooLong: 'Model number must be at most 30 characters',
  attributeNameRequired: 'Please enter the attribute name',
  attributeNameTooLong: 'Attribute names must be at most 40 characters',
  attributeValueTooLong: 'Options must be at most 60 characters',
  attributeValueSeparator: 'Options cannot contain the | character',
  tooManyAttributes: 'A product can have at most 10 attributes',
  tooManyValues: 'An attribute can have at most 50 options',
  tooManyCombinations: 'These attributes make more than 1000 combinations; please use fewer options',
  tooManyCategories: 'Please select at most 5 categories',
  conditionRequired: 'Please select product condition',
  validityRequired: 'Please select validity',
  manufacturerYearRequired: 'Please select manufacturing year',
  manufacturerYearRange: `Manufacturing year must be between ${MANUFACTURING_YEAR_MIN} and this year`,
  dispatchInRequired: 'Please enter dispatch time',
  dispatchDayRequired: 'Please select dispatch period',
  existencePlaceRequired: 'Please enter where the stock is',
  countryOriginRequired: 'Please select country of origin',
  currentStockRequired: 'Please enter current stock',
  unitRequired: 'Please select unit',
  territoryRequired: 'Please select territory',
  countryOriginsRequired: 'Please select at least one country of origin',
  inHouseProductionRequired: 'Please enter in-house production capacity',
  inHouseProductionDaysRequired: 'Please enter in-house production days',
  deliveryTimeRequired: 'Please enter delivery time',
  deliverySelectRequired: 'Please select delivery period',
  tiersRequired: 'Please add at least one quantity price',
  tooManyTiers: 'Please add at most 10 quantity prices',
  tierMinRequired: 'Please enter minimum quantity',
  tierMaxRequired: 'Please enter maximum quantity',
  tierPriceRequired: 'Please enter price per unit',
  tierMaxBelowMin: 'Maximum quantity must not be less than the minimum',
  tiersOverlap: 'Quantity ranges must not overlap',
  qtyUnitRequired: 'Please select unit',
  qtyCurrencyRequired: 'Please select currency',
  currencyRequired: 'Please select currency',
  unitPriceRequired: 'Please enter unit price',
  positiveNumber: 'Please enter a number greater than 0',
  wholeNumber: 'Please enter a whole number',
  priceTooHigh: 'This price is too high',
  textTooLong: 'This value is too long',
  tooManyPhotos: 'Please upload at most 10 images',
  unknownBrand: 'This brand does not exist',
  unknownCategory: 'This category does not exist',
  unknownPriceTerm: 'This payment term does not exist',
  unknownUnit: 'This unit does not exist',
  unknownCurrency: 'This currency does not exist',
  unknownCountry: 'This country does not exist',
  unknownTerritory: 'This territory does not exist',
  unknownImage: 'This image does not exist or belongs to another product',
  brandNameRequired: 'Please enter the brand name',
  brandExists: 'This brand already exists.',
  brandProposed: 'Thank you. The brand is yours to use now and will be listed publicly once approved.',
  attributeCreated: 'Attribute created successfully.',
  created: 'Product created successfully.',
  updated: 'Product updated successfully.',
  duplicated: 'Product duplicated. The copy is inactive until you publish it.',
  deleted: 'Product deleted.',
  restored: 'Product restored.',
  statusUpdated: 'Product status updated.',
  matrixUpdated: 'Combination updated.',
  matrixDeleted: 'Combinations deleted.',
  matrixDefaultRequired: 'A product needs a default combination: choose another one as default instead.',
  matrixDefaultInactive: 'The default combination must stay active.',
  matrixImageUnknown: 'Combination images must be images of this product',
} as const;

// ---------------------------------------------------------------------------------------------
// Field helpers: every message is the spec's or ours above, never a library's.

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string = CATALOG_MESSAGES.textTooLong) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value || null);
const id = (message: string) => z.number({ error: message }).int(message).positive(message);
const optionalId = (message: string) => id(message).nullish();
const positive = (message: string) =>
  z
    .number({ error: message })
    .positive(CATALOG_MESSAGES.positiveNumber)
    .max(PRODUCT_LIMITS.maxPrice, CATALOG_MESSAGES.priceTooHigh);
const optionalPositive = (message: string) => positive(message).nullish();
const optionalWhole = (message: string) =>
  z.number({ error: message }).int(CATALOG_MESSAGES.wholeNumber).positive(CATALOG_MESSAGES.positiveNumber).nullish();

// ---------------------------------------------------------------------------------------------
// Categories, brands, menu

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  has_children: z.boolean(),
  products_count: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);

export const categoryListBodySchema = z.object({
  /** The parent category; absent, null or 0 lists the top level. */
  parent: z.coerce.number().int().min(0).nullish(),
  /** A seller's user id: only categories where that seller lists products, counted for that seller. */
  user_id: z.coerce.number().int().positive().nullish(),
  with_product: flag.optional(),
});

/** Every category, flat, with its path: enough for a searchable picker. */
export const categoryTreeItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().int().nullable(),
  depth: z.number().int(),
  path: z.string(),
  image: z.string().nullable(),
});
export type CategoryTreeItem = z.infer<typeof categoryTreeItemSchema>;

export const BRAND_STATUSES = ['approved', 'pending'] as const;
export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  status: z.enum(BRAND_STATUSES),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandsQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(300).default(300),
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});
export const brandsPageSchema = page(brandSchema);

export const proposeBrandBodySchema = z.object({
  name: requiredText(CATALOG_MESSAGES.brandNameRequired, 80, CATALOG_MESSAGES.textTooLong),
});

/** The header menu: top categories, each with its children. */
export const menuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), url: z.string() })),
});
export const HEADER_MENU_ID = 3;

// ---------------------------------------------------------------------------------------------
// Attributes

export const passiveAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for the attributes everyone shares; the company's id for its own. */
  company_id: z.number().int().nullable(),
});
export type PassiveAttribute = z.infer<typeof passiveAttributeSchema>;

export const attributeNameSchema = requiredText(
  CATALOG_MESSAGES.attributeNameRequired,
  PRODUCT_LIMITS.attributeName,
  CATALOG_MESSAGES.attributeNameTooLong,
).transform(termName);

export const createPassiveAttributeBodySchema = z.object({ name: attributeNameSchema });

const attributeValueSchema = z
  .string({ error: CATALOG_MESSAGES.valuesRequired })
  .trim()
  .min(1, CATALOG_MESSAGES.valuesRequired)
  .max(PRODUCT_LIMITS.attributeValue, CATALOG_MESSAGES.attributeValueTooLong)
  .refine((value) => !value.includes(COMBINATION_SEPARATOR), CATALOG_MESSAGES.attributeValueSeparator);

export const choiceOptionSchema = z
  .object({
    attribute_id: z.number().int().positive().nullish(),
    name: attributeNameSchema,
    values: z
      .array(attributeValueSchema, { error: CATALOG_MESSAGES.valuesRequired })
      .min(1, CATALOG_MESSAGES.valuesRequired)
      .max(PRODUCT_LIMITS.valuesPerAttribute, CATALOG_MESSAGES.tooManyValues),
  })
  .superRefine((option, ctx) => {
    const repeated = firstDuplicate(option.values);
    if (repeated >= 0) {
      ctx.addIssue({ code: 'custom', path: ['values', repeated], message: CATALOG_MESSAGES.duplicateTerms });
    }
  });
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

/** Every combination of the options' values, in order, each joined by |. */
export function combinationsOf(options: readonly Pick<ChoiceOption, 'values'>[]): string[] {
  if (options.length === 0) return [];
  return options.reduce<string[]>(
    (rows, option) =>
      rows.flatMap((row) => option.values.map((value) => (row ? `${row}${COMBINATION_SEPARATOR}` : '') + value)),
    [''],
  );
}

export function combinationCount(options: readonly Pick<ChoiceOption, 'values'>[]): number {
  return options.length === 0 ? 0 : options.reduce((total, option) => total * option.values.length, 1);
}

// ---------------------------------------------------------------------------------------------
// The product form (spec section 3 "Product (edit form)", rules of section 5)

export const priceTierSchema = z.object({
  min: positive(CATALOG_MESSAGES.tierMinRequired),
  max: positive(CATALOG_MESSAGES.tierMaxRequired),
  per_unit: positive(CATALOG_MESSAGES.tierPriceRequired),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

export const countryOriginSchema = z.object({
  country_code: z.string({ error: CATALOG_MESSAGES.unknownCountry }).trim().min(2).max(3).toUpperCase(),
});

/** Fields that apply only to one availability or one pricing type; the others are cleared on save. */
export const IN_STOCK_FIELDS = [
  'validity',
  'manufacturer_year',
  'dispatch_in',
  'dispatch_day',
  'existence_place',
  'country_origin_id',
  'current_stock',
  'unit',
] as const;
export const BY_ORDER_FIELDS = [
  'tertiary_id',
  'country_origins',
  'in_house_production',
  'in_house_production_days',
  'delivery_time',
  'delivery_select',
] as const;
export const QUANTITY_PRICING_FIELDS = ['order_quantity', 'qty_unit', 'qty_currency'] as const;
export const FIXED_PRICING_FIELDS = ['currency_id', 'unit_price'] as const;

/** Which fields are required, by availability and pricing (spec section 5), with their messages. */
export function requiredProductFields(
  availability: Availability,
  priceType: PriceType,
): Partial<Record<keyof ProductFormBase, string>> {
  const required: Partial<Record<keyof ProductFormBase, string>> = {};
  if (availability === 'in_stock') {
    Object.assign(required, {
      condition: CATALOG_MESSAGES.conditionRequired,
      validity: CATALOG_MESSAGES.validityRequired,
      manufacturer_year: CATALOG_MESSAGES.manufacturerYearRequired,
      dispatch_in: CATALOG_MESSAGES.dispatchInRequired,
      dispatch_day: CATALOG_MESSAGES.dispatchDayRequired,
      existence_place: CATALOG_MESSAGES.existencePlaceRequired,
      country_origin_id: CATALOG_MESSAGES.countryOriginRequired,
    });
    if (priceType === 'fixed') {
      Object.assign(required, {
        current_stock: CATALOG_MESSAGES.currentStockRequired,
        unit: CATALOG_MESSAGES.unitRequired,
      });
    }
  } else {
    Object.assign(required, {
      tertiary_id: CATALOG_MESSAGES.territoryRequired,
      country_origins: CATALOG_MESSAGES.countryOriginsRequired,
      in_house_production: CATALOG_MESSAGES.inHouseProductionRequired,
      in_house_production_days: CATALOG_MESSAGES.inHouseProductionDaysRequired,
      delivery_time: CATALOG_MESSAGES.deliveryTimeRequired,
      delivery_select: CATALOG_MESSAGES.deliverySelectRequired,
    });
  }
  if (priceType === 'quantity') {
    Object.assign(required, {
      order_quantity: CATALOG_MESSAGES.tiersRequired,
      qty_unit: CATALOG_MESSAGES.qtyUnitRequired,
      qty_currency: CATALOG_MESSAGES.qtyCurrencyRequired,
    });
  } else {
    Object.assign(required, {
      currency_id: CATALOG_MESSAGES.currencyRequired,
      unit_price: CATALOG_MESSAGES.unitPriceRequired,
    });
  }
  return required;
}

const productFormBase = z.object({
  pre_title_name: optionalText(PRODUCT_LIMITS.preTitle, CATALOG_MESSAGES.preTitleTooLong),
  name: requiredText(CATALOG_MESSAGES.nameRequired, PRODUCT_LIMITS.name, CATALOG_MESSAGES.nameTooLong),
  description: requiredText(
    CATALOG_MESSAGES.descriptionRequired,
    PRODUCT_LIMITS.description,
    CATALOG_MESSAGES.descriptionTooLong,
  ),
  model_number: optionalText(PRODUCT_LIMITS.modelNumber, CATALOG_MESSAGES.modelNumberTooLong),
  product_type: z.enum(PRODUCT_TYPES).default(PRODUCT_DEFAULTS.product_type),
  availability: z.enum(AVAILABILITIES).default(PRODUCT_DEFAULTS.availability),
  price_type: z.enum(PRICE_TYPES).default(PRODUCT_DEFAULTS.price_type),
  status: z.enum(PRODUCT_STATUSES).default(PRODUCT_DEFAULTS.status),
  choice_options: z
    .array(choiceOptionSchema, { error: CATALOG_MESSAGES.noAttributes })
    .min(1, CATALOG_MESSAGES.noAttributes)
    .max(PRODUCT_LIMITS.attributes, CATALOG_MESSAGES.tooManyAttributes),
  category_lists: z
    .array(id(CATALOG_MESSAGES.categoryRequired), { error: CATALOG_MESSAGES.categoryRequired })
    .min(1, CATALOG_MESSAGES.categoryRequired)
    .max(PRODUCT_LIMITS.categories, CATALOG_MESSAGES.tooManyCategories),
  brand_id: id(CATALOG_MESSAGES.brandRequired),
  sea_: requiredText(CATALOG_MESSAGES.seaportRequired, PRODUCT_LIMITS.text, CATALOG_MESSAGES.textTooLong),
  port_: requiredText(CATALOG_MESSAGES.airportRequired, PRODUCT_LIMITS.text, CATALOG_MESSAGES.textTooLong),
  price_term: id(CATALOG_MESSAGES.priceTermRequired),
  condition: z
    .enum(CONDITIONS, { error: CATALOG_MESSAGES.conditionRequired })
    .nullable()
    .default(PRODUCT_DEFAULTS.condition),
  // In stock
  validity: z.enum(VALIDITY_OPTIONS, { error: CATALOG_MESSAGES.validityRequired }).nullish(),
  manufacturer_year: z
    .number({ error: CATALOG_MESSAGES.manufacturerYearRequired })
    .int(CATALOG_MESSAGES.manufacturerYearRange)
    .min(MANUFACTURING_YEAR_MIN, CATALOG_MESSAGES.manufacturerYearRange)
    .refine((year) => year <= new Date().getUTCFullYear(), CATALOG_MESSAGES.manufacturerYearRange)
    .nullish(),
  dispatch_in: optionalWhole(CATALOG_MESSAGES.dispatchInRequired),
  dispatch_day: z.enum(PERIOD_UNITS, { error: CATALOG_MESSAGES.dispatchDayRequired }).nullish(),
  existence_place: optionalText(PRODUCT_LIMITS.text),
  country_origin_id: optionalId(CATALOG_MESSAGES.countryOriginRequired),
  current_stock: z
    .number({ error: CATALOG_MESSAGES.currentStockRequired })
    .min(0, CATALOG_MESSAGES.currentStockRequired)
    .max(PRODUCT_LIMITS.maxPrice, CATALOG_MESSAGES.priceTooHigh)
    .nullish(),
  unit: optionalId(CATALOG_MESSAGES.unitRequired),
  // By order
  tertiary_id: optionalId(CATALOG_MESSAGES.territoryRequired),
  country_origins: z.array(countryOriginSchema).max(20).nullish(),
  in_house_production: optionalPositive(CATALOG_MESSAGES.inHouseProductionRequired),
  in_house_production_days: optionalWhole(CATALOG_MESSAGES.inHouseProductionDaysRequired),
  delivery_time: optionalWhole(CATALOG_MESSAGES.deliveryTimeRequired),
  delivery_select: z.enum(PERIOD_UNITS, { error: CATALOG_MESSAGES.deliverySelectRequired }).nullish(),
  // Quantity pricing
  order_quantity: z.array(priceTierSchema).max(PRODUCT_LIMITS.priceTiers, CATALOG_MESSAGES.tooManyTiers).nullish(),
  qty_unit: optionalId(CATALOG_MESSAGES.qtyUnitRequired),
  qty_currency: optionalId(CATALOG_MESSAGES.qtyCurrencyRequired),
  // Fixed pricing
  currency_id: optionalId(CATALOG_MESSAGES.currencyRequired),
  unit_price: optionalPositive(CATALOG_MESSAGES.unitPriceRequired),
  /** Uploaded image ids in display order; the first is the main image. */
  photos: z.array(z.number().int().positive()).max(PRODUCT_LIMITS.photos, CATALOG_MESSAGES.tooManyPhotos).default([]),
  /** The whole specification sheet; left out on an update, the sheet stays as it is. */
  specifications: specificationSheetSchema.optional(),
  /** The calculator; left out on an update it stays, null removes it. */
  calculator: calculatorInputSchema.nullish(),
});
type ProductFormBase = z.infer<typeof productFormBase>;

function isEmpty(value: unknown) {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The cross-field rules of spec section 5. They run even when a field already failed, so a form
 * shows every message at once: the value may therefore be partly invalid, and is read with care.
 */
export function checkProductRules(body: ProductFormBase, ctx: z.RefinementCtx) {
  if (typeof body !== 'object' || body === null) return;
  const availability = AVAILABILITIES.includes(body.availability) ? body.availability : PRODUCT_DEFAULTS.availability;
  const priceType = PRICE_TYPES.includes(body.price_type) ? body.price_type : PRODUCT_DEFAULTS.price_type;
  for (const [field, message] of Object.entries(requiredProductFields(availability, priceType))) {
    if (isEmpty(body[field as keyof ProductFormBase])) ctx.addIssue({ code: 'custom', path: [field], message });
  }
  const options = Array.isArray(body.choice_options) ? body.choice_options : [];
  const names = options.map((option) => (typeof option?.name === 'string' ? termName(option.name) : ''));
  const repeated = firstDuplicate(names);
  if (repeated >= 0 && names[repeated]) {
    ctx.addIssue({
      code: 'custom',
      path: ['choice_options', repeated, 'name'],
      message: CATALOG_MESSAGES.duplicateTerms,
    });
  }
  const counted = options.map((option) => ({ values: Array.isArray(option?.values) ? option.values : [] }));
  if (combinationCount(counted) > PRODUCT_LIMITS.combinations) {
    ctx.addIssue({ code: 'custom', path: ['choice_options'], message: CATALOG_MESSAGES.tooManyCombinations });
  }
  if (priceType === 'quantity' && Array.isArray(body.order_quantity)) checkTiers(body.order_quantity, ctx);
}

function checkTiers(tiers: PriceTier[], ctx: z.RefinementCtx) {
  const complete = tiers
    .map((tier, index) => ({ ...tier, index }))
    .filter((tier) => typeof tier.min === 'number' && typeof tier.max === 'number');
  const ordered = complete.sort((a, b) => a.min - b.min);
  for (const [position, tier] of ordered.entries()) {
    if (tier.max < tier.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_quantity', tier.index, 'max'],
        message: CATALOG_MESSAGES.tierMaxBelowMin,
      });
    }
    const previous = ordered[position - 1];
    if (previous && tier.min <= previous.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_quantity', tier.index, 'min'],
        message: CATALOG_MESSAGES.tiersOverlap,
      });
    }
  }
}

export const productFormSchema = productFormBase.superRefine(checkProductRules, { when: () => true });
export type ProductForm = z.infer<typeof productFormSchema>;
export type ProductFormInput = z.input<typeof productFormSchema>;

// ---------------------------------------------------------------------------------------------
// Product answers

export const imageSchema = productImageUploadSchema;
export type ProductImage = z.infer<typeof imageSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
const currencyRef = z.object({ id: z.number().int(), code: z.string(), symbol: z.string() });

/** The edit state of one product: the form's fields plus what the server owns. */
export const productDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  unique_number: z.string(),
  product_url: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  pre_title_name: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  model_number: z.string().nullable(),
  product_type: z.enum(PRODUCT_TYPES),
  availability: z.enum(AVAILABILITIES),
  price_type: z.enum(PRICE_TYPES),
  choice_options: z.array(
    z.object({ attribute_id: z.number().int().nullable(), name: z.string(), values: z.array(z.string()) }),
  ),
  category_lists: z.array(z.number().int()),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  brand_id: z.number().int(),
  brand: named,
  sea_: z.string(),
  port_: z.string(),
  price_term: z.number().int(),
  price_term_name: z.string(),
  condition: z.enum(CONDITIONS).nullable(),
  validity: z.enum(VALIDITY_OPTIONS).nullable(),
  manufacturer_year: z.number().int().nullable(),
  dispatch_in: z.number().int().nullable(),
  dispatch_day: z.enum(PERIOD_UNITS).nullable(),
  existence_place: z.string().nullable(),
  country_origin_id: z.number().int().nullable(),
  current_stock: z.number().nullable(),
  unit: z.number().int().nullable(),
  tertiary_id: z.number().int().nullable(),
  country_origins: z.array(z.object({ country_code: z.string() })),
  in_house_production: z.number().nullable(),
  in_house_production_days: z.number().int().nullable(),
  delivery_time: z.number().int().nullable(),
  delivery_select: z.enum(PERIOD_UNITS).nullable(),
  order_quantity: z.array(priceTierSchema),
  qty_unit: z.number().int().nullable(),
  qty_currency: z.number().int().nullable(),
  currency_id: z.number().int().nullable(),
  unit_price: z.number().nullable(),
  /** The price shown in lists: the fixed price or the lowest tier, in price_currency. */
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_currency: currencyRef.nullable(),
  photos: z.array(imageSchema),
  main_image: imageSchema.nullable(),
  combinations: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productIdBodySchema = z.object({ id: z.coerce.number().int().positive() });
export const productIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const PRODUCT_SORTS = ['updated', 'newest', 'name', 'price'] as const;
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: z.enum([...PRODUCT_STATUSES, 'all']).default('all'),
  sort: z.enum(PRODUCT_SORTS).default('updated'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pre_title_name: z.string().nullable(),
  slug: z.string(),
  unique_number: z.string(),
  product_url: z.string(),
  model_number: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  availability: z.enum(AVAILABILITIES),
  price_type: z.enum(PRICE_TYPES),
  product_type: z.enum(PRODUCT_TYPES),
  brand_name: z.string(),
  category_name: z.string().nullable(),
  main_image: z.string().nullable(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_currency: currencyRef.nullable(),
  combinations: z.number().int(),
  updated_at: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productListPageSchema = page(productListItemSchema);

export const productStatusBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  status: z.enum(PRODUCT_STATUSES),
});

// ---------------------------------------------------------------------------------------------
// Variation matrix (spec section 3: id, value, price, images, is_default, status)

export const matrixRowSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  price: z.number().nullable(),
  images: z.array(z.number().int()),
  is_default: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
});
export type MatrixRow = z.infer<typeof matrixRowSchema>;

export const matrixListBodySchema = z.object({
  product_id: z.coerce.number().int().positive(),
  per_page: z.coerce.number().int().min(1).max(1000).default(200),
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});
export const matrixPageSchema = page(matrixRowSchema);

export const matrixUpdateBodySchema = z.object({
  product_id: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
  price: positive(CATALOG_MESSAGES.unitPriceRequired).nullish(),
  images: z.array(z.number().int().positive()).max(PRODUCT_LIMITS.photos, CATALOG_MESSAGES.tooManyPhotos).optional(),
  is_default: z.boolean().optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
});
export type MatrixUpdate = z.infer<typeof matrixUpdateBodySchema>;

export const matrixDeleteBodySchema = z.object({
  product_id: z.coerce.number().int().positive(),
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000),
});
