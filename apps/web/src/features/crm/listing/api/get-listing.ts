import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Listing, ListingBody } from '@tradeloop/contracts/crm/listing';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** POST crm/data_listing, page by page (100 rows each) as the table scrolls. */
export function listingQueryOptions(body: ListingBody) {
  return infiniteQueryOptions({
    queryKey: crmKeys.listing(body),
    queryFn: ({ pageParam, signal }) =>
      crmData<Listing>('crm/data_listing', { method: 'POST', body: { ...body, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextListingPage,
  });
}

type ListingPage = Pick<Listing, 'currentPage' | 'lastPage' | 'perPage' | 'total' | 'total_bounded'> & {
  data: unknown[];
};

/** The page after `last`; past the count's bound (total_bounded) the pages go on while they come back full. */
export function nextListingPage(last: ListingPage) {
  const more = last.currentPage < last.lastPage || (last.total_bounded && last.data.length === last.perPage);
  return more ? last.currentPage + 1 : undefined;
}

/** A list's count as shown: past the bound it is "10,000+", as large CRMs show it. */
export function listingCountText(first: ListingPage | undefined) {
  return `${(first?.total ?? 0).toLocaleString()}${first?.total_bounded ? '+' : ''}`;
}

export function useListing(body: ListingBody) {
  return useInfiniteQuery(listingQueryOptions(body));
}
