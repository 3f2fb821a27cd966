import { z } from 'zod';

/**
 * The price calculator (spec sections 3, 5, 7 and 8). An equation gives the total price of an order
 * from the variables `price` (the chosen combination's price), `quantity`, and one variable per
 * attribute holding the number the seller gave the chosen option. Modes (docs/decisions/007):
 * - similar: one equation for every combination;
 * - multilevel: quantity levels (min to max), each with its own equation;
 * - Group: one equation per option of a chosen attribute.
 */

export const CALCULATOR_MODES = ['similar', 'multilevel', 'Group'] as const;
export type CalculatorMode = (typeof CALCULATOR_MODES)[number];

export const CALCULATOR_LIMITS = { equation: 300, levels: 20, maxQuantity: 1_000_000_000 } as const;
/** Names every equation may use besides the attribute variables. */
export const CALCULATOR_VARIABLES = { price: 'price', quantity: 'quantity' } as const;
export const CALCULATOR_FUNCTIONS = ['min', 'max', 'round', 'ceil', 'floor', 'abs', 'sqrt'] as const;

export const CALCULATOR_MESSAGES = {
  // Spec section 8, verbatim: what the seller sees when a save fails.
  saveFailed: 'Something went wrong. Please try after sometime!',
  // Ours, for the rules of spec section 5.
  emptyAttributeValue: 'Please enter a number for every attribute value',
  emptyMultilevelRow: 'Please fill in every value of this level',
  equationRequired: 'Please enter an equation',
  equationTooLong: 'Equations must be at most 300 characters',
  levelsRequired: 'Please add at least one level',
  tooManyLevels: 'Please add at most 20 levels',
  levelMaxBelowMin: 'The level must end at or after its start',
  levelsOverlap: 'Levels must not overlap',
  groupAttributeRequired: 'Please choose the attribute that groups the equations',
  groupAttributeUnknown: 'This attribute is not one of the product',
  groupEquationMissing: 'Please enter an equation for every option',
  unknownAttribute: 'This attribute is not one of the product',
  unknownValue: 'This option is not one of the attribute',
  unknownCombination: 'This combination is not one of the product',
  noLevelForQuantity: 'No level of the calculator covers this quantity',
  notConfigured: 'This product has no calculator yet',
  notANumber: 'The equation does not give a price',
  negative: 'The equation gives a negative price',
  saved: 'Calculator saved successfully.',
  tableSaved: 'Attribute values saved.',
} as const;

/** The equation variable of an attribute: its name with spaces as underscores and only letters, digits and _. */
export function variableName(attribute: string): string {
  const cleaned = attribute
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '');
  const safe = /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
  const reserved = [...Object.values(CALCULATOR_VARIABLES), ...CALCULATOR_FUNCTIONS] as string[];
  return reserved.includes(safe.toLowerCase()) ? `attr_${safe}` : safe;
}

const productId = z.coerce.number().int().positive();
const equation = z
  .string({ error: CALCULATOR_MESSAGES.equationRequired })
  .trim()
  .min(1, CALCULATOR_MESSAGES.equationRequired)
  .max(CALCULATOR_LIMITS.equation, CALCULATOR_MESSAGES.equationTooLong);
const quantity = (message: string) =>
  z.number({ error: message }).positive(message).max(CALCULATOR_LIMITS.maxQuantity, message);

/** One cell of the attribute table: the number an option stands for in equations. */
export const calculatorValueSchema = z.object({
  attribute: z.string().trim().min(1),
  value: z.string().trim().min(1),
  number: z.number({ error: CALCULATOR_MESSAGES.emptyAttributeValue }).finite(CALCULATOR_MESSAGES.emptyAttributeValue),
});
export type CalculatorValue = z.infer<typeof calculatorValueSchema>;

export const calculatorLevelSchema = z.object({
  min: quantity(CALCULATOR_MESSAGES.emptyMultilevelRow),
  max: quantity(CALCULATOR_MESSAGES.emptyMultilevelRow),
  equation: z
    .string({ error: CALCULATOR_MESSAGES.emptyMultilevelRow })
    .trim()
    .min(1, CALCULATOR_MESSAGES.emptyMultilevelRow)
    .max(CALCULATOR_LIMITS.equation, CALCULATOR_MESSAGES.equationTooLong),
});
export type CalculatorLevel = z.infer<typeof calculatorLevelSchema>;

export const calculatorGroupSchema = z.object({
  attribute: z
    .string({ error: CALCULATOR_MESSAGES.groupAttributeRequired })
    .trim()
    .min(1, CALCULATOR_MESSAGES.groupAttributeRequired),
  rows: z.array(z.object({ value: z.string().trim().min(1), equation })).max(50),
});

const calculatorFields = z.object({
  mode: z.enum(CALCULATOR_MODES),
  /** The attribute table; left out, the saved table stays. */
  values: z.array(calculatorValueSchema).max(500).optional(),
  similar: z.object({ equation }).nullish(),
  multilevel: z.array(calculatorLevelSchema).max(CALCULATOR_LIMITS.levels, CALCULATOR_MESSAGES.tooManyLevels).nullish(),
  group: calculatorGroupSchema.nullish(),
});

/** The rules every calculator meets before its equations are even read (spec section 5). */
export function checkCalculator(input: z.infer<typeof calculatorFields>, ctx: z.RefinementCtx) {
  if (input.mode === 'similar' && !input.similar) {
    ctx.addIssue({ code: 'custom', path: ['similar', 'equation'], message: CALCULATOR_MESSAGES.equationRequired });
  }
  if (input.mode === 'multilevel') checkLevels(input.multilevel ?? [], ctx);
  if (input.mode === 'Group' && !input.group) {
    ctx.addIssue({ code: 'custom', path: ['group', 'attribute'], message: CALCULATOR_MESSAGES.groupAttributeRequired });
  }
}

export const calculatorInputSchema = calculatorFields.superRefine(checkCalculator);
export type CalculatorInput = z.infer<typeof calculatorInputSchema>;
export type CalculatorInputDraft = z.input<typeof calculatorInputSchema>;

function checkLevels(levels: CalculatorLevel[], ctx: z.RefinementCtx) {
  if (levels.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['multilevel'], message: CALCULATOR_MESSAGES.levelsRequired });
    return;
  }
  const ordered = levels.map((level, index) => ({ ...level, index })).sort((a, b) => a.min - b.min);
  for (const [position, level] of ordered.entries()) {
    if (level.max < level.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['multilevel', level.index, 'max'],
        message: CALCULATOR_MESSAGES.levelMaxBelowMin,
      });
    }
    const previous = ordered[position - 1];
    if (previous && level.min <= previous.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['multilevel', level.index, 'min'],
        message: CALCULATOR_MESSAGES.levelsOverlap,
      });
    }
  }
}

export const calculatorSchema = z.object({
  product_id: z.number().int(),
  mode: z.enum(CALCULATOR_MODES).nullable(),
  /** Every option of every attribute, with its number when the seller gave one. */
  values: z.array(
    z.object({ attribute: z.string(), variable: z.string(), value: z.string(), number: z.number().nullable() }),
  ),
  similar: z.object({ equation: z.string() }).nullable(),
  multilevel: z.array(calculatorLevelSchema),
  group: z
    .object({ attribute: z.string(), rows: z.array(z.object({ value: z.string(), equation: z.string() })) })
    .nullable(),
  variables: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type Calculator = z.infer<typeof calculatorSchema>;

export const calculatorQuerySchema = z.object({ product_id: productId });
export const calculatorTableBodySchema = z.object({
  product_id: productId,
  values: z.array(calculatorValueSchema).max(500),
});
export const calculatorSaveBodySchema = calculatorFields.extend({ product_id: productId }).superRefine(checkCalculator);

export const calculatorCheckBodySchema = z.object({
  product_id: productId,
  /** An unsaved calculator to try; without it the saved one is used. */
  calculator: calculatorInputSchema.optional(),
  /** A combination's value (parts joined by |); the default combination when absent. */
  combination: z.string().trim().max(2000).optional(),
  quantity: quantity(CALCULATOR_MESSAGES.emptyMultilevelRow).default(1),
});

export const calculatorResultSchema = z.object({
  combination: z.string(),
  quantity: z.number(),
  equation: z.string(),
  variables: z.record(z.string(), z.number()),
  total: z.number(),
  unit_price: z.number(),
});
export type CalculatorResult = z.infer<typeof calculatorResultSchema>;

export const equationFinalBodySchema = z.object({
  product_id: productId,
  quantity: quantity(CALCULATOR_MESSAGES.emptyMultilevelRow).default(1),
});
export const equationFinalRowSchema = z.object({
  combination_id: z.number().int(),
  value: z.string(),
  equation: z.string().nullable(),
  total: z.number().nullable(),
  unit_price: z.number().nullable(),
  error: z.string().nullable(),
});
