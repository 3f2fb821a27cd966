import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevInbox } from '@tradeloop/contracts/dev-inbox';
import { apiData, isApiError } from '../../lib/api-client.ts';

/** A code texted a moment ago shows without a reload. */
const REFRESH_MS = 3_000;

/** GET /api/v1/dev/inbox; `null` when the server has no development inbox (404). */
export const devInboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-inbox'] as const,
    queryFn: async ({ signal }): Promise<DevInbox | null> => {
      try {
        return await apiData<DevInbox>('dev/inbox', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data === null ? false : REFRESH_MS),
  });

export function useDevInbox() {
  return useQuery(devInboxQueryOptions());
}
