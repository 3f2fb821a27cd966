import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  COMBINATION_SEPARATOR,
  combinationsOf,
  type ChoiceOption,
  type PriceTier,
} from '@tradeloop/contracts/catalog';
import {
  CALCULATOR_MESSAGES,
  CALCULATOR_VARIABLES,
  variableName,
  type Calculator,
  type CalculatorInput,
  type CalculatorResult,
  type CalculatorValue,
  type calculatorCheckBodySchema,
  type equationFinalRowSchema,
} from '@tradeloop/contracts/catalog-calculator';
import type { Tx } from '../../db/client.ts';
import { invalid, type FieldErrors } from '../../platform/errors.ts';
import { compileEquation, EquationError, type Equation } from './equations.ts';
import { basePrice, ownedProduct, tiersOf, type ProductRow } from './product-access.ts';
import { productCalculators, productVariations } from './tables.ts';

type StoredCalculator = typeof productCalculators.$inferSelect;
/** A calculator's equations and table, saved or about to be. */
type Definition = Pick<StoredCalculator, 'mode' | 'values' | 'similar' | 'multilevel' | 'groupEquations'>;

/** Attribute name → its equation variable. */
export function attributeVariables(options: ChoiceOption[]): Map<string, string> {
  return new Map(options.map((option) => [option.name, variableName(option.name)]));
}

function allVariables(options: ChoiceOption[]): Set<string> {
  return new Set([CALCULATOR_VARIABLES.price, CALCULATOR_VARIABLES.quantity, ...attributeVariables(options).values()]);
}

function tableOf(values: CalculatorValue[]): Map<string, Map<string, number>> {
  const table = new Map<string, Map<string, number>>();
  for (const cell of values) {
    const row = table.get(cell.attribute) ?? new Map<string, number>();
    row.set(cell.value, cell.number);
    table.set(cell.attribute, row);
  }
  return table;
}

function toDefinition(input: CalculatorInput, savedValues: CalculatorValue[]): Definition {
  return {
    mode: input.mode,
    values: input.values ?? savedValues,
    similar: input.mode === 'similar' ? (input.similar?.equation ?? null) : null,
    multilevel: input.mode === 'multilevel' ? (input.multilevel ?? []) : [],
    groupEquations: input.mode === 'Group' ? (input.group ?? null) : null,
  };
}

/** The equations of a definition, each with the field it came from. */
function equationsOf(definition: Definition): { path: string; text: string }[] {
  if (definition.mode === 'similar') {
    return definition.similar ? [{ path: 'similar.equation', text: definition.similar }] : [];
  }
  if (definition.mode === 'multilevel') {
    return definition.multilevel.map((level, index) => ({
      path: `multilevel.${index}.equation`,
      text: level.equation,
    }));
  }
  return (definition.groupEquations?.rows ?? []).map((row, index) => ({
    path: `group.rows.${index}.equation`,
    text: row.equation,
  }));
}

function checkTable(values: CalculatorValue[], options: ChoiceOption[], errors: FieldErrors) {
  const known = new Map(options.map((option) => [option.name, new Set(option.values)]));
  for (const [index, cell] of values.entries()) {
    const optionValues = known.get(cell.attribute);
    if (!optionValues) errors[`values.${index}.attribute`] = [CALCULATOR_MESSAGES.unknownAttribute];
    else if (!optionValues.has(cell.value)) errors[`values.${index}.value`] = [CALCULATOR_MESSAGES.unknownValue];
  }
}

function checkGroup(definition: Definition, options: ChoiceOption[], errors: FieldErrors) {
  const group = definition.groupEquations;
  if (definition.mode !== 'Group' || !group) return;
  const option = options.find((entry) => entry.name === group.attribute);
  if (!option) {
    errors['group.attribute'] = [CALCULATOR_MESSAGES.groupAttributeUnknown];
    return;
  }
  const seen = new Set<string>();
  for (const [index, row] of group.rows.entries()) {
    if (!option.values.includes(row.value)) errors[`group.rows.${index}.value`] = [CALCULATOR_MESSAGES.unknownValue];
    else if (seen.has(row.value)) errors[`group.rows.${index}.value`] = [CATALOG_MESSAGES.duplicateTerms];
    seen.add(row.value);
  }
  if (option.values.some((value) => !seen.has(value)))
    errors['group.rows'] = [CALCULATOR_MESSAGES.groupEquationMissing];
}

/**
 * Spec section 5: "empty attribute values are an error". Every option of an attribute that an
 * equation uses, or that the seller began to fill in, needs its number.
 */
function checkEmptyValues(definition: Definition, options: ChoiceOption[], used: Set<string>, errors: FieldErrors) {
  const table = tableOf(definition.values);
  const variables = attributeVariables(options);
  for (const option of options) {
    const row = table.get(option.name);
    if (!used.has(variables.get(option.name)!) && !row) continue;
    for (const value of option.values) {
      if (row?.get(value) === undefined)
        errors[`values.${option.name}.${value}`] = [CALCULATOR_MESSAGES.emptyAttributeValue];
    }
  }
}

/** Evaluates every equation on every combination it applies to, so a bad equation fails at save. */
function tryEquations(
  definition: Definition,
  options: ChoiceOption[],
  compiled: Map<string, Equation>,
  price: (quantity: number) => number,
  errors: FieldErrors,
) {
  const combinations = combinationsOf(options);
  const groupIndex = options.findIndex((option) => option.name === definition.groupEquations?.attribute);
  const trials: { path: string; quantity: number; combinations: string[] }[] = [];
  if (definition.mode === 'similar') trials.push({ path: 'similar.equation', quantity: 1, combinations });
  definition.multilevel.forEach((level, index) =>
    trials.push({ path: `multilevel.${index}.equation`, quantity: level.min, combinations }),
  );
  definition.groupEquations?.rows.forEach((row, index) =>
    trials.push({
      path: `group.rows.${index}.equation`,
      quantity: 1,
      combinations: combinations.filter((value) => value.split(COMBINATION_SEPARATOR)[groupIndex] === row.value),
    }),
  );
  for (const trial of trials) {
    const equation = compiled.get(trial.path);
    if (!equation || errors[trial.path]) continue;
    for (const combination of trial.combinations) {
      const problem = resultProblem(() =>
        equation.evaluate(scopeFor(definition, options, combination, price(trial.quantity), trial.quantity)),
      );
      if (problem) {
        errors[trial.path] = [problem];
        break;
      }
    }
  }
}

function resultProblem(run: () => number): string | null {
  try {
    return run() < 0 ? CALCULATOR_MESSAGES.negative : null;
  } catch (error) {
    if (error instanceof EquationError) return CALCULATOR_MESSAGES.notANumber;
    return CALCULATOR_MESSAGES.notANumber;
  }
}

/** Checks a calculator against the product's attributes; the errors' keys are the input's fields. */
export function validateCalculator(
  definition: Definition,
  options: ChoiceOption[],
  price: (quantity: number) => number,
): FieldErrors {
  const errors: FieldErrors = {};
  checkTable(definition.values, options, errors);
  checkGroup(definition, options, errors);
  const variables = allVariables(options);
  const compiled = new Map<string, Equation>();
  const used = new Set<string>();
  for (const { path, text } of equationsOf(definition)) {
    const check = compileEquation(text, variables);
    if (!check.ok) {
      errors[path] = [check.message];
      continue;
    }
    compiled.set(path, check.equation);
    for (const symbol of check.equation.symbols) used.add(symbol);
  }
  checkEmptyValues(definition, options, used, errors);
  if (Object.keys(errors).length === 0) tryEquations(definition, options, compiled, price, errors);
  return errors;
}

function scopeFor(
  definition: Pick<Definition, 'values'>,
  options: ChoiceOption[],
  combination: string,
  price: number,
  quantity: number,
): Record<string, number> {
  const table = tableOf(definition.values);
  const parts = combination.split(COMBINATION_SEPARATOR);
  const scope: Record<string, number> = {
    [CALCULATOR_VARIABLES.price]: price,
    [CALCULATOR_VARIABLES.quantity]: quantity,
  };
  options.forEach((option, index) => {
    const number = table.get(option.name)?.get(parts[index]);
    if (number !== undefined) scope[variableName(option.name)] = number;
  });
  return scope;
}

function equationFor(definition: Definition, options: ChoiceOption[], combination: string, quantity: number): string {
  if (definition.mode === 'similar' && definition.similar) return definition.similar;
  if (definition.mode === 'multilevel') {
    const level = definition.multilevel.find((entry) => quantity >= entry.min && quantity <= entry.max);
    if (!level) throw invalid({ quantity: [CALCULATOR_MESSAGES.noLevelForQuantity] });
    return level.equation;
  }
  if (definition.mode === 'Group' && definition.groupEquations) {
    const index = options.findIndex((option) => option.name === definition.groupEquations!.attribute);
    const value = combination.split(COMBINATION_SEPARATOR)[index];
    const row = definition.groupEquations.rows.find((entry) => entry.value === value);
    if (row) return row.equation;
  }
  throw invalid({ calculator: [CALCULATOR_MESSAGES.notConfigured] });
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The price of `quantity` of one combination: the equation that applies, its variables and the result. */
export function evaluateCalculator(
  definition: Definition,
  options: ChoiceOption[],
  combination: string,
  price: number,
  quantity: number,
): CalculatorResult {
  if (!combinationsOf(options).includes(combination)) {
    throw invalid({ combination: [CALCULATOR_MESSAGES.unknownCombination] });
  }
  const text = equationFor(definition, options, combination, quantity);
  const check = compileEquation(text, allVariables(options));
  if (!check.ok) throw invalid({ equation: [check.message] });
  const variables = scopeFor(definition, options, combination, price, quantity);
  if ([...check.equation.symbols].some((symbol) => variables[symbol] === undefined)) {
    throw invalid({ equation: [CALCULATOR_MESSAGES.emptyAttributeValue] });
  }
  let total: number;
  try {
    total = check.equation.evaluate(variables);
  } catch {
    throw invalid({ equation: [CALCULATOR_MESSAGES.notANumber] });
  }
  if (total < 0) throw invalid({ equation: [CALCULATOR_MESSAGES.negative] });
  return {
    combination,
    quantity,
    equation: text,
    variables,
    total: round(total, 2),
    unit_price: round(total / quantity, 4),
  };
}

// ---------------------------------------------------------------------------------------------
// Stored calculators

async function storedCalculator(db: Tx, productId: number): Promise<StoredCalculator | undefined> {
  const [row] = await db.select().from(productCalculators).where(eq(productCalculators.productId, productId));
  return row;
}

function prefixed(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [`${prefix}${key}`, messages]));
}

/**
 * Saves (or, with null, removes) a product's calculator after checking it against the product's
 * attributes. `errorPrefix` places the field errors inside a larger form (the product save).
 */
export async function storeCalculator(
  tx: Tx,
  product: ProductRow,
  input: CalculatorInput | null,
  errorPrefix = '',
): Promise<void> {
  if (input === null) {
    await tx.delete(productCalculators).where(eq(productCalculators.productId, product.id));
    return;
  }
  const saved = await storedCalculator(tx, product.id);
  const definition = toDefinition(input, saved?.values ?? []);
  const tiers = await tiersOf(tx, product.id);
  const errors = validateCalculator(definition, product.choiceOptions, (quantity) =>
    basePrice(product, tiers, quantity),
  );
  if (Object.keys(errors).length) throw invalid(prefixed(errors, errorPrefix));
  const row = { ...definition, updatedAt: new Date() };
  await tx
    .insert(productCalculators)
    .values({ productId: product.id, ...row })
    .onConflictDoUpdate({ target: productCalculators.productId, set: row });
}

export async function saveCalculator(tx: Tx, companyId: number, productId: number, input: CalculatorInput) {
  const product = await ownedProduct(tx, companyId, productId, { forUpdate: true });
  await storeCalculator(tx, product, input);
  return getCalculator(tx, companyId, productId);
}

export async function saveCalculatorTable(tx: Tx, companyId: number, productId: number, values: CalculatorValue[]) {
  const product = await ownedProduct(tx, companyId, productId, { forUpdate: true });
  const errors: FieldErrors = {};
  checkTable(values, product.choiceOptions, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await tx
    .insert(productCalculators)
    .values({ productId, values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: productCalculators.productId, set: { values, updatedAt: new Date() } });
  return getCalculator(tx, companyId, productId);
}

export async function getCalculator(db: Tx, companyId: number, productId: number): Promise<Calculator> {
  const product = await ownedProduct(db, companyId, productId);
  const saved = await storedCalculator(db, productId);
  const table = tableOf(saved?.values ?? []);
  const variables = attributeVariables(product.choiceOptions);
  return {
    product_id: productId,
    mode: saved?.mode ?? null,
    values: product.choiceOptions.flatMap((option) =>
      option.values.map((value) => ({
        attribute: option.name,
        variable: variables.get(option.name)!,
        value,
        number: table.get(option.name)?.get(value) ?? null,
      })),
    ),
    similar: saved?.similar ? { equation: saved.similar } : null,
    multilevel: saved?.multilevel ?? [],
    group: saved?.groupEquations ?? null,
    variables: [...allVariables(product.choiceOptions)],
    updated_at: saved?.updatedAt.toISOString() ?? null,
  };
}

async function variationPrice(db: Tx, productId: number, combination: string | undefined) {
  const [row] = await db
    .select({ value: productVariations.value, price: productVariations.price })
    .from(productVariations)
    .where(
      and(
        eq(productVariations.productId, productId),
        combination === undefined ? eq(productVariations.isDefault, true) : eq(productVariations.value, combination),
      ),
    )
    .limit(1);
  return row;
}

/** The price of one combination through a calculator definition (the default variation's when none is named). */
function priceThrough(
  definition: Definition,
  product: PricedProduct,
  tiers: PriceTier[],
  variation: { value: string; price: number | null } | undefined,
  combination: string | undefined,
  quantity: number,
) {
  const chosen = variation?.value ?? combination ?? combinationsOf(product.choiceOptions)[0];
  const price = variation?.price ?? basePrice(product, tiers, quantity);
  return evaluateCalculator(definition, product.choiceOptions, chosen, price, quantity);
}

/** calculator_multiple_check: tries a calculator (the saved one, or one not saved yet) on one combination. */
export async function tryCalculator(
  db: Tx,
  companyId: number,
  body: z.infer<typeof calculatorCheckBodySchema>,
): Promise<CalculatorResult> {
  const product = await ownedProduct(db, companyId, body.product_id);
  const saved = await storedCalculator(db, product.id);
  const tiers = await tiersOf(db, product.id);
  let definition: Definition;
  if (body.calculator) {
    definition = toDefinition(body.calculator, saved?.values ?? []);
    const errors = validateCalculator(definition, product.choiceOptions, (quantity) =>
      basePrice(product, tiers, quantity),
    );
    if (Object.keys(errors).length) throw invalid(prefixed(errors, 'calculator.'));
  } else {
    if (!saved?.mode) throw invalid({ calculator: [CALCULATOR_MESSAGES.notConfigured] });
    definition = saved;
  }
  const variation = await variationPrice(db, product.id, body.combination);
  return priceThrough(definition, product, tiers, variation, body.combination, body.quantity);
}

/** Prices one combination at one quantity through a product's saved calculator, without reading again. */
export type SavedCalculator = (combination: string | undefined, quantity: number) => CalculatorResult;

/** What a saved calculator reads of its product besides the calculator itself. */
type PricedProduct = Pick<ProductRow, 'choiceOptions' | 'priceType' | 'unitPrice'>;

/**
 * A product's saved calculator over what the caller read of the product once (its price facts, tiers and
 * variations), or null when it has none: what tryCalculator does for the saved calculator, for pricing many
 * quantities of one product.
 */
export async function loadSavedCalculator(
  db: Tx,
  product: PricedProduct & { id: number },
  tiers: PriceTier[],
  variations: { value: string; price: number | null; isDefault: boolean }[],
): Promise<SavedCalculator | null> {
  const saved = await storedCalculator(db, product.id);
  if (!saved?.mode) return null;
  return (combination, quantity) => {
    const variation =
      combination === undefined
        ? variations.find((row) => row.isDefault)
        : variations.find((row) => row.value === combination);
    return priceThrough(saved, product, tiers, variation, combination, quantity);
  };
}

/** equation_final/list: the equation and price that apply to every combination at one quantity. */
export async function finalEquations(
  db: Tx,
  companyId: number,
  productId: number,
  quantity: number,
): Promise<z.infer<typeof equationFinalRowSchema>[]> {
  const product = await ownedProduct(db, companyId, productId);
  const saved = await storedCalculator(db, productId);
  if (!saved?.mode) throw invalid({ calculator: [CALCULATOR_MESSAGES.notConfigured] });
  const tiers = await tiersOf(db, productId);
  const variations = await db
    .select()
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(asc(productVariations.position));
  return variations.map((variation) => {
    try {
      const result = evaluateCalculator(
        saved,
        product.choiceOptions,
        variation.value,
        variation.price ?? basePrice(product, tiers, quantity),
        quantity,
      );
      return {
        combination_id: variation.id,
        value: variation.value,
        equation: result.equation,
        total: result.total,
        unit_price: result.unit_price,
        error: null,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : CALCULATOR_MESSAGES.notANumber;
      return {
        combination_id: variation.id,
        value: variation.value,
        equation: null,
        total: null,
        unit_price: null,
        error: message,
      };
    }
  });
}
