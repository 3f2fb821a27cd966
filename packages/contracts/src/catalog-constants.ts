/** Product kinds, names and combination values the public pages use, without zod, for their bundle (decision 029). */
export const AVAILABILITIES = ['in_stock', 'by_order'] as const;
export const PRICE_TYPES = ['quantity', 'fixed'] as const;
export const PRODUCT_TYPES = ['simple', 'configured'] as const;
export const CONDITIONS = ['Brand New', 'Used', 'Refurbished'] as const;

/** Joins the parts of a combination's value (spec section 3: "parts joined by |"). */
export const COMBINATION_SEPARATOR = '|';

/**
 * A product's name as every screen shows it (issue 15: one product name everywhere): the pre-title,
 * then the name ("Cast Iron" + "Centrifugal Monoblock Pump").
 */
export function productTitle(product: { pre_title_name?: string | null; name?: string | null }) {
  return [product.pre_title_name?.trim(), product.name?.trim()].filter(Boolean).join(' ');
}
