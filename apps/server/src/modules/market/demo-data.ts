import { ANNUAL_REVENUE_BANDS, DEMO_OPERATOR_EMAIL, PLAN_TYPES } from '@tradeloop/contracts/market';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createAccount, findPeople, sellersWithCompany, setPlan } from '../accounts/public.ts';
import {
  loadReferenceSets,
  type ReferenceSets,
  insertProducts,
  parseProductForm,
  type PreparedProduct,
  addProductPictures,
  approvedBrands,
  productsWithoutPictures,
  spreadCreationDates,
  categoryTree,
} from '../catalog/public.ts';
import { DEMO_IMAGE_BYTES, DEMO_IMAGE_SIZE, demoImageKey, demoPictureCount, markDemoImages } from './demo-images.ts';
import { ANNUAL_REVENUE_OF_TYPE, COUNTRY_CURRENCIES, GENERIC_TRADE, TRADES, type Trade } from './demo-trades.ts';
import { grantOperator, STARTING_RATES } from './rates.ts';
import { marketProductStats, marketSearchTerms, marketSellers, marketWishlist } from './tables.ts';

/**
 * The marketplace's demo data (issue 7): 2,000 generated products from the demo sellers across the
 * whole category tree, priced in the sellers' currencies, in stock and made to order, by quantity
 * and fixed, with pictures; the sellers' marketplace facts; a platform operator; and some history
 * (views, wishes, searches) so the list's panels have something to show on the first start.
 */
export const DEMO_PRODUCT_COUNT = 2000;

/** A small seeded generator: the same demo data on every machine. */
function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    some: <T>(items: readonly T[], count: number) => [...items].sort(() => next() - 0.5).slice(0, count),
  };
}
type Random = ReturnType<typeof randomGenerator>;

/** "Centrifugal Pumps" → "Centrifugal Pump"; names that are not plurals stay. */
function singular(name: string): string {
  const last = name.split(' ').pop()!;
  if (/(ss|us|is)$/i.test(last) || !/s$/i.test(last)) return name;
  if (/ies$/i.test(last)) return name.replace(/ies$/i, 'y');
  if (/(ches|shes|xes)$/i.test(last)) return name.replace(/es$/i, '');
  return name.replace(/s$/i, '');
}

/** Whether two names share a word ("Heavy Duty" and "Heavy Duty Shelving"), whatever the case. */
function sharesWord(a: string, b: string) {
  const words = new Set(b.toLowerCase().split(/\s+/));
  return a
    .toLowerCase()
    .split(/\s+/)
    .some((word) => words.has(word));
}

type Seller = {
  userId: number;
  companyId: number;
  companyName: string;
  country: string | null;
  type: string;
};
type Leaf = { id: number; name: string; top: string };
type Lookups = { refs: ReferenceSets; brandIds: Map<string, number>; anyBrand: [string, number]; terms: number[] };

const roundPrice = (value: number) => (value >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

/** Who supplies a product, by the seller's business type, as a description says it. */
const SUPPLIED_BY: Record<string, string> = {
  Manufacturers: 'the manufacturer',
  'Agents and Representatives': 'an agent',
  Resellers: 'a reseller',
  Distributors: 'a distributor',
  Retailers: 'a retailer',
  Wholesalers: 'a wholesaler',
};

function priceFields(random: Random, trade: Trade, perUsd: number, fixed: boolean, currencyId: number, unitId: number) {
  const [low, high] = trade.price;
  const usd = low * Math.pow(high / low, random.next());
  const price = roundPrice(usd * perUsd);
  if (fixed) return { currency_id: currencyId, unit_price: price, current_stock: random.int(20, 5000), unit: unitId };
  const moq = random.pick(trade.moq);
  const tiers = [
    { min: moq, max: moq * 10 - 1, per_unit: price },
    { min: moq * 10, max: moq * 100 - 1, per_unit: roundPrice(price * 0.92) },
    { min: moq * 100, max: moq * 1000, per_unit: roundPrice(price * 0.85) },
  ].slice(0, random.int(2, 3));
  return { order_quantity: tiers, qty_unit: unitId, qty_currency: currencyId, unit: unitId };
}

function productInput(random: Random, seller: Seller, leaf: Leaf, lookups: Lookups, serial: number) {
  const trade = TRADES[leaf.top] ?? GENERIC_TRADE;
  const { refs } = lookups;
  const noun = singular(leaf.name);
  const qualifier = random.pick(trade.qualifiers);
  const brandName = trade.brands.find((name) => lookups.brandIds.has(name))
    ? random.pick(trade.brands.filter((n) => lookups.brandIds.has(n)))
    : lookups.anyBrand[0];
  const attributes = random.some(trade.attributes, 2).map(([name, values]) => ({
    name,
    values: random.some(values, Math.min(values.length, random.int(2, 4))),
  }));
  const byOrder = random.next() < 0.25;
  const fixed = random.next() < 0.35;
  const code = seller.country ?? 'IN';
  const currency = refs.currencyByCode.get((COUNTRY_CURRENCIES[code] ?? 'USD').toLowerCase()) ?? 1;
  const perUsd = STARTING_RATES[COUNTRY_CURRENCIES[code] ?? 'USD'] ?? 1;
  const unitId = refs.unitByName.get(trade.unit.toLowerCase()) ?? refs.unitByName.get('piece')!;
  const countryId = refs.countryByKey.get(code.toLowerCase())!;
  // The model code starts with the brand's letters: from the noun's it read "PCB PCB-202".
  const model = `${brandName
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()}-${100 + serial}`;
  const condition = random.next() < 0.8 ? 'Brand New' : random.pick(['Used', 'Refurbished']);
  const specs = random.some(trade.specs, 3).map(([name, values]) => ({ name, value: random.pick(values) }));
  // The qualifier goes once, before the name or in it, and never beside a word it repeats
  // ("Galvanised Galvanised Steel Pipe"); the random draws stay as they were.
  const asPreTitle = random.next() < 0.3;
  const inName = random.next() >= 0.3 && !asPreTitle;
  const fits = !sharesWord(qualifier, noun);
  return {
    brandName,
    input: {
      pre_title_name: asPreTitle && fits ? qualifier : undefined,
      name: `${inName && fits ? `${qualifier} ` : ''}${noun} ${model}`.trim(),
      description:
        `${qualifier} ${noun.toLowerCase()} from ${brandName}, supplied by ${SUPPLIED_BY[seller.type] ?? 'a supplier'} ` +
        `for buyers in ${leaf.top.toLowerCase()}. Options: ${attributes.map((a) => `${a.name.toLowerCase()} ${a.values.join(', ')}`).join('; ')}. ` +
        `${specs.map((s) => `${s.name}: ${s.value}`).join('. ')}. Export packing, inspection report and documents on request.`,
      model_number: model,
      product_type: random.next() < 0.15 ? 'configured' : 'simple',
      availability: byOrder ? 'by_order' : 'in_stock',
      price_type: fixed ? 'fixed' : 'quantity',
      choice_options: attributes,
      category_lists: [leaf.id],
      brand_id: lookups.brandIds.get(brandName) ?? lookups.anyBrand[1],
      sea_: 'Nearest container port',
      port_: 'Nearest international airport',
      price_term: random.pick(lookups.terms),
      condition: byOrder && random.next() < 0.5 ? undefined : condition,
      validity: random.pick(['3 months', '6 months', '1 year']),
      manufacturer_year: new Date().getUTCFullYear() - random.int(0, 8),
      dispatch_in: random.int(2, 20),
      dispatch_day: 'Days',
      existence_place: 'Main warehouse',
      country_origin_id: countryId,
      tertiary_id: random.int(1, 8),
      country_origins: [{ country_code: code }],
      in_house_production: random.int(50, 5000),
      in_house_production_days: random.int(7, 45),
      delivery_time: random.int(2, 10),
      delivery_select: 'Weeks',
      ...priceFields(random, trade, perUsd, fixed, currency, unitId),
      specifications: [{ name: 'General', items: specs }],
    },
  };
}

async function demoSellers(tx: Tx): Promise<Seller[]> {
  const rows = await sellersWithCompany(tx, { live: true });
  return rows.filter((row) => row.email !== DEMO_ACCOUNTS.seller);
}

async function leavesOf(tx: Tx): Promise<Leaf[]> {
  const tree = await categoryTree(tx);
  return tree.rows
    .filter((row) => row.depth === 2)
    .map((row) => {
      const parent = tree.byId.get(row.parentId!);
      const top = tree.byId.get(parent?.parentId ?? -1);
      return { id: row.id, name: row.name, top: top?.name ?? '' };
    });
}

async function lookupsOf(tx: Tx): Promise<Lookups> {
  const refs = await loadReferenceSets(tx);
  const rows = await approvedBrands(tx);
  const terms = ['fob', 'cif', 'exw', 'ddp', 'cfr']
    .map((name) => refs.priceTermByName.get(name))
    .filter((id) => id !== undefined);
  return {
    refs,
    brandIds: new Map(rows.map((row) => [row.name, row.id])),
    anyBrand: [rows[0].name, rows[0].id],
    terms,
  };
}

/** Products per seller by its share of the catalogue (largest remainders, so they add up to `count`). */
function catalogueSizes(sellers: Seller[], catalogueOf: CatalogueOf, count: number) {
  const shares = sellers.map((seller) => catalogueOf(seller.companyName).share);
  const total = shares.reduce((sum, share) => sum + share, 0);
  const exact = shares.map((share) => (share / total) * count);
  const sizes = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - sizes[index] }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder.slice(0, count - sizes.reduce((sum, size) => sum + size, 0))) sizes[index] += 1;
  return sizes;
}

/** What a demo seller trades in (top category names) and its share of the generated catalogue. */
export type DemoCatalogue = { trades: string[]; share: number };
type CatalogueOf = (companyName: string) => DemoCatalogue;

/**
 * Each seller lists products only in the leaves of its trades, taking them in turn across its trades, so
 * catalogues differ in size and category counts are uneven, as on a real marketplace.
 */
function plan(sellers: Seller[], leaves: Leaf[], catalogueOf: CatalogueOf, count: number) {
  const sizes = catalogueSizes(sellers, catalogueOf, count);
  const entries: { seller: Seller; leaf: Leaf }[] = [];
  for (const [index, seller] of sellers.entries()) {
    const byTrade = catalogueOf(seller.companyName).trades.map((top) => {
      const inTrade = leaves.filter((leaf) => leaf.top === top);
      if (inTrade.length === 0) throw new Error(`the category tree has no leaves under ${top}`);
      return inTrade;
    });
    for (let serial = 0; serial < sizes[index]; serial += 1) {
      const inTrade = byTrade[serial % byTrade.length];
      entries.push({ seller, leaf: inTrade[Math.floor(serial / byTrade.length) % inTrade.length] });
    }
  }
  return entries;
}

async function insertDemoProducts(
  tx: Tx,
  sellers: Seller[],
  leaves: Leaf[],
  lookups: Lookups,
  catalogueOf: CatalogueOf,
) {
  const random = randomGenerator(7);
  const bySeller = new Map<number, { seller: Seller; prepared: PreparedProduct[] }>();
  for (const [serial, { seller, leaf }] of plan(sellers, leaves, catalogueOf, DEMO_PRODUCT_COUNT).entries()) {
    const { input, brandName } = productInput(random, seller, leaf, lookups, serial);
    const entry = bySeller.get(seller.companyId) ?? { seller, prepared: [] };
    entry.prepared.push({ form: parseProductForm(input), context: { brandName, categoryNames: [leaf.name] } });
    bySeller.set(seller.companyId, entry);
  }
  const created: { id: number }[] = [];
  for (const { seller, prepared } of bySeller.values()) {
    const ids = await insertProducts(tx, { companyId: seller.companyId, userId: seller.userId }, prepared);
    created.push(...ids.map((id) => ({ id })));
  }
  return created;
}

/** Two or three pictures for each demo seller's product without any (the catalogue's own demo products too). */
async function attachPictures(tx: Tx) {
  const bare = await productsWithoutPictures(tx);
  const rows = bare.flatMap((row) =>
    Array.from({ length: demoPictureCount(row.id) }, (_, position) => ({
      companyId: row.companyId,
      productId: row.id,
      storageKey: demoImageKey(row.id, position),
      originalName: `demo-picture-${position + 1}.jpg`,
      mime: 'image/jpeg',
      bytes: DEMO_IMAGE_BYTES,
      width: DEMO_IMAGE_SIZE,
      height: DEMO_IMAGE_SIZE,
      position,
    })),
  );
  await addProductPictures(tx, rows);
  await markDemoImages(tx);
}

async function sellerFacts(tx: Tx) {
  const sellers = await sellersWithCompany(tx);
  await tx.insert(marketSellers).values(
    sellers.map((seller, index) => ({
      companyId: seller.companyId,
      annualRevenue: ANNUAL_REVENUE_BANDS[Math.min(5, (ANNUAL_REVENUE_OF_TYPE[seller.type] ?? 0) + (index % 3))],
      memberType: index % 3 === 0 || seller.email === DEMO_ACCOUNTS.seller ? 'Verified Supplier' : 'Standard Member',
    })),
  );
  // Demo sellers on paid plans, so the plan filter has more than one option. (The plan belongs to
  // the account; a billing module would set it.)
  for (const [index, seller] of sellers.entries()) {
    const plan = index % 4 === 1 ? PLAN_TYPES[1] : index % 4 === 3 ? PLAN_TYPES[2] : null;
    if (plan) await setPlan(tx, seller.userId, plan);
  }
}

async function history(tx: Tx, created: { id: number }[]) {
  const random = randomGenerator(11);
  await tx.insert(marketProductStats).values(
    created.map(({ id }) => ({
      productId: id,
      views: random.int(0, 400),
      searchViews: random.next() < 0.2 ? random.int(1, 60) : 0,
      wishlists: random.next() < 0.15 ? random.int(1, 25) : 0,
    })),
  );
  const terms = [
    'centrifugal pump',
    'ball valve',
    'safety gloves',
    'led high bay',
    'steel pipes',
    'office chair',
    'cotton fabric',
    'circuit breaker',
    'basmati rice',
    'corrugated boxes',
    'air compressor',
    'solar panels',
  ];
  await tx.insert(marketSearchTerms).values(terms.map((term, index) => ({ term, searches: 120 - index * 9 })));
  const [buyer] = await findPeople(tx, { email: DEMO_ACCOUNTS.buyer });
  if (buyer) {
    await tx
      .insert(marketWishlist)
      .values(random.some(created, 5).map(({ id }) => ({ userId: buyer.id, productId: id })))
      .onConflictDoNothing();
  }
}

async function operatorAccount(tx: Tx) {
  const operator = await createAccount(tx, {
    fullName: 'Platform Operator',
    emailId: DEMO_OPERATOR_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    userType: 'others',
    emailVerified: true,
    profile: { country: 'US', designation: 'Marketplace Operations', department: 'Operations' },
  });
  await grantOperator(tx, operator.userId);
}

export async function loadMarketDemoData(tx: Tx, catalogueOf: CatalogueOf) {
  const sellers = await demoSellers(tx);
  if (sellers.length === 0) return;
  const leaves = await leavesOf(tx);
  await sellerFacts(tx);
  const created = await insertDemoProducts(tx, sellers, leaves, await lookupsOf(tx), catalogueOf);
  await attachPictures(tx);
  await spreadCreationDates(
    tx,
    created.map((entry) => entry.id),
  );
  await history(tx, created);
  await operatorAccount(tx);
}
