import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRate } from '@tradeloop/contracts/market';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

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

/** POST operator/exchange_rates (the platform operator): the changed rates; prices shown change with them. */
export function useUpdateRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: { code: string; rate: number }[]) =>
      apiRequest<ExchangeRate[]>('operator/exchange_rates', { method: 'POST', body: { rates } }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
}
