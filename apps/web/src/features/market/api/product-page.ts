import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@tradeloop/contracts/market';
import { apiData } from '../../../lib/api-client.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

/** GET /api/v1/front/product/detail/{key}: the product page, prices in the buyer's currency. */
export const productPageQueryOptions = (key: string, currency: number, searchKeyword?: string | null) =>
  queryOptions({
    queryKey: marketKeys.product(key, currency),
    queryFn: ({ signal }) =>
      apiData<ProductPage>(`front/product/detail/${encodeURIComponent(key)}`, {
        query: { currency, search_keyword: searchKeyword ?? undefined },
        signal,
      }),
  });

export function useProductPage(key: string, currency: number, searchKeyword?: string | null) {
  return useQuery(productPageQueryOptions(key, currency, searchKeyword));
}
