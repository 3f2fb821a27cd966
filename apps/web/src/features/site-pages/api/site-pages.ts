import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SitePage, SitePageBody, SitePageSlug } from '@tradeloop/contracts/site-pages';
import { apiData, apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the site pages (decision 051). */
export const sitePageKeys = {
  all: ['site-pages'] as const,
  page: (slug: string) => [...sitePageKeys.all, 'page', slug] as const,
  operator: () => [...sitePageKeys.all, 'operator'] as const,
};

/** GET /api/v1/front/page/{slug}: a site page as the public reads it. */
export const sitePageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: sitePageKeys.page(slug),
    queryFn: ({ signal }) => apiData<SitePage>(`front/page/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useSitePage(slug: string) {
  return useQuery(sitePageQueryOptions(slug));
}

/** GET /api/v1/operator/site_pages: every page, for the operator's editor. */
export function useOperatorSitePages(enabled: boolean) {
  return useQuery({
    queryKey: sitePageKeys.operator(),
    queryFn: ({ signal }) => apiData<SitePage[]>('operator/site_pages', { signal }),
    enabled,
  });
}

/** PUT /api/v1/operator/site_pages/{slug}: saves a page; the public page and the list are read again. */
export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: SitePageSlug; body: SitePageBody }) =>
      apiRequest<SitePage>(`operator/site_pages/${slug}`, { method: 'PUT', body, fieldErrors: 'form' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitePageKeys.all }),
  });
}
