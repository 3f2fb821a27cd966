import { COMBINATION_SEPARATOR, type ProductDetail } from '@tradeloop/contracts/catalog';
import { QUOTE_MESSAGES, type QuoteLine } from '@tradeloop/contracts/quotes';
import { isCountedUnit } from '@tradeloop/contracts/reference';
import type { z } from 'zod';
import type { combinationsSchema } from '@tradeloop/contracts/quotes';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { loadPricing, priceWith, type PricingContext } from '../catalog/public.ts';
import { type ListingRow, convert, type Rates } from '../market/public.ts';

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

/**
 * Prices `quantity` of one combination through the catalogue's one pricing function (the
 * combination's or the tier's price, through the seller's calculator when there is one). A caller
 * pricing many quantities of one product passes the product's pricing context, read once.
 */
export async function priceLine(
  db: Db,
  listing: ListingRow,
  input: { combinations?: Combinations; quantity: number; type?: 'simple' | 'configured' },
  pricing?: PricingContext,
): Promise<PricedLine> {
  if (!Number.isInteger(input.quantity) && isCountedUnit(listing.unitName))
    throw invalid({ quantity: [QUOTE_MESSAGES.quantityWhole] });
  const context = pricing ?? (await loadPricing(db, listing.companyId, listing.productId));
  const { detail } = context;
  const priced = priceWith(context, {
    combination: combinationOf(detail, input.combinations),
    quantity: input.quantity,
  });
  return {
    productId: listing.productId,
    productName: listing.name,
    preTitleName: listing.preTitleName,
    type: input.type ?? detail.product_type,
    combination: priced.combination,
    quantity: input.quantity,
    unitPrice: priced.unitPrice,
    total: priced.total,
    currencyId: priced.currencyId,
    equation: priced.equation,
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
