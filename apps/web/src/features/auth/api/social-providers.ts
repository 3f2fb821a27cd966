import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProviders } from '@tradeloop/contracts/auth-social';
import { apiData } from '../../../lib/api-client.ts';

/** GET /api/v1/auth/social/providers: the providers the server is configured for (none: no buttons). */
export const socialProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'social-providers'] as const,
    queryFn: ({ signal }) => apiData<SocialProviders>('auth/social/providers', { signal }),
    staleTime: Infinity,
  });

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
