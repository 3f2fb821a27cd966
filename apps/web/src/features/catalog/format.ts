import type { ProductListItem } from '@tradeloop/contracts/catalog';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

/** "$395 – $420", "$12,500", or "Price on request". */
export function priceRange(product: Pick<ProductListItem, 'price_min' | 'price_max' | 'price_currency'>): string {
  if (product.price_min === null) return 'Price on request';
  const symbol = product.price_currency?.symbol ?? '';
  const low = `${symbol}${number.format(product.price_min)}`;
  if (product.price_max === null || product.price_max === product.price_min) return low;
  return `${low} – ${symbol}${number.format(product.price_max)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
