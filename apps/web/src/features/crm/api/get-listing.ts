import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Listing, ListingBody } from '@tradeloop/contracts/crm';
import { crmData } from './client.ts';
import { crmKeys } from './keys.ts';

/** POST crm/data_listing, page by page (100 rows each) as the table scrolls. */
export function listingQueryOptions(body: ListingBody) {
  return infiniteQueryOptions({
    queryKey: crmKeys.listing(body),
    queryFn: ({ pageParam, signal }) =>
      crmData<Listing>('crm/data_listing', { method: 'POST', body: { ...body, page: pageParam }, signal }),
    initialPageParam: 1,
    // Past the count's bound (total_bounded) the pages go on while they come back full.
    getNextPageParam: (last) =>
      last.currentPage < last.lastPage || (last.total_bounded && last.data.length === last.perPage)
        ? last.currentPage + 1
        : undefined,
  });
}

export function useListing(body: ListingBody) {
  return useInfiniteQuery(listingQueryOptions(body));
}
