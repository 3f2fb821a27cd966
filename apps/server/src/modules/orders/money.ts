import { Decimal } from 'decimal.js';
import {
  currencyDecimals,
  type DocumentLine,
  type DocumentTotals,
  type QuotationLineInput,
} from '@tradeloop/contracts/orders';

/**
 * Exact money (docs/decisions/052): decimal arithmetic on strings; each line's net and tax rounded half
 * up to the currency's decimals, the document's figures the sums of the rounded line figures.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export const decimal = (value: string | number) => new D(value);

/** An amount in the currency's decimals ("4410.00"). */
export const money = (value: Decimal.Value, code: string) =>
  new D(value).toDecimalPlaces(currencyDecimals(code), D.ROUND_HALF_UP).toFixed(currencyDecimals(code));

/** How many decimals a decimal string carries. */
export const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

/** A quantity or a percent without trailing zeros ("20", "2.5"). */
const plain = (value: string) => new D(value).toFixed();

export type PricedInput = QuotationLineInput & { unit_price: string };

/** One line: net = qty × price × (1 − discount%), rounded; tax = net × rate%, rounded; total = net + tax. */
export function priceLine(line: PricedInput, code: string): DocumentLine & { gross: string } {
  const places = currencyDecimals(code);
  const gross = new D(line.quantity).times(line.unit_price);
  const net = gross.times(new D(100).minus(line.discount_percent)).dividedBy(100).toDecimalPlaces(places);
  const tax = net.times(line.tax_rate).dividedBy(100).toDecimalPlaces(places);
  return {
    product_id: line.product_id ?? null,
    description: line.description,
    quantity: plain(line.quantity),
    unit: line.unit || null,
    unit_price: money(line.unit_price, code),
    discount_percent: plain(line.discount_percent),
    net: net.toFixed(places),
    tax_label: line.tax_label,
    tax_rate: plain(line.tax_rate),
    tax: tax.toFixed(places),
    total: net.plus(tax).toFixed(places),
    gross: gross.toDecimalPlaces(places).toFixed(places),
  };
}

/** The document's figures: sums of the rounded line figures, and the tax per label and rate. */
export function totalsOf(lines: (DocumentLine & { gross?: string })[], code: string): Omit<DocumentTotals, 'currency'> {
  const zero = new D(0);
  const sum = (pick: (line: DocumentLine & { gross?: string }) => string) =>
    lines.reduce((acc, line) => acc.plus(pick(line)), zero);
  const subtotal = sum((line) => line.net);
  const gross = sum((line) => line.gross ?? new D(line.quantity).times(line.unit_price).toFixed());
  const taxes = new Map<string, { label: string; rate: string; base: Decimal; tax: Decimal }>();
  for (const line of lines) {
    if (line.tax_label === 'None' && new D(line.tax_rate).isZero()) continue;
    const key = `${line.tax_label}\n${line.tax_rate}`;
    const entry = taxes.get(key) ?? { label: line.tax_label, rate: line.tax_rate, base: zero, tax: zero };
    taxes.set(key, { ...entry, base: entry.base.plus(line.net), tax: entry.tax.plus(line.tax) });
  }
  const tax = sum((line) => line.tax);
  return {
    subtotal: money(subtotal, code),
    discount: money(gross.toDecimalPlaces(currencyDecimals(code)).minus(subtotal).abs(), code),
    tax: money(tax, code),
    total: money(subtotal.plus(tax), code),
    taxes: [...taxes.values()].map((entry) => ({
      label: entry.label,
      rate: entry.rate,
      base: money(entry.base, code),
      tax: money(entry.tax, code),
    })),
  };
}

/** Lines without the working column `gross`, as stored. */
export const storedLines = (lines: (DocumentLine & { gross?: string })[]): DocumentLine[] =>
  lines.map(({ gross: _gross, ...line }) => line);

export const sumOf = (values: string[]) => values.reduce((acc, value) => acc.plus(value), new D(0));
