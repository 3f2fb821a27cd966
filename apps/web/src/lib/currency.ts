import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage.ts';

/** The buyer's display currency (spec section 2: a `currency` query parameter is stored). */
export function getCurrencyId(): number {
  const stored = Number(readLocal(STORAGE_KEYS.currency));
  return Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_CURRENCY_ID;
}

/** Stores a currency id given in a URL; anything that is not a positive whole number is ignored. */
export function storeCurrencyParam(value: string | null) {
  if (value === null) return;
  const id = Number(value);
  if (Number.isInteger(id) && id > 0) writeLocal(STORAGE_KEYS.currency, String(id));
}
