import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeRate } from '@tradeloop/contracts/market';
import { apiData } from '../../../lib/api-client.ts';
import { marketKeys } from './keys.ts';

/** GET /api/v1/front/exchange_rates: the currencies a buyer can see prices in. */
export const ratesQueryOptions = () =>
  queryOptions({
    queryKey: [...marketKeys.all, 'rates'],
    queryFn: ({ signal }) => apiData<ExchangeRate[]>('front/exchange_rates', { signal }),
    staleTime: 10 * 60 * 1000,
  });

export function useExchangeRates() {
  return useQuery(ratesQueryOptions());
}
