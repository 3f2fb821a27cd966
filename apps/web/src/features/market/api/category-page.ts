import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryPage } from '@tradeloop/contracts/market-category';
import { apiData } from '../../../lib/api-client.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

/** GET /api/v1/front/category/{slug}: the category, its trail and its sub-categories with counts. */
export const categoryPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: marketKeys.category(slug),
    queryFn: ({ signal }) => apiData<CategoryPage>(`front/category/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useCategoryPage(slug: string) {
  return useQuery({ ...categoryPageQueryOptions(slug), enabled: slug !== '' });
}
