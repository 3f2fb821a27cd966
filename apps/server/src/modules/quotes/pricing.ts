import { COMBINATION_SEPARATOR, type ProductDetail } from '@tradeloop/contracts/catalog';
import { QUOTE_MESSAGES, type QuoteLine } from '@tradeloop/contracts/quotes';
import type { z } from 'zod';
import type { combinationsSchema } from '@tradeloop/contracts/quotes';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { getCalculator, tryCalculator } from '../catalog/calculator-service.ts';
import { listMatrix } from '../catalog/matrix-service.ts';
import { basePrice } from '../catalog/product-access.ts';
import { productDetail } from '../catalog/service.ts';
import type { ListingRow } from '../market/listing.ts';
import { convert, roundMoney, type Rates } from '../market/rates.ts';

type Combinations = z.infer<typeof combinationsSchema>;

/** A priced line in the product's own currency: what is stored; shown converted. */
export type PricedLine = {
  productId: number;
  productName: string;
  preTitleName: string | null;
  type: 'simple' | 'configured';
  combination: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  currencyId: number | null;
  equation: string | null;
  minOrder: number | null;
  unitName: string | null;
  image: string | null;
};

/** The chosen values, in the order of the product's options, joined by | (or null for a product without options). */
export function combinationOf(detail: Pick<ProductDetail, 'choice_options'>, given: Combinations | undefined) {
  const options = detail.choice_options;
  if (options.length === 0) return null;
  if (given === undefined) return undefined;
  const values =
    typeof given === 'string'
      ? given.split(COMBINATION_SEPARATOR)
      : Array.isArray(given)
        ? given
        : options.map((option) => given[option.name] ?? given[option.name.replace(/_/g, ' ')]);
  const complete =
    values.length === options.length && options.every((option, index) => option.values.includes(values[index] ?? ''));
  if (!complete) throw invalid({ combinations: [QUOTE_MESSAGES.combinationRequired] });
  return values.join(COMBINATION_SEPARATOR);
}

async function matrixOf(db: Db, listing: ListingRow) {
  const page = await listMatrix(db, listing.companyId, { product_id: listing.productId, per_page: 1000, page: 1 });
  return page.data;
}

/** The calculator's price when the product has a working one; null to fall back to the listed price. */
async function calculatorPrice(db: Db, listing: ListingRow, combination: string | null, quantity: number) {
  const calculator = await getCalculator(db, listing.companyId, listing.productId);
  if (calculator.mode === null) return null;
  try {
    return await tryCalculator(db, listing.companyId, {
      product_id: listing.productId,
      combination: combination ?? undefined,
      quantity,
    });
  } catch (error) {
    // A calculator the seller left inconsistent must not stop a buyer from asking for a price.
    if (error instanceof AppError && error.statusCode === 422) return null;
    throw error;
  }
}

/**
 * Prices `quantity` of one combination: the calculator's result when the product has one, else the
 * combination's own price or the product's (fixed, or the quantity tier that covers the quantity).
 */
export async function priceLine(
  db: Db,
  listing: ListingRow,
  input: { combinations?: Combinations; quantity: number; type?: 'simple' | 'configured' },
): Promise<PricedLine> {
  const detail = await productDetail(db, listing.companyId, listing.productId);
  const matrix = await matrixOf(db, listing);
  const chosen = combinationOf(detail, input.combinations);
  const variation =
    chosen === null
      ? undefined
      : chosen === undefined
        ? (matrix.find((row) => row.is_default && row.status === 'active') ??
          matrix.find((row) => row.status === 'active'))
        : matrix.find((row) => row.value === chosen);
  if (chosen && variation?.status !== 'active') {
    throw invalid({ combinations: [QUOTE_MESSAGES.combinationUnavailable] });
  }
  const combination = variation?.value ?? null;
  const listed =
    variation?.price ??
    basePrice({ priceType: detail.price_type, unitPrice: detail.unit_price }, detail.order_quantity, input.quantity);
  const calculated = await calculatorPrice(db, listing, combination, input.quantity);
  const total = calculated ? calculated.total : roundMoney(listed * input.quantity);
  return {
    productId: listing.productId,
    productName: listing.name,
    preTitleName: listing.preTitleName,
    type: input.type ?? detail.product_type,
    combination,
    quantity: input.quantity,
    unitPrice: calculated ? calculated.unit_price : listed,
    total,
    currencyId: detail.price_currency?.id ?? null,
    equation: calculated?.equation ?? null,
    minOrder: listing.minOrder,
    unitName: listing.unitName,
    image: detail.main_image?.thumb ?? null,
  };
}

/** A priced line as the client sees it, in the display currency. */
export function showLine(line: PricedLine, role: 'main' | 'related', rates: Rates, perUsd: number): QuoteLine {
  const money = (amount: number) => convert(rates, amount, line.currencyId, perUsd);
  return {
    product_id: line.productId,
    product_name: line.productName,
    pre_title_name: line.preTitleName,
    type: line.type,
    role,
    combination: line.combination,
    quantity: line.quantity,
    unit: line.unitName,
    unit_price: money(line.unitPrice),
    total: money(line.total),
    equation: line.equation,
    min_order: line.minOrder,
    below_minimum: line.minOrder !== null && line.quantity < line.minOrder,
    image: line.image,
  };
}
