import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MiniSite } from '@tradeloop/contracts/company-profile';
import { apiData } from '../../../lib/api-client.ts';
import { miniSiteKeys } from '../../../lib/query-keys/mini-site.ts';

/** GET /api/v1/front/mini-site/{slug}: the company, its profile and featured products (decision 044). */
export const miniSiteQueryOptions = (slug: string, currency: number) =>
  queryOptions({
    queryKey: miniSiteKeys.site(slug, currency),
    queryFn: ({ signal }) =>
      apiData<MiniSite>(`front/mini-site/${encodeURIComponent(slug)}`, { query: { currency }, signal }),
    staleTime: 60_000,
  });

export function useMiniSite(slug: string, currency: number) {
  return useQuery(miniSiteQueryOptions(slug, currency));
}
