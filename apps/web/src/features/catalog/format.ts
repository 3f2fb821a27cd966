import type { ProductListItem } from '@tradeloop/contracts/catalog';
import { money } from '../../lib/format.ts';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 4 });

/** "$395.00 – $420.00", "$12,500.00", or "Price on request". */
export function priceRange(product: Pick<ProductListItem, 'price_min' | 'price_max' | 'price_currency'>): string {
  if (product.price_min === null) return 'Price on request';
  const currency = product.price_currency;
  const text = (value: number) => (currency ? money(value, currency) : number.format(value));
  const low = text(product.price_min);
  if (product.price_max === null || product.price_max === product.price_min) return low;
  return `${low} – ${text(product.price_max)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
