/** Product kinds the public filters also name, without zod, for the public pages' bundle (decision 029). */
export const AVAILABILITIES = ['in_stock', 'by_order'] as const;
export const PRICE_TYPES = ['quantity', 'fixed'] as const;
export const PRODUCT_TYPES = ['simple', 'configured'] as const;
export const CONDITIONS = ['Brand New', 'Used', 'Refurbished'] as const;
