import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type CsvColumn } from '@tradeloop/contracts/catalog-files';

/**
 * A large, realistic import file for tests and the benchmark: pumps, valves and motors in both
 * availabilities and pricings, with attributes and specifications. Every `invalidEvery`-th row
 * carries one mistake a seller makes (no brand, an unknown category, tiers that overlap...).
 */
export function sampleCsv(
  rows: number,
  options: { brand: string; invalidEvery?: number },
): { csv: string; invalid: number[] } {
  const kinds = [
    { noun: 'Centrifugal Pump', category: 'centrifugal-pumps', attributes: 'Power=1 HP,2 HP,3 HP; Phase=Single,Three' },
    { noun: 'Ball Valve', category: 'ball-valves', attributes: 'Size=15 mm,25 mm,50 mm; Material=Brass,SS304' },
    { noun: 'AC Motor', category: 'ac-motors', attributes: 'Power=0.75 kW,1.5 kW; Frame=80,90,100' },
  ];
  const mistakes: Partial<Record<CsvColumn, string>>[] = [
    { brand: '' },
    { categories: 'no-such-category' },
    { price_tiers: '1-10=5; 5-20=4' },
    { attributes: 'Colour=Red,red' },
    { nearest_seaport: '' },
  ];
  const invalid: number[] = [];
  const records = Array.from({ length: rows }, (_, index) => {
    const kind = kinds[index % kinds.length];
    const mistaken = !!options.invalidEvery && index % options.invalidEvery === options.invalidEvery - 1;
    const byOrder = index % 4 === 3 && !mistaken;
    const row: Partial<Record<CsvColumn, string | number>> = {
      name: `${kind.noun} ${1000 + index}`,
      description: `${kind.noun} for industrial duty, model ${1000 + index}, tested before dispatch.`,
      model_number: `M-${1000 + index}`,
      categories: kind.category,
      brand: options.brand,
      availability: byOrder ? 'by_order' : 'in_stock',
      price_type: byOrder ? 'fixed' : 'quantity',
      price_tiers: byOrder ? '' : `1-9=${120 + (index % 50)}; 10-99=${110 + (index % 50)}`,
      currency: 'USD',
      unit_price: byOrder ? 2500 + index : '',
      unit: 'Piece',
      price_term: 'FOB',
      nearest_seaport: 'Nhava Sheva (INNSA)',
      nearest_airport: 'Mumbai (BOM)',
      attributes: kind.attributes,
      specifications: 'Material=Cast iron; Warranty=12 months',
      condition: 'Brand New',
      validity: byOrder ? '' : '6 months',
      manufacturer_year: byOrder ? '' : 2025,
      dispatch_in: byOrder ? '' : 7,
      dispatch_period: byOrder ? '' : 'Days',
      stock_location: byOrder ? '' : 'Pune, India',
      country_of_origin: byOrder ? '' : 'IN',
      territory: byOrder ? 'Asia' : '',
      origin_countries: byOrder ? 'IN' : '',
      production_capacity: byOrder ? 50 : '',
      production_days: byOrder ? 20 : '',
      delivery_time: byOrder ? 4 : '',
      delivery_period: byOrder ? 'Weeks' : '',
    };
    if (mistaken) {
      Object.assign(row, mistakes[invalid.length % mistakes.length]);
      invalid.push(index + 2);
    }
    return CSV_COLUMNS.map((column) => row[column] ?? '');
  });
  return { csv: stringify(records, { header: true, columns: [...CSV_COLUMNS] }), invalid };
}
