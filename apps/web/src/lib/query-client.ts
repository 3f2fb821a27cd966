import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/**
 * A query client with the app's defaults: client mistakes (4xx) are never retried, other failures
 * once. The browser has one for its life; the server makes one per rendered page (decision 029).
 */
export function createQueryClient() {
  return new QueryClient({
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
