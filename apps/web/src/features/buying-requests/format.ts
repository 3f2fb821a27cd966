import { money } from '../../lib/format.ts';

/** "250 Piece", "2.5 Metric Ton". */
export const quantityText = (quantity: string, unit: string) => `${Number(quantity).toLocaleString()} ${unit}`;

/** A day (YYYY-MM-DD) or a moment as "12 Mar 2027". */
export const shortDate = (value: string) =>
  new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toLocaleDateString(undefined, {
    dateStyle: 'medium',
    timeZone: value.length === 10 ? 'UTC' : undefined,
  });

/** A price with its currency's symbol, exactly as the server wrote it (decimal string or number). */
export const priceText = (value: string | number, currency: { symbol: string; code: string } | null) =>
  currency ? `${money(Number(value), currency)} ${currency.code}` : Number(value).toLocaleString('en');
