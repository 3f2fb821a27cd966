import type { MarketProduct } from '@tradeloop/contracts/market';
import { money, quantityText } from './format.ts';

/** "$395.00 – $420.00", "$12,500.00" or "Price on request". */
export function priceText(product: Pick<MarketProduct, 'unit_price' | 'unit_price_max' | 'currency'>): string {
  if (product.unit_price === null) return 'Price on request';
  const low = money(product.unit_price, product.currency);
  if (product.unit_price_max === null || product.unit_price_max === product.unit_price) return low;
  return `${low} – ${money(product.unit_price_max, product.currency)}`;
}

/** "Min. order: 10 pieces". */
export function minimumOrder(product: Pick<MarketProduct, 'quantity' | 'unit'>): string | null {
  if (product.quantity === null) return null;
  return `Min. order: ${quantityText(product.quantity, product.unit)}`;
}

export const AVAILABILITY_LABELS: Record<string, string> = { in_stock: 'In stock', by_order: 'Made to order' };
export const PRICE_TYPE_LABELS: Record<string, string> = { quantity: 'Price by quantity', fixed: 'Fixed price' };

/** Spec section 2: a product opens in a new tab with the search keyword. */
export function productHref(product: Pick<MarketProduct, 'product_url'>, keyword?: string) {
  return keyword ? `${product.product_url}?search_keyword=${encodeURIComponent(keyword)}` : product.product_url;
}
