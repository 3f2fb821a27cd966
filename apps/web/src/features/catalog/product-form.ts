import type { UseFormReturnType } from '@mantine/form';
import {
  PRODUCT_DEFAULTS,
  productFormSchema,
  type Availability,
  type PriceType,
  type ProductDetail,
  type ProductFormInput,
  type ProductImage,
  type ProductStatus,
  type ProductType,
} from '@tradeloop/contracts/catalog';
import type { Calculator, CalculatorInputDraft, CalculatorMode } from '@tradeloop/contracts/catalog-calculator';
import type { SpecificationsList, SpecificationType } from '@tradeloop/contracts/catalog-specs';
import { termName } from '@tradeloop/contracts/catalog-terms';

/**
 * The product form's values and their way to and from the API. Values hold what inputs hold
 * (strings for selects, '' for an empty number); `toBody` makes the request, and validation runs
 * the contract's own schema on it, so the form shows exactly the server's messages.
 */

/** What a NumberInput holds: a number, '' when empty, or text while the seller is typing ("1."). */
type NumberValue = number | string;
export type TierValue = { min: NumberValue; max: NumberValue; per_unit: NumberValue };
export type OptionValue = { attribute_id: number | null; name: string; values: string[] };
export type SpecItemValue = {
  template_id: number | null;
  type: SpecificationType;
  name: string;
  value: string;
  unit: string;
};
export type SpecGroupValue = { name: string; items: SpecItemValue[] };
export type LevelValue = { min: NumberValue; max: NumberValue; equation: string };
export type CalculatorValues = {
  mode: CalculatorMode | 'none';
  /** Numbers of the attribute table, by cellKey(attribute, option). */
  numbers: Record<string, NumberValue>;
  similar: string;
  levels: LevelValue[];
  groupAttribute: string | null;
  /** Equations of the Group mode, by option of the grouping attribute. */
  groupEquations: Record<string, string>;
};

export type ProductFormValues = {
  pre_title_name: string;
  name: string;
  description: string;
  model_number: string;
  product_type: ProductType;
  availability: Availability;
  price_type: PriceType;
  status: ProductStatus;
  choice_options: OptionValue[];
  category_lists: string[];
  brand_id: string | null;
  sea_: string;
  port_: string;
  price_term: string | null;
  condition: string | null;
  validity: string | null;
  manufacturer_year: string | null;
  dispatch_in: NumberValue;
  dispatch_day: string | null;
  existence_place: string;
  country_origin_id: string | null;
  current_stock: NumberValue;
  unit: string | null;
  tertiary_id: string | null;
  country_origins: string[];
  in_house_production: NumberValue;
  in_house_production_days: NumberValue;
  delivery_time: NumberValue;
  delivery_select: string | null;
  order_quantity: TierValue[];
  qty_unit: string | null;
  qty_currency: string | null;
  currency_id: string | null;
  unit_price: NumberValue;
  photos: ProductImage[];
  information_type: 'passive' | 'custom';
  specifications: SpecGroupValue[];
  calculator: CalculatorValues;
};

export type ProductForm = UseFormReturnType<ProductFormValues>;

export const cellKey = (attribute: string, option: string) => `${attribute}\u241f${option}`;

export const emptyCalculator = (): CalculatorValues => ({
  mode: 'none',
  numbers: {},
  similar: '',
  levels: [{ min: 1, max: '', equation: '' }],
  groupAttribute: null,
  groupEquations: {},
});

export function emptyProduct(): ProductFormValues {
  return {
    pre_title_name: '',
    name: '',
    description: '',
    model_number: '',
    product_type: PRODUCT_DEFAULTS.product_type,
    availability: PRODUCT_DEFAULTS.availability,
    price_type: PRODUCT_DEFAULTS.price_type,
    status: PRODUCT_DEFAULTS.status,
    choice_options: [],
    category_lists: [],
    brand_id: null,
    sea_: '',
    port_: '',
    price_term: null,
    condition: PRODUCT_DEFAULTS.condition,
    validity: null,
    manufacturer_year: null,
    dispatch_in: '',
    dispatch_day: 'Days',
    existence_place: '',
    country_origin_id: null,
    current_stock: '',
    unit: null,
    tertiary_id: null,
    country_origins: [],
    in_house_production: '',
    in_house_production_days: '',
    delivery_time: '',
    delivery_select: 'Weeks',
    order_quantity: [{ min: 1, max: '', per_unit: '' }],
    qty_unit: null,
    qty_currency: '1',
    currency_id: '1',
    unit_price: '',
    photos: [],
    information_type: PRODUCT_DEFAULTS.information_type,
    specifications: [],
    calculator: emptyCalculator(),
  };
}

const text = (value: string | null | undefined) => value ?? '';
const id = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));
const num = (value: number | null | undefined): NumberValue => (value === null || value === undefined ? '' : value);

function calculatorValues(calculator: Calculator | null): CalculatorValues {
  if (!calculator) return emptyCalculator();
  const numbers: Record<string, NumberValue> = {};
  for (const cell of calculator.values) numbers[cellKey(cell.attribute, cell.value)] = num(cell.number);
  return {
    mode: calculator.mode ?? 'none',
    numbers,
    similar: calculator.similar?.equation ?? '',
    levels: calculator.multilevel.length ? calculator.multilevel : emptyCalculator().levels,
    groupAttribute: calculator.group?.attribute ?? null,
    groupEquations: Object.fromEntries((calculator.group?.rows ?? []).map((row) => [row.value, row.equation])),
  };
}

/** The edit state of a saved product, its specification sheet and its calculator, as form values. */
export function fromProduct(
  product: ProductDetail,
  sheet: SpecificationsList | null,
  calculator: Calculator | null,
): ProductFormValues {
  const blank = emptyProduct();
  return {
    ...blank,
    pre_title_name: text(product.pre_title_name),
    name: product.name,
    description: product.description,
    model_number: text(product.model_number),
    product_type: product.product_type,
    availability: product.availability,
    price_type: product.price_type,
    status: product.status,
    choice_options: product.choice_options,
    category_lists: product.category_lists.map(String),
    brand_id: String(product.brand_id),
    sea_: product.sea_,
    port_: product.port_,
    price_term: String(product.price_term),
    condition: product.condition,
    validity: product.validity,
    manufacturer_year: id(product.manufacturer_year),
    dispatch_in: num(product.dispatch_in),
    dispatch_day: product.dispatch_day ?? blank.dispatch_day,
    existence_place: text(product.existence_place),
    country_origin_id: id(product.country_origin_id),
    current_stock: num(product.current_stock),
    unit: id(product.unit),
    tertiary_id: id(product.tertiary_id),
    country_origins: product.country_origins.map((origin) => origin.country_code),
    in_house_production: num(product.in_house_production),
    in_house_production_days: num(product.in_house_production_days),
    delivery_time: num(product.delivery_time),
    delivery_select: product.delivery_select ?? blank.delivery_select,
    order_quantity: product.order_quantity.length ? product.order_quantity : blank.order_quantity,
    qty_unit: id(product.qty_unit),
    qty_currency: id(product.qty_currency) ?? blank.qty_currency,
    currency_id: id(product.currency_id) ?? blank.currency_id,
    unit_price: num(product.unit_price),
    photos: product.photos,
    specifications: (sheet?.groups ?? []).map((group) => ({
      name: group.name,
      items: group.items.map((item) => ({
        template_id: item.template_id,
        type: item.type,
        name: item.name,
        value: item.value,
        unit: text(item.unit),
      })),
    })),
    calculator: calculatorValues(calculator),
  };
}

const toId = (value: string | null) => (value ? Number(value) : null);
const toNumber = (value: NumberValue): number | null => {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
};
const optional = (value: string) => value.trim() || null;

function calculatorBody(values: ProductFormValues): CalculatorInputDraft | null {
  const calc = values.calculator;
  if (calc.mode === 'none') return null;
  const cells = values.choice_options.flatMap((option) =>
    option.values.map((value) => ({
      attribute: termName(option.name),
      value,
      number: calc.numbers[cellKey(termName(option.name), value)],
    })),
  );
  const group = values.choice_options.find((option) => termName(option.name) === calc.groupAttribute);
  return {
    mode: calc.mode,
    values: cells
      .map((cell) => ({ ...cell, number: cell.number === undefined ? null : toNumber(cell.number) }))
      .filter((cell): cell is typeof cell & { number: number } => cell.number !== null),
    similar: calc.mode === 'similar' ? { equation: calc.similar } : null,
    multilevel:
      calc.mode === 'multilevel'
        ? calc.levels.map((level) => ({
            min: toNumber(level.min) as number,
            max: toNumber(level.max) as number,
            equation: level.equation,
          }))
        : null,
    group:
      calc.mode === 'Group'
        ? {
            attribute: calc.groupAttribute ?? '',
            rows: (group?.values ?? []).map((value) => ({ value, equation: calc.groupEquations[value] ?? '' })),
          }
        : null,
  };
}

/** The request body of the product save. */
export function toBody(values: ProductFormValues): ProductFormInput {
  const inStock = values.availability === 'in_stock';
  const quantity = values.price_type === 'quantity';
  return {
    pre_title_name: optional(values.pre_title_name),
    name: values.name,
    description: values.description,
    model_number: optional(values.model_number),
    product_type: values.product_type,
    availability: values.availability,
    price_type: values.price_type,
    status: values.status,
    choice_options: values.choice_options.map((option) => ({
      attribute_id: option.attribute_id,
      name: option.name,
      values: option.values,
    })),
    category_lists: values.category_lists.map(Number),
    brand_id: toId(values.brand_id) as number,
    sea_: values.sea_,
    port_: values.port_,
    price_term: toId(values.price_term) as number,
    condition: (values.condition as ProductFormInput['condition']) ?? null,
    validity: inStock ? (values.validity as ProductFormInput['validity']) : null,
    manufacturer_year: inStock ? toId(values.manufacturer_year) : null,
    dispatch_in: inStock ? toNumber(values.dispatch_in) : null,
    dispatch_day: inStock ? (values.dispatch_day as ProductFormInput['dispatch_day']) : null,
    existence_place: inStock ? optional(values.existence_place) : null,
    country_origin_id: inStock ? toId(values.country_origin_id) : null,
    current_stock: inStock ? toNumber(values.current_stock) : null,
    // The stock's unit, or what a fixed price made to order is per (decision 005).
    unit: inStock || !quantity ? toId(values.unit) : null,
    tertiary_id: inStock ? null : toId(values.tertiary_id),
    country_origins: inStock ? [] : values.country_origins.map((code) => ({ country_code: code })),
    in_house_production: inStock ? null : toNumber(values.in_house_production),
    in_house_production_days: inStock ? null : toNumber(values.in_house_production_days),
    delivery_time: inStock ? null : toNumber(values.delivery_time),
    delivery_select: inStock ? null : (values.delivery_select as ProductFormInput['delivery_select']),
    order_quantity: quantity
      ? values.order_quantity.map((tier) => ({
          min: toNumber(tier.min) as number,
          max: toNumber(tier.max) as number,
          per_unit: toNumber(tier.per_unit) as number,
        }))
      : null,
    qty_unit: quantity ? toId(values.qty_unit) : null,
    qty_currency: quantity ? toId(values.qty_currency) : null,
    currency_id: quantity ? null : toId(values.currency_id),
    unit_price: quantity ? null : toNumber(values.unit_price),
    photos: values.photos.map((photo) => photo.id),
    specifications: values.specifications.map((group) => ({
      name: group.name,
      items: group.items.map((item) => ({
        template_id: item.template_id,
        type: item.type,
        name: item.name,
        value: item.value,
        unit: item.unit || null,
      })),
    })),
    calculator: calculatorBody(values),
  };
}

/** Where a field error of the API belongs in the form (the calculator's inputs are shaped for people). */
export function formErrorKey(key: string, values: ProductFormValues): string {
  const calculator = /^calculator\.(.*)$/.exec(key)?.[1];
  if (calculator === undefined) return key;
  if (calculator.startsWith('similar')) return 'calculator.similar';
  const level = /^multilevel\.(\d+)\.(\w+)$/.exec(calculator);
  if (level) return `calculator.levels.${level[1]}.${level[2]}`;
  const row = /^group\.rows\.(\d+)\.equation$/.exec(calculator);
  if (row) {
    const option = values.choice_options.find((entry) => termName(entry.name) === values.calculator.groupAttribute);
    return `calculator.group.${option?.values[Number(row[1])] ?? ''}`;
  }
  if (calculator.startsWith('group')) return 'calculator.group';
  if (calculator.startsWith('values.')) return key;
  return 'calculator';
}

/** Runs the contract's schema on the body; the first message of each field, placed on its input. */
export function validateProduct(values: ProductFormValues): Record<string, string> {
  const parsed = productFormSchema.safeParse(toBody(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = formErrorKey(issue.path.join('.'), values);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Manufacturing years of spec section 9: 1900 to this year, newest first. */
export function manufacturingYears(): string[] {
  const thisYear = new Date().getFullYear();
  return Array.from({ length: thisYear - 1899 }, (_, index) => String(thisYear - index));
}
