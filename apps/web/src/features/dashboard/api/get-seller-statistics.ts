import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statistics } from '@tradeloop/contracts/statistics';
import type { StatisticsPeriod } from '@tradeloop/contracts/statistics-constants';
import { crmData } from '../../crm/shared/api/client.ts';
import { crmKeys } from '../../crm/shared/api/keys.ts';

export type StatisticsParams = { period: StatisticsPeriod; userId: number | null };

/**
 * GET crm/statistics with a period and, optionally, one member (decision 042). Keyed under the CRM's
 * statistics, so every write to records refreshes the dashboard too.
 */
export function sellerStatisticsQueryOptions({ period, userId }: StatisticsParams) {
  return queryOptions({
    queryKey: [...crmKeys.statistics(), { period, userId }] as const,
    queryFn: ({ signal }) =>
      crmData<Statistics>('crm/statistics', { query: { period, user_id: userId ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerStatistics(params: StatisticsParams) {
  return useQuery(sellerStatisticsQueryOptions(params));
}
