import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@tradeloop/contracts/common-constants';
import type { PageActivity } from '@tradeloop/contracts/market';
import { apiData } from '../../../lib/api-client.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

/** POST /api/v1/front/page_activity, polled every 30 seconds while /productlist is open (spec section 9). */
export const pageActivityQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.activity(),
    queryFn: ({ signal }) =>
      apiData<PageActivity>('front/page_activity', { method: 'POST', body: { page: 'productlist' }, signal }),
    refetchInterval: TIMINGS.pageActivityPollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export function usePageActivity() {
  return useQuery(pageActivityQueryOptions());
}
