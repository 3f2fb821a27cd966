import type { ProductSearchInput } from '@tradeloop/contracts/market';

/** Cards in each product row of the home page: two rows of four on a wide screen. */
export const HOME_PRODUCTS = 8;

/** Featured: products of verified suppliers on the Platinum plan, best first. */
export const featuredProducts = (currency: number): ProductSearchInput => ({
  page: 1,
  per_page: HOME_PRODUCTS,
  currency,
  sort: 'relevance',
  member_type: ['Verified Supplier'],
  plan_type: ['Platinum'],
});

/** Recently added, whose answer also carries the category counts of the whole catalogue. */
export const recentProducts = (currency: number): ProductSearchInput => ({
  page: 1,
  per_page: HOME_PRODUCTS,
  currency,
  sort: 'newest',
});
