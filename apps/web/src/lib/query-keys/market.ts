import type { ProductSearchInput } from '@tradeloop/contracts/market';

/** Query keys of the marketplace. */
export const marketKeys = {
  all: ['market'] as const,
  search: (body: ProductSearchInput) => [...marketKeys.all, 'search', body] as const,
  filters: () => [...marketKeys.all, 'filters'] as const,
  category: (slug: string) => [...marketKeys.all, 'category', slug] as const,
  suggestions: (typed: string) => [...marketKeys.all, 'suggestions', typed] as const,
  product: (key: string, currency: number) => [...marketKeys.all, 'product', key, currency] as const,
  products: () => [...marketKeys.all, 'product'] as const,
  wishlist: () => [...marketKeys.all, 'wishlist'] as const,
  wishlistPage: (page: number, currency: number) => [...marketKeys.wishlist(), 'page', page, currency] as const,
  wishlistIds: () => [...marketKeys.wishlist(), 'ids'] as const,
  activity: () => [...marketKeys.all, 'activity'] as const,
};
