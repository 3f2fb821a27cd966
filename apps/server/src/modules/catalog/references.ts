import { PRICE_TERM_TYPES } from '@tradeloop/contracts/reference';
import type { Db, Tx } from '../../db/client.ts';
import { categoryTree, type Tree } from './taxonomy-service.ts';
import { listCountries, listCurrencies, listPriceTerms, listTerritories, listUnits } from '../reference/public.ts';

type Named = { id: number; name: string };

/** The reference lists a product points into, by id and by the names a CSV file uses. */
export type ReferenceSets = {
  currencies: Map<number, { id: number; code: string; symbol: string }>;
  currencyByCode: Map<string, number>;
  units: Map<number, string>;
  unitByName: Map<string, number>;
  priceTerms: Map<number, string>;
  priceTermByName: Map<string, number>;
  countries: Map<number, { id: number; name: string; iso2: string }>;
  countryByKey: Map<string, number>;
  territories: Map<number, string>;
  territoryByName: Map<string, number>;
};

const byName = (rows: Named[]) => new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));

/**
 * Read through the reference module's cached lists. Inside a transaction the lists are read with
 * the transaction (they are the same rows; only the cache is per database object).
 */
export async function loadReferenceSets(db: Db | Tx): Promise<ReferenceSets> {
  // One after the other: inside a transaction they share one connection.
  const source = db as Db;
  const currencies = await listCurrencies(source);
  const units = await listUnits(source);
  const countries = await listCountries(source);
  const territories = await listTerritories(source);
  const termLists = [];
  for (const type of PRICE_TERM_TYPES) termLists.push(await listPriceTerms(source, type));
  const terms = termLists.flat();
  const countryByKey = new Map<string, number>();
  for (const country of countries) {
    countryByKey.set(country.name.toLowerCase(), country.id);
    countryByKey.set(country.code.toLowerCase(), country.id);
    countryByKey.set(country.iso2.toLowerCase(), country.id);
  }
  return {
    currencies: new Map(currencies.map((row) => [row.id, { id: row.id, code: row.code, symbol: row.symbol }])),
    currencyByCode: new Map(currencies.map((row) => [row.code.toLowerCase(), row.id])),
    units: new Map(units.map((row) => [row.id, row.name])),
    unitByName: byName(units),
    priceTerms: new Map(terms.map((row) => [row.id, row.name])),
    priceTermByName: byName(terms),
    countries: new Map(countries.map((row) => [row.id, { id: row.id, name: row.name, iso2: row.iso2 }])),
    countryByKey,
    territories: new Map(territories.map((row) => [row.id, row.name])),
    territoryByName: byName(territories),
  };
}

/** Reference lists and the category tree, read once per database and handed into transactions. */
export type Caches = { refs: ReferenceSets; tree: Tree };

/** From the database itself (not a transaction), so the lists come from the processes' caches. */
export async function catalogCaches(db: Db): Promise<Caches> {
  return { refs: await loadReferenceSets(db), tree: await categoryTree(db) };
}

/** The given caches, or the lists read through `db` (a transaction reads them afresh). */
export async function cachesOr(db: Db | Tx, caches?: Caches): Promise<Caches> {
  if (caches) return caches;
  return { refs: await loadReferenceSets(db), tree: await categoryTree(db) };
}
