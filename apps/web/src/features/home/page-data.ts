import type { PageQueries } from '../../app/page-data.ts';
import { sellersQueryOptions } from '../directory/api/get-sellers.ts';
import { readDirectoryFilters } from '../directory/filters.ts';
import { getCurrencyId } from '../../lib/currency.ts';
import { productSearchQueryOptions } from '../market/api/search.ts';
import { ALL_SUPPLIERS } from './all-suppliers.ts';
import { featuredProducts, recentProducts } from './home-products.ts';

/**
 * The home page: featured and recent products (with the category counts), the supplier count, the
 * directory as its URL filters it, the country filter.
 */
export const homePageQueries: PageQueries = (url) => [
  productSearchQueryOptions(featuredProducts(getCurrencyId())),
  productSearchQueryOptions(recentProducts(getCurrencyId())),
  sellersQueryOptions(ALL_SUPPLIERS),
  sellersQueryOptions(readDirectoryFilters(url.searchParams)),
  // The country filter loads its options when first used (SupplierDirectory.tsx).
];
