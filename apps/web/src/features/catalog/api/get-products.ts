import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductListQuery, productListPageSchema } from '@tradeloop/contracts/catalog';
import { apiData } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

export type ProductPage = z.infer<typeof productListPageSchema>;

/** GET /api/v1/product/list: the seller's products, one page. */
export const productsQueryOptions = (query: ProductListQuery) =>
  queryOptions({
    queryKey: catalogKeys.productList(query),
    queryFn: ({ signal }) => apiData<ProductPage>('product/list', { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQueryOptions(query));
}
