import type { MatrixRow, ProductDetail } from '@tradeloop/contracts/catalog';
import { QUOTE_MESSAGES } from '@tradeloop/contracts/quotes';
import type { Tx } from '../../db/client.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { loadSavedCalculator, type SavedCalculator } from './calculator-service.ts';
import { toMatrixRow, variationsOf } from './matrix-service.ts';
import { basePrice } from './product-access.ts';
import { productDetail } from './service.ts';

/** What a configuration costs at a quantity, in the product's own currency. */
export type ConfigurationPrice = {
  /** The combination priced (the default one when none was asked for); null for a product without options. */
  combination: string | null;
  unitPrice: number;
  total: number;
  currencyId: number | null;
  /** The calculator's equation that gave the price, or null when the listed price did. */
  equation: string | null;
  detail: ProductDetail;
};

const roundTotal = (value: number) => Math.round(value * 100) / 100;

/** What pricing one product needs, read once: its detail, its matrix and its saved calculator. */
export type PricingContext = {
  detail: ProductDetail;
  matrix: MatrixRow[];
  calculator: SavedCalculator | null;
};

export async function loadPricing(
  db: Tx,
  companyId: number,
  productId: number,
  detail?: ProductDetail,
): Promise<PricingContext> {
  const read = detail ?? (await productDetail(db, companyId, productId));
  const variations = await variationsOf(db, productId);
  const facts = {
    id: productId,
    priceType: read.price_type,
    unitPrice: read.unit_price,
    choiceOptions: read.choice_options,
  };
  return {
    detail: read,
    matrix: variations.map(toMatrixRow),
    calculator: await loadSavedCalculator(db, facts, read.order_quantity, variations),
  };
}

/** The calculator's result when the product has a working one; null to use the listed price. */
function calculated(calculator: SavedCalculator | null, combination: string | null, quantity: number) {
  if (!calculator) return null;
  try {
    return calculator(combination ?? undefined, quantity);
  } catch (error) {
    // A calculator the seller left inconsistent must not stop a buyer from asking for a price.
    if (error instanceof AppError && error.statusCode === 422) return null;
    throw error;
  }
}

/**
 * The one price of a configuration (docs/decisions/035): the listed price (the combination's own
 * price, else the fixed price or the quantity tier covering the quantity), through the seller's
 * calculator when the product has one, whose `price` is that listed price. The product page's tiers,
 * the quote modal, the enquiry and the lead all come from here.
 * `combination` undefined asks for the default combination; a named one must be active.
 */
export function priceWith(
  { detail, matrix, calculator }: PricingContext,
  input: { combination: string | null | undefined; quantity: number },
): ConfigurationPrice {
  const variation =
    input.combination === null
      ? undefined
      : input.combination === undefined
        ? (matrix.find((row) => row.is_default && row.status === 'active') ??
          matrix.find((row) => row.status === 'active'))
        : matrix.find((row) => row.value === input.combination);
  if (input.combination && variation?.status !== 'active') {
    throw invalid({ combinations: [QUOTE_MESSAGES.combinationUnavailable] });
  }
  const combination = variation?.value ?? null;
  const listed =
    variation?.price ??
    basePrice({ priceType: detail.price_type, unitPrice: detail.unit_price }, detail.order_quantity, input.quantity);
  const result = calculated(calculator, combination, input.quantity);
  return {
    combination,
    unitPrice: result ? result.unit_price : listed,
    total: result ? result.total : roundTotal(listed * input.quantity),
    currencyId: detail.price_currency?.id ?? null,
    equation: result?.equation ?? null,
    detail,
  };
}

/** priceWith for one configuration, reading what it needs. */
export async function priceConfiguration(
  db: Tx,
  companyId: number,
  productId: number,
  input: { combination: string | null | undefined; quantity: number; detail?: ProductDetail },
): Promise<ConfigurationPrice> {
  return priceWith(await loadPricing(db, companyId, productId, input.detail), input);
}
