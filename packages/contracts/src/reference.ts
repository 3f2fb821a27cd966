import { z } from 'zod';

/** The 26 currencies of spec section 3; the first (USD) gets id 1, the default currency. */
export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' },
  { code: 'GBP', name: 'British Pound', symbol: '£' },
  { code: 'CNY', name: 'Chinese Yuan', symbol: '¥' },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$' },
  { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč' },
  { code: 'DKK', name: 'Danish Krone', symbol: 'kr' },
  { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: 'HK$' },
  { code: 'HUF', name: 'Hungarian Forint', symbol: 'Ft' },
  { code: 'ILS', name: 'Israeli New Shekel', symbol: '₪' },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
  { code: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$' },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr' },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$' },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱' },
  { code: 'PLN', name: 'Polish Złoty', symbol: 'zł' },
  { code: 'RUB', name: 'Russian Ruble', symbol: '₽' },
  { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
  { code: 'SEK', name: 'Swedish Krona', symbol: 'kr' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF' },
  { code: 'THB', name: 'Thai Baht', symbol: '฿' },
  { code: 'BDT', name: 'Bangladeshi Taka', symbol: '৳' },
  { code: 'Rupee', name: 'Indian Rupee', symbol: '₹' },
] as const;

/** The eight territories of spec section 3; a country's region (1 to 8) is a territory id. */
export const TERRITORIES = [
  { id: 1, name: 'North America', code: 'NA' },
  { id: 2, name: 'Europe', code: 'EU' },
  { id: 3, name: 'Asia', code: 'AS' },
  { id: 4, name: 'Middle East', code: 'ME' },
  { id: 5, name: 'Gulf Countries', code: 'GC' },
  { id: 6, name: 'South America', code: 'SA' },
  { id: 7, name: 'Africa', code: 'AF' },
  { id: 8, name: 'Australia and Oceania', code: 'OC' },
] as const;

/** Countries flagged as suggested in the phone list (spec section 3). */
export const SUGGESTED_PHONE_COUNTRIES = ['AU', 'CA', 'DE', 'FR', 'JP', 'US'] as const;

export const UNITS = [
  'Piece',
  'Pair',
  'Set',
  'Dozen',
  'Box',
  'Carton',
  'Pack',
  'Bag',
  'Roll',
  'Pallet',
  'Bundle',
  'Kilogram',
  'Gram',
  'Metric Ton',
  'Pound',
  'Ounce',
  'Litre',
  'Millilitre',
  'Gallon',
  'Barrel',
  'Cubic Meter',
  'Meter',
  'Centimeter',
  'Foot',
  'Inch',
  'Yard',
  'Square Meter',
  'Square Foot',
  'Container (20 ft)',
  'Container (40 ft)',
  'Unit',
  'Sheet',
  'Drum',
  'Tonne-km',
] as const;

/** How each unit reads after a number, by plural category ("1 piece", "20 pieces", "2.5 kg"). */
export const UNIT_WORDS: Record<(typeof UNITS)[number], { one: string; other: string }> = {
  Piece: { one: 'piece', other: 'pieces' },
  Pair: { one: 'pair', other: 'pairs' },
  Set: { one: 'set', other: 'sets' },
  Dozen: { one: 'dozen', other: 'dozen' },
  Box: { one: 'box', other: 'boxes' },
  Carton: { one: 'carton', other: 'cartons' },
  Pack: { one: 'pack', other: 'packs' },
  Bag: { one: 'bag', other: 'bags' },
  Roll: { one: 'roll', other: 'rolls' },
  Pallet: { one: 'pallet', other: 'pallets' },
  Bundle: { one: 'bundle', other: 'bundles' },
  Kilogram: { one: 'kg', other: 'kg' },
  Gram: { one: 'g', other: 'g' },
  'Metric Ton': { one: 'tonne', other: 'tonnes' },
  Pound: { one: 'lb', other: 'lb' },
  Ounce: { one: 'oz', other: 'oz' },
  Litre: { one: 'litre', other: 'litres' },
  Millilitre: { one: 'ml', other: 'ml' },
  Gallon: { one: 'gallon', other: 'gallons' },
  Barrel: { one: 'barrel', other: 'barrels' },
  'Cubic Meter': { one: 'm³', other: 'm³' },
  Meter: { one: 'metre', other: 'metres' },
  Centimeter: { one: 'cm', other: 'cm' },
  Foot: { one: 'foot', other: 'feet' },
  Inch: { one: 'inch', other: 'inches' },
  Yard: { one: 'yard', other: 'yards' },
  'Square Meter': { one: 'm²', other: 'm²' },
  'Square Foot': { one: 'sq ft', other: 'sq ft' },
  'Container (20 ft)': { one: '20 ft container', other: '20 ft containers' },
  'Container (40 ft)': { one: '40 ft container', other: '40 ft containers' },
  Unit: { one: 'unit', other: 'units' },
  Sheet: { one: 'sheet', other: 'sheets' },
  Drum: { one: 'drum', other: 'drums' },
  'Tonne-km': { one: 'tonne-km', other: 'tonne-km' },
};

const pluralRules = new Intl.PluralRules('en');
const quantityNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

/** A unit as it reads after `count` ("piece", "pieces", "kg"); a unit not in the list is shown as given. */
export function unitWord(unit: string | null | undefined, count = 1): string {
  const words = UNIT_WORDS[(unit ?? 'Unit') as keyof typeof UNIT_WORDS];
  if (!words) return unit ?? '';
  return pluralRules.select(count) === 'one' ? words.one : words.other;
}

/** "20 pieces", "1 piece", "2.5 kg", "3,613 metres": a quantity and its unit, by the plural rule. */
export function quantityText(quantity: number | string, unit: string | null | undefined): string {
  const count = Number(quantity);
  return `${quantityNumber.format(count)} ${unitWord(unit, count)}`.trim();
}

/** "1 day", "41 days", "2,000 buyers": a count and its noun, by the plural rule. */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${pluralRules.select(count) === 'one' ? one : many}`;
}

/** Units counted in whole numbers: nobody asks for half a pair or 2.5 cartons. The rest are measured. */
export const COUNTED_UNITS: ReadonlySet<string> = new Set<(typeof UNITS)[number]>([
  'Piece',
  'Pair',
  'Set',
  'Dozen',
  'Box',
  'Carton',
  'Pack',
  'Bag',
  'Roll',
  'Pallet',
  'Bundle',
  'Container (20 ft)',
  'Container (40 ft)',
  'Unit',
  'Sheet',
  'Drum',
]);

/** Whether a quantity of `unit` must be a whole number (a product without a unit is counted in pieces). */
export const isCountedUnit = (unit: string | null | undefined) => !unit || COUNTED_UNITS.has(unit);

/** Price terms: Incoterms (type price_term) and payment terms (type payment_term). */
export const PRICE_TERMS = {
  price_term: ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'],
  payment_term: [
    'Advance Payment',
    'T/T (Telegraphic Transfer)',
    'L/C (Letter of Credit)',
    'D/P (Documents against Payment)',
    'D/A (Documents against Acceptance)',
    'Net 30',
    'Net 60',
    'Cash on Delivery',
    'Escrow',
  ],
} as const;
export const PRICE_TERM_TYPES = ['price_term', 'payment_term'] as const;

export const currencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  symbol: z.string(),
});
export const unitSchema = z.object({ id: z.number().int(), name: z.string() });
export const priceTermSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(PRICE_TERM_TYPES) });
export const priceTermsQuerySchema = z.object({ type: z.enum(PRICE_TERM_TYPES).default('price_term') });

export const phoneCountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  suggested: z.boolean(),
  flag: z.string(),
});
export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  iso2: z.string(),
  region: z.number().int().min(1).max(8),
  country_code: z.string(),
});
export const territorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  value: z.string(),
  view: z.string(),
  type: z.literal('Territory'),
});
export const stateSchema = z.object({ name: z.string(), code: z.string(), country_code: z.string() });
export const citySchema = z.object({ name: z.string(), state_code: z.string(), country_code: z.string() });
export const citiesQuerySchema = z.object({
  country: z.string().trim().min(2).max(60),
  state: z.string().trim().max(80).optional(),
  search: z.string().trim().max(80).optional(),
});
export const statesQuerySchema = z.object({ country: z.string().trim().min(2).max(60) });
export const portSchema = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  country_code: z.string().nullable(),
});
export const portsQuerySchema = z.object({
  country: z.string().trim().max(60).optional(),
  search: z.string().trim().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const geoCountrySchema = z.object({ country_code: z.string(), source: z.enum(['ip', 'default']) });
