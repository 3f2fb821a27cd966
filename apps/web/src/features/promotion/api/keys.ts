import type { SponsoredQuery } from '@tradeloop/contracts/promotion';

/** Query keys of ads and banners. */
export const promotionKeys = {
  all: ['promotion'] as const,
  ads: () => [...promotionKeys.all, 'ads'] as const,
  adsPage: (page: number) => [...promotionKeys.ads(), 'page', page] as const,
  ad: (id: number) => [...promotionKeys.ads(), 'one', id] as const,
  pickerProducts: (search: string) => [...promotionKeys.all, 'picker', search] as const,
  sponsored: (query: Partial<SponsoredQuery>) => [...promotionKeys.all, 'sponsored', query] as const,
  banners: () => [...promotionKeys.all, 'banners'] as const,
};
