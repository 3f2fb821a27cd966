import { dateText, money } from '../../lib/format.ts';

/** A day (YYYY-MM-DD) or a moment as "12 Mar 2027". */
export const shortDate = dateText;

/** A price with its currency's symbol, exactly as the server wrote it (decimal string or number). */
export const priceText = (value: string | number, currency: { symbol: string; code: string } | null) =>
  currency ? `${money(Number(value), currency)} ${currency.code}` : Number(value).toLocaleString('en');
