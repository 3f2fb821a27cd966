import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sellerDirectoryPageSchema } from '@tradeloop/contracts/directory';
import { apiData } from '../../../lib/api-client.ts';
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters } from '../filters.ts';
import { directoryKeys } from './keys.ts';

export type SellerDirectoryPage = z.infer<typeof sellerDirectoryPageSchema>;

/** GET /api/v1/front/sellers: the public supplier directory, paged. */
export const sellersQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: directoryKeys.sellers(filters),
    queryFn: ({ signal }) =>
      apiData<SellerDirectoryPage>('front/sellers', {
        query: {
          company_type: filters.companyType,
          country: filters.country,
          search: filters.search,
          page: filters.page,
          per_page: DIRECTORY_PAGE_SIZE,
        },
        signal,
      }),
  });

export function useSellers(filters: DirectoryFilters) {
  return useQuery({ ...sellersQueryOptions(filters), placeholderData: keepPreviousData });
}
