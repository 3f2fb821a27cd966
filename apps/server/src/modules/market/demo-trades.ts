/**
 * What the generated demo products of each top category look like: brands buyers know, the options
 * and specifications such products have, their unit and a plausible price per unit in US dollars.
 * The product name is a qualifier and the leaf category's singular ("Heavy Duty Gear Pump").
 */
export type Trade = {
  brands: string[];
  qualifiers: string[];
  attributes: [string, string[]][];
  specs: [string, string[]][];
  unit: string;
  /** Unit price range in US dollars. */
  price: [number, number];
  /** Smallest order, in units, for quantity pricing. */
  moq: number[];
  /** The product pictures' colours, dark and light (see demo-images.ts). */
  colors: [string, string];
};

export const TRADES: Record<string, Trade> = {
  'Industrial Machinery': {
    brands: ['Grundfos', 'KSB', 'Kirloskar', 'Xylem', 'Atlas Copco', 'ELGi'],
    qualifiers: ['Heavy Duty', 'High Efficiency', 'Industrial', 'Compact', 'Automatic', 'Energy Saving'],
    attributes: [
      ['Power', ['1 HP', '2 HP', '3 HP', '5 HP', '7.5 HP', '10 HP']],
      ['Voltage', ['220 V', '415 V']],
      ['Material', ['Cast Iron', 'Stainless Steel', 'Ductile Iron']],
    ],
    specs: [
      ['Warranty', ['12 months', '18 months', '24 months']],
      ['Duty Cycle', ['Continuous', 'Intermittent']],
      ['Certification', ['CE', 'ISO 9001', 'UL']],
      ['Noise Level', ['68 dB(A)', '72 dB(A)', '75 dB(A)']],
    ],
    unit: 'Piece',
    price: [450, 24000],
    moq: [1, 2, 5],
    colors: ['#0b4f8a', '#3aa0e0'],
  },
  'Electrical Equipment & Supplies': {
    brands: ['Siemens', 'ABB', 'Schneider Electric', 'Eaton', 'Legrand', 'Havells'],
    qualifiers: ['Industrial Grade', 'Premium', 'Weatherproof', 'Smart', 'Low Loss', 'Heavy Duty'],
    attributes: [
      ['Rating', ['16 A', '32 A', '63 A', '100 A', '250 A']],
      ['Voltage', ['230 V', '415 V', '11 kV']],
      ['Poles', ['1P', '2P', '3P', '4P']],
    ],
    specs: [
      ['Protection Class', ['IP54', 'IP65', 'IP67']],
      ['Standard', ['IEC 60947', 'IS 8828', 'UL 489']],
      ['Warranty', ['1 year', '2 years', '5 years']],
    ],
    unit: 'Piece',
    price: [8, 9000],
    moq: [10, 25, 50],
    colors: ['#8a5a00', '#f2b632'],
  },
  'Chemicals & Allied Products': {
    brands: ['BASF', 'Dow', 'DuPont', 'Evonik', 'Clariant', 'Asian Paints'],
    qualifiers: ['Industrial Grade', 'High Purity', 'Technical Grade', 'Export Quality', 'Food Grade', 'Premium'],
    attributes: [
      ['Purity', ['95 %', '98 %', '99 %', '99.9 %']],
      ['Pack Size', ['25 kg', '50 kg', '200 kg', '1 t']],
    ],
    specs: [
      ['Form', ['Powder', 'Liquid', 'Granules', 'Flakes']],
      ['Shelf Life', ['12 months', '24 months', '36 months']],
      ['CAS Registered', ['Yes']],
    ],
    unit: 'Kilogram',
    price: [1, 60],
    moq: [100, 500, 1000],
    colors: ['#5b2a86', '#b48ede'],
  },
  'Packaging & Printing': {
    brands: ['Amcor', 'Sealed Air', 'Mondi', 'Smurfit Kappa', 'DS Smith', 'International Paper'],
    qualifiers: ['Eco Friendly', 'Printed', 'Heavy Duty', 'Recyclable', 'Custom Size', 'Export Grade'],
    attributes: [
      ['Size', ['Small', 'Medium', 'Large', 'Custom']],
      ['Colour', ['Brown', 'White', 'Transparent', 'Printed']],
    ],
    specs: [
      ['Material', ['Kraft Paper', 'LDPE', 'PET', 'Corrugated Board']],
      ['Thickness', ['40 micron', '60 micron', '3 ply', '5 ply']],
      ['Printing', ['Plain', 'Up to 2 colours', 'Up to 6 colours']],
    ],
    unit: 'Piece',
    price: [0.05, 4],
    moq: [1000, 5000, 10000],
    colors: ['#7a4b1e', '#d9a066'],
  },
  'Textiles & Apparel': {
    brands: ['Arvind', 'Raymond', 'Vardhman', 'Welspun', 'Trident', 'Alok Industries'],
    qualifiers: ['Premium', 'Organic', 'Breathable', 'Wrinkle Free', 'Export Quality', 'Durable'],
    attributes: [
      ['Colour', ['White', 'Navy', 'Black', 'Grey', 'Indigo', 'Orange']],
      ['Weight', ['120 GSM', '180 GSM', '240 GSM', '320 GSM']],
      ['Size', ['S', 'M', 'L', 'XL', 'XXL']],
    ],
    specs: [
      ['Composition', ['100 % Cotton', '65/35 Poly Cotton', '100 % Polyester']],
      ['Width', ['44 inch', '58 inch', '63 inch']],
      ['Wash Care', ['Machine wash 40 °C', 'Dry clean']],
    ],
    unit: 'Meter',
    price: [1.2, 40],
    moq: [500, 1000, 3000],
    colors: ['#a0264f', '#f07aa0'],
  },
  'Agriculture & Food': {
    brands: ['John Deere', 'Mahindra Tractors', 'Kubota', 'New Holland', 'India Gate', 'Sonalika'],
    qualifiers: ['Organic', 'Premium Grade', 'Export Quality', 'Farm Fresh', 'Certified', 'High Yield'],
    attributes: [
      ['Grade', ['A', 'AA', 'Premium']],
      ['Pack Size', ['1 kg', '5 kg', '25 kg', '50 kg']],
    ],
    specs: [
      ['Moisture', ['10 % max', '12 % max', '14 % max']],
      ['Origin', ['Single origin', 'Blended']],
      ['Certification', ['FSSAI', 'USDA Organic', 'HACCP']],
    ],
    unit: 'Kilogram',
    price: [0.6, 35],
    moq: [500, 1000, 5000],
    colors: ['#2e6b1f', '#8fcf5b'],
  },
  'Construction & Real Estate': {
    brands: ['UltraTech', 'ACC', 'Ambuja', 'Holcim', 'Cemex', 'Heidelberg Materials'],
    qualifiers: ['High Strength', 'Weather Resistant', 'Premium', 'Eco', 'Fire Rated', 'Heavy Duty'],
    attributes: [
      ['Grade', ['Standard', 'Premium', 'Commercial']],
      ['Finish', ['Matt', 'Gloss', 'Natural', 'Textured']],
      ['Size', ['600 x 600 mm', '800 x 800 mm', '1200 x 600 mm']],
    ],
    specs: [
      ['Standard', ['IS 456', 'ASTM C150', 'EN 197']],
      ['Compressive Strength', ['33 MPa', '43 MPa', '53 MPa']],
      ['Warranty', ['5 years', '10 years']],
    ],
    unit: 'Piece',
    price: [2, 85000],
    moq: [10, 50, 100],
    colors: ['#5a5a5a', '#b0b0b0'],
  },
  'Metals & Minerals': {
    brands: ['Tata Steel', 'JSW Steel', 'SAIL', 'ArcelorMittal', 'Nippon Steel', 'POSCO'],
    qualifiers: ['Hot Rolled', 'Cold Rolled', 'Galvanised', 'Precision', 'Mill Finish', 'Prime'],
    attributes: [
      ['Grade', ['SS304', 'SS316', 'MS', 'Fe 500']],
      ['Thickness', ['2 mm', '4 mm', '6 mm', '10 mm']],
    ],
    specs: [
      ['Standard', ['ASTM A240', 'IS 2062', 'EN 10025']],
      ['Finish', ['2B', 'No. 4', 'Mill']],
      ['Test Certificate', ['EN 10204 3.1']],
    ],
    unit: 'Metric Ton',
    price: [520, 4200],
    moq: [5, 10, 25],
    colors: ['#37474f', '#90a4ae'],
  },
  'Hardware & Tools': {
    brands: ['Bosch', 'Makita', 'DeWalt', 'Stanley', 'Hilti', 'Black+Decker'],
    qualifiers: ['Professional', 'Cordless', 'Heavy Duty', 'Compact', 'Industrial', 'Precision'],
    attributes: [
      ['Size', ['8 mm', '10 mm', '13 mm', '19 mm']],
      ['Kit', ['Body only', 'With battery', 'Full kit']],
      ['Finish', ['Chrome', 'Black oxide', 'Zinc plated']],
    ],
    specs: [
      ['Material', ['Chrome vanadium', 'Carbon steel', 'Stainless steel']],
      ['Warranty', ['1 year', '3 years', 'Lifetime']],
      ['Standard', ['DIN', 'ISO', 'ANSI']],
    ],
    unit: 'Piece',
    price: [0.3, 900],
    moq: [10, 50, 100],
    colors: ['#b23c17', '#f28c5a'],
  },
  'Industrial Supplies': {
    brands: ['SKF', 'FAG', 'Timken', 'NSK', 'Audco', 'Parker Hannifin'],
    qualifiers: ['Precision', 'Sealed', 'High Pressure', 'Industrial', 'Long Life', 'Heavy Duty'],
    attributes: [
      ['Size', ['15 mm', '25 mm', '50 mm', '80 mm', '100 mm']],
      ['Material', ['Carbon Steel', 'SS304', 'SS316', 'Brass']],
    ],
    specs: [
      ['Pressure Rating', ['PN 10', 'PN 16', 'PN 40']],
      ['Temperature Range', ['-20 to 120 °C', '-40 to 200 °C']],
      ['Standard', ['API 6D', 'ISO 15761', 'DIN 3202']],
    ],
    unit: 'Piece',
    price: [2, 2500],
    moq: [10, 20, 50],
    colors: ['#1f5f5b', '#5cc2b8'],
  },
  'Health & Safety': {
    brands: ['Dräger', 'Kidde', '3M', 'Ansell', 'Honeywell', 'Medline'],
    qualifiers: ['Certified', 'Lightweight', 'Reusable', 'Disposable', 'Anti Static', 'High Visibility'],
    attributes: [
      ['Size', ['S', 'M', 'L', 'XL']],
      ['Colour', ['Yellow', 'Orange', 'White', 'Blue']],
    ],
    specs: [
      ['Standard', ['EN 397', 'EN 388', 'ANSI Z89.1', 'EN 149']],
      ['Shelf Life', ['3 years', '5 years']],
      ['Material', ['HDPE', 'Nitrile', 'Polycarbonate']],
    ],
    unit: 'Piece',
    price: [0.1, 650],
    moq: [50, 100, 500],
    colors: ['#9a1b1b', '#f26d6d'],
  },
  'Automobile & Transport': {
    brands: ['Bosch Automotive', 'Denso', 'Continental', 'ZF', 'Valeo', 'Brembo'],
    qualifiers: ['OEM Grade', 'Heavy Duty', 'Long Life', 'Performance', 'Genuine', 'All Weather'],
    attributes: [
      ['Fitment', ['Truck', 'Bus', 'Car', 'Tractor']],
      ['Size', ['Standard', 'Oversize']],
    ],
    specs: [
      ['Warranty', ['6 months', '12 months', '50,000 km']],
      ['Standard', ['ISO/TS 16949', 'E-Mark', 'DOT']],
      ['Material', ['Ceramic', 'Steel', 'Rubber compound']],
    ],
    unit: 'Piece',
    price: [4, 48000],
    moq: [1, 10, 20],
    colors: ['#263238', '#607d8b'],
  },
  'Electronics & Instrumentation': {
    brands: ['Keysight', 'Tektronix', 'Yokogawa', 'Endress+Hauser', 'Honeywell', 'Fluke'],
    qualifiers: ['Digital', 'Smart', 'High Accuracy', 'Portable', 'Industrial', 'Wireless'],
    attributes: [
      ['Range', ['0 – 10 bar', '0 – 40 bar', '0 – 100 bar']],
      ['Output', ['4 – 20 mA', 'Modbus', 'HART']],
    ],
    specs: [
      ['Accuracy', ['±0.1 %', '±0.25 %', '±0.5 %']],
      ['Protection Class', ['IP65', 'IP67']],
      ['Display', ['LCD', 'LED', 'None']],
    ],
    unit: 'Piece',
    price: [6, 15000],
    moq: [1, 5, 10],
    colors: ['#004d40', '#26a69a'],
  },
  'Office & Commercial Furniture': {
    brands: ['Godrej Interio', 'Featherlite', 'Steelcase', 'Herman Miller', 'Haworth', 'Knoll'],
    qualifiers: ['Ergonomic', 'Modular', 'Premium', 'Stackable', 'Executive', 'Space Saving'],
    attributes: [
      ['Colour', ['Black', 'Grey', 'Walnut', 'White']],
      ['Material', ['Mesh', 'Leatherette', 'Steel', 'Engineered Wood']],
    ],
    specs: [
      ['Warranty', ['2 years', '5 years', '10 years']],
      ['Assembly', ['Ready to use', 'Easy assembly']],
      ['Certification', ['BIFMA', 'GREENGUARD']],
    ],
    unit: 'Piece',
    price: [25, 2400],
    moq: [5, 10, 20],
    colors: ['#4e342e', '#a1887f'],
  },
};

export const GENERIC_TRADE: Trade = TRADES['Industrial Supplies'];

/** The currency a demo seller prices in, by the company's country. */
export const COUNTRY_CURRENCIES: Record<string, string> = {
  IN: 'Rupee',
  CN: 'CNY',
  DE: 'EUR',
  IT: 'EUR',
  FR: 'EUR',
  GB: 'GBP',
  US: 'USD',
  JP: 'JPY',
  BR: 'BRL',
  CA: 'CAD',
  AU: 'AUD',
  MX: 'MXN',
  MY: 'MYR',
  TH: 'THB',
  BD: 'BDT',
  PL: 'PLN',
};

export const ANNUAL_REVENUE_OF_TYPE: Record<string, number> = {
  Manufacturers: 3,
  'Agents and Representatives': 1,
  Resellers: 1,
  Distributors: 2,
  Retailers: 0,
  Wholesalers: 2,
  Others: 0,
};
