import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerHome } from '@tradeloop/contracts/dashboard';
import { apiData } from '../../../lib/api-client.ts';

export const buyerHomeKeys = { all: ['dashboard', 'buyer'] as const };

/**
 * GET dashboard/buyer (decision 066): the buyer's enquiries, conversations, followed suppliers, wishlist
 * and recommendations in one read. Read again each time the dashboard opens: offers and messages move.
 */
export function buyerHomeQueryOptions() {
  return queryOptions({
    queryKey: buyerHomeKeys.all,
    queryFn: ({ signal }) => apiData<BuyerHome>('dashboard/buyer', { signal }),
    staleTime: 0,
  });
}

export function useBuyerHome() {
  return useQuery(buyerHomeQueryOptions());
}
