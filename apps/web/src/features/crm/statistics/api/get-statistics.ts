import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmStatistics } from '@tradeloop/contracts/crm/statistics';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** GET crm/statistics: totals and conversion rates, overall and for the last 7 days. */
export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: crmKeys.statistics(),
    queryFn: ({ signal }) => crmData<CrmStatistics>('crm/statistics', { signal }),
  });
}

/** `enabled` false: the role may not see leads, and the server would refuse (decision 038). */
export function useStatistics({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statisticsQueryOptions(), enabled });
}
