import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** One query client for the app. Client mistakes (4xx) are never retried; other failures once. */
export const queryClient = new QueryClient({
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
