import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common';
import {
  MARKET_MESSAGES,
  type CurrencyRef,
  type ExchangeRate,
  type updateRatesBodySchema,
} from '@tradeloop/contracts/market';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { listCurrencies } from '../reference/public.ts';
import { marketExchangeRates, marketOperators } from './tables.ts';

/**
 * Exchange rates (docs/decisions/014): units of each currency for one US dollar. Starting values
 * are loaded once for currencies that have none; the platform operator keeps them current.
 */
export const STARTING_RATES: Record<string, number> = {
  USD: 1,
  AUD: 1.52,
  GBP: 0.79,
  CNY: 7.2,
  BRL: 5.4,
  CAD: 1.37,
  CZK: 23.2,
  DKK: 6.88,
  EUR: 0.92,
  HKD: 7.8,
  HUF: 362,
  ILS: 3.7,
  JPY: 151,
  MYR: 4.5,
  MXN: 18.4,
  NOK: 10.7,
  NZD: 1.67,
  PHP: 57.5,
  PLN: 4,
  RUB: 92,
  SGD: 1.34,
  SEK: 10.6,
  CHF: 0.88,
  THB: 35.5,
  BDT: 120,
  Rupee: 83.5,
};

/** Adds the starting rate of every currency that has none; rates the operator set are kept. */
export async function loadStartingRates(db: Db) {
  const currencies = await listCurrencies(db);
  const rows = currencies
    .filter((currency) => STARTING_RATES[currency.code] !== undefined)
    .map((currency) => ({ currencyId: currency.id, rate: STARTING_RATES[currency.code] }));
  if (rows.length) await db.insert(marketExchangeRates).values(rows).onConflictDoNothing();
  forgetRates(db);
}

export type Rates = {
  /** Units per US dollar, by currency id. */
  perUsd: Map<number, number>;
  currencies: Map<number, CurrencyRef & { name: string }>;
};

/** Rates change a few times a day; each process keeps them for a minute (and drops them on its own update). */
const RATES_TTL_MS = 60_000;
const ratesCache = new WeakMap<Db, { at: number; rates: Promise<Rates> }>();

export function forgetRates(db: Db) {
  ratesCache.delete(db);
}

export function currentRates(db: Db): Promise<Rates> {
  const hit = ratesCache.get(db);
  if (hit && Date.now() - hit.at < RATES_TTL_MS) return hit.rates;
  const rates = (async () => {
    const currencies = await listCurrencies(db);
    const rows = await db.select().from(marketExchangeRates);
    return {
      perUsd: new Map(rows.map((row) => [row.currencyId, row.rate])),
      currencies: new Map(currencies.map((c) => [c.id, { id: c.id, code: c.code, symbol: c.symbol, name: c.name }])),
    };
  })();
  ratesCache.set(db, { at: Date.now(), rates });
  rates.catch(() => ratesCache.delete(db));
  return rates;
}

/** The asked currency when it exists and has a rate; the default currency otherwise. */
export function displayCurrency(rates: Rates, currencyId: number): { currency: CurrencyRef; perUsd: number } {
  const id = rates.currencies.has(currencyId) && rates.perUsd.has(currencyId) ? currencyId : DEFAULT_CURRENCY_ID;
  const { code, symbol } = rates.currencies.get(id) ?? { code: 'USD', symbol: '$' };
  return { currency: { id, code, symbol }, perUsd: rates.perUsd.get(id) ?? 1 };
}

export function currencyRef(rates: Rates, id: number | null): CurrencyRef | null {
  const currency = id === null ? undefined : rates.currencies.get(id);
  return currency ? { id: currency.id, code: currency.code, symbol: currency.symbol } : null;
}

export const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** An amount in `fromCurrencyId` expressed in the display currency (unchanged when a rate is missing). */
export function convert(rates: Rates, amount: number, fromCurrencyId: number | null, perUsdTo: number): number {
  const from = fromCurrencyId === null ? undefined : rates.perUsd.get(fromCurrencyId);
  if (!from) return roundMoney(amount);
  return roundMoney((amount / from) * perUsdTo);
}

export async function listRates(db: Db): Promise<ExchangeRate[]> {
  const currencies = await listCurrencies(db);
  const rows = await db.select().from(marketExchangeRates);
  const byId = new Map(rows.map((row) => [row.currencyId, row]));
  return currencies
    .filter((currency) => byId.has(currency.id))
    .map((currency) => {
      const row = byId.get(currency.id)!;
      return {
        currency_id: currency.id,
        code: currency.code,
        name: currency.name,
        symbol: currency.symbol,
        rate: row.rate,
        updated_at: row.updatedAt.toISOString(),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The platform operator

export async function isOperator(db: Tx, userId: number): Promise<boolean> {
  const [row] = await db.select().from(marketOperators).where(eq(marketOperators.userId, userId));
  return !!row;
}

export async function requireOperator(db: Tx, userId: number) {
  if (!(await isOperator(db, userId))) throw forbidden(MARKET_MESSAGES.operatorOnly);
}

export async function grantOperator(db: Tx, userId: number) {
  await db.insert(marketOperators).values({ userId }).onConflictDoNothing();
}

/** The operator's update: every rate names an existing currency; the US dollar stays at 1. */
export async function updateRates(tx: Tx, userId: number, body: z.infer<typeof updateRatesBodySchema>): Promise<void> {
  await requireOperator(tx, userId);
  const currencies = await listCurrencies(tx as Db);
  const byCode = new Map(currencies.map((c) => [c.code.toLowerCase(), c.id]));
  const known = new Set(currencies.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  const rows = body.rates.map((entry, index) => {
    const currencyId = entry.currency_id ?? byCode.get(entry.code?.toLowerCase() ?? '');
    if (!currencyId || !known.has(currencyId)) errors[`rates.${index}.currency_id`] = [MARKET_MESSAGES.unknownCurrency];
    else if (currencyId === DEFAULT_CURRENCY_ID && entry.rate !== 1) {
      errors[`rates.${index}.rate`] = ['The US dollar is the base currency: its rate is always 1'];
    }
    return { currencyId: currencyId ?? 0, rate: entry.rate };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  for (const row of rows) {
    await tx
      .insert(marketExchangeRates)
      .values({ ...row, updatedBy: userId, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: marketExchangeRates.currencyId,
        set: { rate: row.rate, updatedBy: userId, updatedAt: sql`now()` },
      });
  }
}
