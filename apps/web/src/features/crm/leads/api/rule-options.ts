import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryTreeItem } from '@tradeloop/contracts/catalog';
import { apiData } from '../../../../lib/api-client.ts';
import type { Territory } from '../../../catalog/api/reference-types.ts';
import { leadKeys } from './keys.ts';

/** What rules match on: the eight territories (GET territories) and the category tree (GET category/all). */
export function ruleOptionsQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.ruleOptions(),
    queryFn: async ({ signal }) => {
      const [territories, categories] = await Promise.all([
        apiData<Territory[]>('territories', { signal }),
        apiData<CategoryTreeItem[]>('category/all', { signal }),
      ]);
      return { territories, categories };
    },
    staleTime: 60 * 60_000,
  });
}

export function useRuleOptions() {
  return useQuery(ruleOptionsQueryOptions());
}
