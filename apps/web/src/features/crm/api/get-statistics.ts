import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmStatistics } from '@tradeloop/contracts/crm';
import { crmData } from './client.ts';
import { crmKeys } from './keys.ts';

/** GET crm/statistics: totals and conversion rates, overall and for the last 7 days. */
export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: crmKeys.statistics(),
    queryFn: ({ signal }) => crmData<CrmStatistics>('crm/statistics', { signal }),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
