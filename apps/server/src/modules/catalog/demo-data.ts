import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { UNITS } from '@tradeloop/contracts/reference';
import type { Db, Tx } from '../../db/client.ts';
import { sellersWithCompany } from '../accounts/public.ts';
import { loadReferenceSets } from './references.ts';
import { createProduct } from './service.ts';
import { categoryTree, pathOf } from './taxonomy-service.ts';
import { brands, categories, productCategories, productImages, products } from './tables.ts';

/** One demo product, in words; ids are looked up when it is loaded. */
type DemoProduct = {
  name: string;
  preTitle?: string;
  description: string;
  model?: string;
  category: string;
  brand: string;
  attributes: [string, string[]][];
  specs: [string, string][];
  /** Quantity tiers [min, max, price], or a fixed price, per this unit (a piece when not given). */
  price: [number, number, number][] | number;
  unit?: (typeof UNITS)[number];
  byOrder?: boolean;
  calculator?: { equation: string; values: [string, string, number][] };
};

const ENGINEERING: DemoProduct[] = [
  {
    name: 'Centrifugal Monoblock Pump',
    preTitle: 'Cast Iron',
    description:
      'Single-stage monoblock pump for clean water in buildings, irrigation and process lines. Dynamically balanced impeller, mechanical seal, IE3 motor.',
    model: 'SGMB-50',
    category: 'centrifugal-pumps',
    brand: 'Kirloskar',
    attributes: [
      ['Power', ['1 HP', '2 HP', '3 HP', '5 HP']],
      ['Phase', ['Single', 'Three']],
    ],
    specs: [
      ['Head', '18 – 32 m'],
      ['Flow Rate', '6 – 24 m³/h'],
      ['Material', 'Cast iron body, bronze impeller'],
      ['Warranty', '12 months'],
    ],
    price: [
      [1, 9, 185],
      [10, 49, 168],
      [50, 500, 152],
    ],
    calculator: {
      // The listed tiers are the 1 HP pump's prices; more power costs a factor more (decision 035).
      equation: 'price * quantity * Power',
      values: [
        ['Power', '1 HP', 1],
        ['Power', '2 HP', 1.15],
        ['Power', '3 HP', 1.3],
        ['Power', '5 HP', 1.6],
      ],
    },
  },
  {
    name: 'Openwell Submersible Pump',
    description:
      'Vertical openwell submersible pump for farms and housing societies, water-filled motor with stainless steel shaft.',
    model: 'SGOW-3',
    category: 'submersible-pumps',
    brand: 'Crompton',
    attributes: [
      ['Power', ['0.5 HP', '1 HP', '1.5 HP']],
      ['Outlet', ['25 mm', '40 mm']],
    ],
    specs: [
      ['Head', 'up to 45 m'],
      ['Shaft', 'SS410'],
      ['Voltage', '220 – 240 V'],
    ],
    price: [
      [1, 19, 96],
      [20, 200, 88],
    ],
  },
  {
    name: 'Flanged Ball Valve',
    preTitle: 'Full Bore',
    description:
      'Two-piece flanged ball valve with PTFE seats, lever operated, tested to API 598. For water, oil and mild chemicals.',
    model: 'BV-F150',
    category: 'ball-valves',
    brand: 'Audco',
    attributes: [
      ['Size', ['25 mm', '50 mm', '80 mm', '100 mm']],
      ['Material', ['WCB', 'SS304', 'SS316']],
    ],
    specs: [
      ['Pressure Rating', 'PN 16'],
      ['End Connection', 'Flanged ANSI 150'],
      ['Temperature Range', '-20 to 180 °C'],
    ],
    price: [
      [1, 24, 42],
      [25, 99, 38],
      [100, 1000, 34],
    ],
  },
  {
    name: 'Three Phase Induction Motor',
    preTitle: 'IE3',
    description:
      'Totally enclosed fan cooled squirrel cage motor, class F insulation, IP55, foot mounted. For pumps, fans and conveyors.',
    model: 'SGM-IE3',
    category: 'ac-motors',
    brand: 'Siemens',
    attributes: [
      ['Power', ['2.2 kW', '3.7 kW', '7.5 kW', '11 kW']],
      ['Poles', ['2', '4']],
    ],
    specs: [
      ['Rated Voltage', '415 V'],
      ['Frequency', '50 Hz'],
      ['Protection Class', 'IP55'],
      ['Insulation Class', 'F'],
    ],
    price: [
      [1, 9, 310],
      [10, 99, 285],
    ],
  },
  {
    name: 'Rotary Screw Air Compressor',
    description:
      'Oil-injected rotary screw compressor with integrated dryer and controller, quiet canopy for the shop floor.',
    model: 'SG-RSC15',
    category: 'screw-air-compressors',
    brand: 'ELGi',
    attributes: [
      ['Power', ['7.5 kW', '11 kW', '15 kW']],
      ['Pressure', ['7.5 bar', '10 bar']],
    ],
    specs: [
      ['Free Air Delivery', '1.1 – 2.4 m³/min'],
      ['Noise Level', '68 dB(A)'],
      ['Drive Type', 'Belt'],
    ],
    price: 4850,
  },
  {
    name: 'Custom Pump Skid Package',
    description:
      'Pump skids built to your P&ID: pumps, piping, valves, instruments and control panel on a fabricated base frame, factory tested.',
    category: 'centrifugal-pumps',
    brand: 'Kirloskar',
    attributes: [
      ['Frame', ['MS painted', 'SS304']],
      ['Pumps', ['1 + 1', '2 + 1']],
    ],
    specs: [
      ['Design Standard', 'API 610 on request'],
      ['Documentation', 'GA drawing, test report, manuals'],
    ],
    price: 18500,
    byOrder: true,
  },
  {
    name: 'Cast Iron Gate Valve',
    description: 'Rising stem gate valve, cast iron body with bronze trim, for water supply and fire lines.',
    model: 'GV-CI',
    category: 'gate-valves',
    brand: 'Leader Valves',
    attributes: [['Size', ['50 mm', '80 mm', '100 mm', '150 mm']]],
    specs: [
      ['Pressure Rating', 'PN 10'],
      ['Standard', 'IS 14846'],
    ],
    price: [
      [1, 49, 58],
      [50, 500, 51],
    ],
  },
  {
    name: 'Helical Gearbox',
    description: 'Foot mounted inline helical gearbox with case-hardened gears, for conveyors, mixers and cranes.',
    model: 'HG-Series',
    category: 'gearboxes',
    brand: 'Bosch Rexroth',
    attributes: [
      ['Ratio', ['10:1', '20:1', '40:1']],
      ['Mounting', ['Foot', 'Flange']],
    ],
    specs: [
      ['Output Torque', 'up to 1,200 Nm'],
      ['Efficiency', '96 %'],
    ],
    price: [
      [1, 9, 640],
      [10, 50, 590],
    ],
  },
];

const TRADE: DemoProduct[] = [
  {
    name: 'Hydraulic Gear Pump',
    description: 'High-pressure external gear pump for mobile and industrial hydraulics.',
    category: 'gear-pumps',
    brand: 'Parker Hannifin',
    attributes: [['Displacement', ['8 cc', '16 cc', '25 cc']]],
    specs: [
      ['Max Pressure', '250 bar'],
      ['Shaft', 'Keyed'],
    ],
    price: [
      [1, 19, 145],
      [20, 200, 128],
    ],
  },
  {
    name: 'PVC Insulated Copper Building Wire',
    description: 'Flame-retardant PVC insulated annealed copper conductor wire, 90 m coils.',
    category: 'building-wires',
    brand: 'Polycab',
    attributes: [
      ['Size', ['1.5 sq mm', '2.5 sq mm', '4 sq mm']],
      ['Colour', ['Red', 'Black', 'Green']],
    ],
    specs: [
      ['Voltage Grade', '1100 V'],
      ['Standard', 'IS 694'],
    ],
    unit: 'Roll',
    price: [
      [1, 49, 21],
      [50, 999, 18.5],
    ],
  },
  {
    name: 'Miniature Circuit Breaker',
    description: 'DIN rail MCB, C curve, 10 kA breaking capacity for distribution boards.',
    category: 'circuit-breakers',
    brand: 'Schneider Electric',
    attributes: [
      ['Rating', ['16 A', '32 A', '63 A']],
      ['Poles', ['1P', '3P']],
    ],
    specs: [
      ['Breaking Capacity', '10 kA'],
      ['Curve', 'C'],
    ],
    price: [
      [10, 99, 3.9],
      [100, 5000, 3.2],
    ],
  },
  {
    name: 'Corrugated Shipping Box',
    description: 'Five-ply corrugated boxes for export cartons, printed on request.',
    category: 'corrugated-boxes',
    brand: 'Smurfit Kappa',
    attributes: [
      ['Size', ['30×20×20 cm', '40×30×30 cm', '60×40×40 cm']],
      ['Ply', ['3 ply', '5 ply']],
    ],
    specs: [
      ['Burst Strength', '14 kg/cm²'],
      ['Printing', 'Up to 2 colours'],
    ],
    price: [
      [500, 4999, 0.62],
      [5000, 50000, 0.48],
    ],
  },
  {
    name: 'Cotton Denim Fabric',
    description: 'Indigo dyed 3/1 twill denim for jeans and jackets, sanforised.',
    category: 'denim-fabrics',
    brand: 'Arvind',
    attributes: [
      ['Weight', ['10 oz', '12 oz', '14 oz']],
      ['Shade', ['Indigo', 'Black']],
    ],
    specs: [
      ['Fabric Composition', '100 % cotton'],
      ['Width', '58 inch'],
    ],
    unit: 'Meter',
    price: [
      [1000, 4999, 3.1],
      [5000, 100000, 2.75],
    ],
  },
  {
    name: 'Nitrile Safety Gloves',
    description: 'Chemical resistant nitrile gloves with flock lining, EN 374 certified.',
    category: 'safety-gloves',
    brand: 'Ansell',
    attributes: [['Size', ['S', 'M', 'L', 'XL']]],
    specs: [
      ['Standard', 'EN 374, EN 388'],
      ['Length', '33 cm'],
    ],
    unit: 'Pair',
    price: [
      [100, 999, 1.45],
      [1000, 20000, 1.2],
    ],
  },
  {
    name: 'Epoxy Floor Coating',
    description: 'Two-component solvent-free epoxy coating for warehouse and factory floors.',
    category: 'protective-coatings',
    brand: 'Asian Paints',
    attributes: [
      ['Pack Size', ['10 L', '20 L']],
      ['Colour', ['Grey', 'Green', 'Blue']],
    ],
    specs: [
      ['Coverage', '5 m²/L at 200 micron'],
      ['Pot Life', '40 minutes'],
    ],
    unit: 'Pack',
    price: [
      [1, 49, 96],
      [50, 500, 84],
    ],
  },
  {
    name: 'Basmati Rice',
    preTitle: '1121 Steam',
    description: 'Extra long grain aged basmati rice, sortexed, in 25 kg export bags.',
    category: 'rice',
    brand: 'India Gate',
    attributes: [['Pack Size', ['5 kg', '25 kg']]],
    specs: [
      ['Moisture', '12 % max'],
      ['Average Grain Length', '8.35 mm'],
    ],
    unit: 'Kilogram',
    price: [
      [1000, 9999, 1.35],
      [10000, 200000, 1.22],
    ],
  },
  {
    name: 'TMT Steel Bars Fe 550D',
    description: 'Thermo-mechanically treated rebars with high ductility for earthquake zones.',
    category: 'tmt-steel-bars',
    brand: 'Tata Steel',
    attributes: [['Diameter', ['8 mm', '10 mm', '12 mm', '16 mm']]],
    specs: [
      ['Grade', 'Fe 550D'],
      ['Standard', 'IS 1786'],
    ],
    unit: 'Metric Ton',
    price: [
      [1, 24, 760],
      [25, 500, 730],
    ],
  },
  {
    name: 'Cordless Drill Driver',
    description: '18 V brushless drill driver with two batteries, charger and case.',
    category: 'drills-drivers',
    brand: 'Makita',
    attributes: [['Kit', ['Body only', '2 × 3 Ah']]],
    specs: [
      ['Max Torque', '65 Nm'],
      ['Chuck', '13 mm keyless'],
    ],
    price: [
      [1, 9, 189],
      [10, 100, 172],
    ],
  },
  {
    name: 'Deep Groove Ball Bearing',
    description: 'Sealed deep groove ball bearings for motors, pumps and gearboxes.',
    category: 'ball-bearings',
    brand: 'SKF',
    attributes: [
      ['Series', ['6204', '6205', '6206', '6305']],
      ['Seal', ['2RS', 'ZZ']],
    ],
    specs: [
      ['Cage', 'Steel'],
      ['Clearance', 'C3'],
    ],
    price: [
      [10, 99, 3.4],
      [100, 5000, 2.9],
    ],
  },
  {
    name: 'LED High Bay Light',
    description: 'UFO LED high bay for warehouses and factories, 150 lm/W, IP65.',
    category: 'industrial-high-bay-lights',
    brand: 'Philips Lighting',
    attributes: [
      ['Wattage', ['100 W', '150 W', '200 W']],
      ['Beam', ['60°', '90°']],
    ],
    specs: [
      ['Efficacy', '150 lm/W'],
      ['Protection Class', 'IP65'],
    ],
    price: [
      [1, 49, 58],
      [50, 1000, 49],
    ],
  },
];

function toInput(product: DemoProduct, ids: Ids, index: number) {
  const fixed = typeof product.price === 'number';
  return {
    pre_title_name: product.preTitle,
    name: product.name,
    description: product.description,
    model_number: product.model,
    product_type: product.calculator ? 'configured' : 'simple',
    availability: product.byOrder ? 'by_order' : 'in_stock',
    price_type: fixed ? 'fixed' : 'quantity',
    choice_options: product.attributes.map(([name, values]) => ({ name, values })),
    category_lists: [ids.category(product.category)],
    brand_id: ids.brand(product.brand),
    sea_: ids.port.sea,
    port_: ids.port.air,
    price_term: ids.fob,
    condition: 'Brand New',
    validity: '6 months',
    manufacturer_year: new Date().getUTCFullYear() - (index % 2),
    dispatch_in: 5 + (index % 10),
    dispatch_day: 'Days',
    existence_place: ids.place,
    country_origin_id: ids.countryId,
    current_stock: 250,
    unit: ids.unit(product.unit ?? 'Piece'),
    tertiary_id: ids.territoryId,
    country_origins: [{ country_code: ids.countryCode }],
    in_house_production: 40,
    in_house_production_days: 21,
    delivery_time: 6,
    delivery_select: 'Weeks',
    order_quantity: fixed
      ? undefined
      : (product.price as [number, number, number][]).map(([min, max, per_unit]) => ({ min, max, per_unit })),
    qty_unit: ids.unit(product.unit ?? 'Piece'),
    qty_currency: ids.usd,
    currency_id: ids.usd,
    unit_price: fixed ? product.price : undefined,
    specifications: [{ name: 'General', items: product.specs.map(([name, value]) => ({ name, value })) }],
    calculator: product.calculator
      ? {
          mode: 'similar',
          similar: { equation: product.calculator.equation },
          values: product.calculator.values.map(([attribute, value, number]) => ({ attribute, value, number })),
        }
      : undefined,
  };
}

type Ids = {
  category: (slug: string) => number;
  brand: (name: string) => number;
  fob: number;
  usd: number;
  unit: (name: string) => number;
  countryId: number;
  countryCode: string;
  territoryId: number;
  place: string;
  port: { sea: string; air: string };
};

const PORTS: Record<string, { sea: string; air: string }> = {
  IN: { sea: 'Nhava Sheva (INNSA)', air: 'Mumbai (BOM)' },
  CN: { sea: 'Ningbo-Zhoushan (CNNGB)', air: 'Ningbo Lishe (NGB)' },
  DE: { sea: 'Hamburg (DEHAM)', air: 'Düsseldorf (DUS)' },
};

/**
 * Demo products for the demo sellers: a full engineering catalogue for the first demo seller
 * (quantity tiers, a calculator, a product made to order) and one trade product for each other
 * seller within its trades (`tradesOf`: top category names), so lists, filters and the marketplace have
 * something real to show.
 */
export async function loadCatalogDemoData(tx: Tx, tradesOf: (companyName: string) => string[]) {
  const sellers = await sellersWithCompany(tx);
  if (sellers.length === 0) return;
  const refs = await loadReferenceSets(tx);
  const categoryRows = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
  const brandRows = await approvedBrands(tx);
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));
  const brandIds = new Map(brandRows.map((row) => [row.name, row.id]));
  const idsFor = (country: string | null): Ids => {
    const code = country ?? 'IN';
    return {
      category: (slug) => categoryIds.get(slug)!,
      brand: (name) => brandIds.get(name)!,
      fob: refs.priceTermByName.get('fob')!,
      usd: refs.currencyByCode.get('usd')!,
      unit: (name) => refs.unitByName.get(name.toLowerCase())!,
      countryId: refs.countryByKey.get(code.toLowerCase())!,
      countryCode: code,
      territoryId: 3,
      place: 'Main warehouse',
      port: PORTS[code] ?? { sea: 'Nearest container port', air: 'Nearest international airport' },
    };
  };
  const tree = await categoryTree(tx);
  const topOf = (slug: string) => pathOf(tree, categoryIds.get(slug)!)[0]?.name;
  const sold = new Map<DemoProduct, number>();
  for (const seller of sellers) {
    const owner = { companyId: seller.companyId, userId: seller.userId };
    const ids = idsFor(seller.country);
    // One trade product per other seller, in its trades, the one fewest others sell; none sold by more than two.
    const trades = tradesOf(seller.companyName);
    const [fitting] = TRADE.filter((product) => trades.includes(topOf(product.category) ?? ''))
      .filter((product) => (sold.get(product) ?? 0) < 2)
      .sort((a, b) => (sold.get(a) ?? 0) - (sold.get(b) ?? 0));
    if (fitting) sold.set(fitting, (sold.get(fitting) ?? 0) + 1);
    const mine = seller.email === DEMO_ACCOUNTS.seller ? ENGINEERING : fitting ? [fitting] : [];
    for (const [n, product] of mine.entries()) await createProduct(tx, owner, toInput(product, ids, n));
  }
}

// ── for the marketplace's demo data (docs/decisions/023) ─────────────────────────────────────────

/** The approved brands' ids and names. */
export async function approvedBrands(tx: Tx) {
  return tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(sql`${brands.status} = 'approved'`);
}

/** Products without a picture, with their company and first category. */
export async function productsWithoutPictures(tx: Tx) {
  return tx
    .select({ id: products.id, companyId: products.companyId, categoryId: productCategories.categoryId })
    .from(products)
    .innerJoin(productCategories, and(eq(productCategories.productId, products.id), eq(productCategories.position, 0)))
    .where(sql`not exists (select 1 from ${productImages} i where i.product_id = ${products.id})`);
}

/**
 * What each generated demo picture is drawn from: its product's name, brand and first category, and its
 * place in the gallery; every product's first picture comes first, newest products first.
 */
export async function demoPictureSubjects(db: Db, keyPrefix: string) {
  return db
    .select({
      storageKey: productImages.storageKey,
      preTitle: products.preTitleName,
      name: products.name,
      brandName: brands.name,
      categoryId: productCategories.categoryId,
      position: productImages.position,
    })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(productCategories, and(eq(productCategories.productId, products.id), eq(productCategories.position, 0)))
    .where(sql`starts_with(${productImages.storageKey}, ${keyPrefix})`)
    .orderBy(productImages.position, sql`${products.createdAt} desc`);
}

/** Stores picture rows (their files are already in storage), a thousand per statement. */
export async function addProductPictures(tx: Tx, rows: (typeof productImages.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(productImages).values(rows.slice(start, start + 1000));
  }
}

/** Spreads the products' creation over the last four months, so "newest" means something. */
export async function spreadCreationDates(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({
      createdAt: sql`now() - ((${products.id} * 7919) % 120) * interval '1 day' - ((${products.id} * 104729) % 1440) * interval '1 minute'`,
    })
    .where(inArray(products.id, ids));
}
