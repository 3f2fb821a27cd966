import { sql } from 'drizzle-orm';
import { Country, type ICountry } from 'country-state-city';
import { CURRENCIES, PRICE_TERM_TYPES, PRICE_TERMS, TERRITORIES, UNITS } from '@tradeloop/contracts/reference';
import type { Db, Tx } from '../../db/client.ts';
import { appMetaValue, setAppMeta } from '../../platform/app-meta.ts';
import { forgetCachedLists, listCodeOf } from './service.ts';
import { countries, currencies, priceTerms, territories, units } from './tables.ts';

/**
 * Raise this whenever the loaded data changes (constants in contracts, the region rules below,
 * or an upgrade of country-state-city): every installation reloads once at its next start.
 */
export const REFERENCE_DATA_VERSION = 1;
const VERSION_KEY = 'reference_data_version';

/** Payment terms start here so that adding an Incoterm never moves a payment term's id. */
const PAYMENT_TERM_FIRST_ID = 101;

/** Territory ids of TERRITORIES, by name, so the rules below read plainly. */
const REGION = {
  northAmerica: 1,
  europe: 2,
  asia: 3,
  middleEast: 4,
  gulf: 5,
  southAmerica: 6,
  africa: 7,
  oceania: 8,
} as const;

/** Countries whose region does not follow from their first time zone. */
const REGION_OVERRIDES: Record<string, number> = {
  ...byCodes(['IR', 'IQ', 'IL', 'JO', 'LB', 'PS', 'SY', 'YE', 'TR', 'CY'], REGION.middleEast),
  ...byCodes(['AE', 'SA', 'KW', 'QA', 'BH', 'OM'], REGION.gulf),
  ...byCodes(
    ['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'FK', 'GF', 'GS', 'GY', 'PE', 'PY', 'SR', 'UY', 'VE'],
    REGION.southAmerica,
  ),
  // Listed first under a zone of another continent: Russia (Asia/…), Spain (Africa/Ceuta), Portugal (Atlantic/Azores).
  ...byCodes(['RU', 'ES', 'PT', 'IS', 'FO', 'SJ'], REGION.europe),
  // Australia's first zone is Antarctica/Macquarie; Antarctica and the Australian Indian Ocean islands join Oceania.
  ...byCodes(['AU', 'AQ', 'CX', 'CC', 'HM'], REGION.oceania),
  ...byCodes(['CV', 'SH', 'TF'], REGION.africa),
  ...byCodes(['IO', 'MV'], REGION.asia),
  BM: REGION.northAmerica,
};

/** Region by the continent prefix of a country's first IANA time zone. */
const REGION_BY_ZONE_PREFIX: Record<string, number> = {
  America: REGION.northAmerica,
  Europe: REGION.europe,
  Asia: REGION.asia,
  Africa: REGION.africa,
  Australia: REGION.oceania,
  Pacific: REGION.oceania,
  Indian: REGION.africa,
  Atlantic: REGION.europe,
  Arctic: REGION.europe,
  Antarctica: REGION.oceania,
};

function byCodes(codes: string[], region: number): Record<string, number> {
  return Object.fromEntries(codes.map((code) => [code, region]));
}

/** The territory id (1 to 8) of a country, or undefined when no rule covers it. */
export function regionOf(country: Pick<ICountry, 'isoCode' | 'timezones'>): number | undefined {
  const override = REGION_OVERRIDES[country.isoCode];
  if (override) return override;
  const prefix = country.timezones?.[0]?.zoneName.split('/')[0];
  return prefix ? REGION_BY_ZONE_PREFIX[prefix] : undefined;
}

/** Where the package's phone code is not the country calling code (Bouvet Island '0055', Pitcairn '870'). */
const DIAL_CODE_OVERRIDES: Record<string, string> = { BV: '+47', PN: '+64' };

/**
 * The ITU country calling code: '+1-684' (American Samoa) → '+1', '+44-1481' (Guernsey) → '+44',
 * '+1-809 and 1-829' → '+1', '91' → '+91'. Area codes belong to the number, as libphonenumber has it.
 */
export function dialCode(country: Pick<ICountry, 'isoCode' | 'phonecode'>): string {
  const override = DIAL_CODE_OVERRIDES[country.isoCode];
  if (override) return override;
  const callingCode = country.phonecode.replace(/^\+/, '').split(/[-\s]/)[0] ?? '';
  return `+${callingCode.replace(/\D/g, '')}`;
}

type CountryRow = typeof countries.$inferInsert;

/** Every country of country-state-city; ids already given keep their number, new ones are appended. */
export function buildCountryRows(existingIds: Map<string, number>): CountryRow[] {
  let nextId = Math.max(0, ...existingIds.values()) + 1;
  return Country.getAllCountries().map((country) => {
    const region = regionOf(country);
    if (!region) throw new Error(`Reference data: no region rule for country ${country.isoCode} (${country.name})`);
    return {
      id: existingIds.get(country.isoCode) ?? nextId++,
      name: country.name,
      code: listCodeOf(country.isoCode),
      iso2: country.isoCode,
      region,
      countryCode: dialCode(country),
      flag: country.flag,
    };
  });
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

async function storedVersion(db: Tx): Promise<number> {
  const value = await appMetaValue(db, VERSION_KEY);
  return typeof value === 'number' ? value : 0;
}

async function upsertTerritories(tx: Tx) {
  await tx
    .insert(territories)
    .values(TERRITORIES.map(({ id, name, code }) => ({ id, name, code })))
    .onConflictDoUpdate({ target: territories.id, set: { name: excluded('name'), code: excluded('code') } });
}

async function upsertCurrencies(tx: Tx) {
  const rows = CURRENCIES.map((currency, index) => ({ id: index + 1, ...currency }));
  await tx
    .insert(currencies)
    .values(rows)
    .onConflictDoUpdate({
      target: currencies.id,
      set: { code: excluded('code'), name: excluded('name'), symbol: excluded('symbol') },
    });
}

async function upsertUnits(tx: Tx) {
  const rows = UNITS.map((name, index) => ({ id: index + 1, name }));
  await tx
    .insert(units)
    .values(rows)
    .onConflictDoUpdate({ target: units.id, set: { name: excluded('name') } });
}

async function upsertPriceTerms(tx: Tx) {
  const firstId = { price_term: 1, payment_term: PAYMENT_TERM_FIRST_ID };
  const rows = PRICE_TERM_TYPES.flatMap((type) =>
    PRICE_TERMS[type].map((name, index) => ({ id: firstId[type] + index, name, type })),
  );
  await tx
    .insert(priceTerms)
    .values(rows)
    .onConflictDoUpdate({ target: priceTerms.id, set: { name: excluded('name'), type: excluded('type') } });
}

async function upsertCountries(tx: Tx) {
  const existing = await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
  const rows = buildCountryRows(new Map(existing.map((row) => [row.iso2, row.id])));
  await tx
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.iso2,
      set: {
        name: excluded('name'),
        code: excluded('code'),
        region: excluded('region'),
        countryCode: excluded('country_code'),
        flag: excluded('flag'),
      },
    });
}

async function storeVersion(tx: Tx) {
  await setAppMeta(tx, VERSION_KEY, REFERENCE_DATA_VERSION);
}

/**
 * Loads currencies, units, price terms, territories and countries. Runs at every start after the
 * migrations: one small read when the data is current, otherwise one transaction of upserts.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  if ((await storedVersion(db)) >= REFERENCE_DATA_VERSION) return;
  await db.transaction(async (tx) => {
    // Instances starting together against one PostgreSQL load one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${VERSION_KEY}))`);
    if ((await storedVersion(tx)) >= REFERENCE_DATA_VERSION) return;
    await upsertTerritories(tx);
    await upsertCurrencies(tx);
    await upsertUnits(tx);
    await upsertPriceTerms(tx);
    await upsertCountries(tx);
    await storeVersion(tx);
  });
  forgetCachedLists(db);
}
