import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/**
 * A query client whose invalidation also reaches the reads still waiting for their first answer.
 * TanStack Query refetches an in-flight query on invalidation only when it already has data; one
 * without data keeps its read, which began before the write and may answer without it (a record's
 * Files tab opened just before an upload stayed empty). Those reads are cancelled, then asked again.
 */
class AppQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstReads = this.getQueryCache()
      .findAll({ ...filters, fetchStatus: 'fetching' })
      .filter((query) => query.state.data === undefined);
    await Promise.all(firstReads.map((query) => query.cancel({ revert: true })));
    return super.invalidateQueries(filters, options);
  }
}

/**
 * A query client with the app's defaults: client mistakes (4xx) are never retried, other failures
 * once. The browser has one for its life; the server makes one per rendered page (decision 029).
 */
export function createQueryClient() {
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's query client. */
export const queryClient = createQueryClient();
