import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/** The query client a loader uses: the browser's, or that of the page the server renders. */
export type QueryClientOf = () => QueryClient;

/** The queries a public page shows first, for its URL (decision 029). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's queries have their own data types
export type PageQueries = (url: URL, args: LoaderFunctionArgs) => FetchQueryOptions<any, any, any, any>[];

/**
 * A loader for a public page. In the browser it starts the page's queries and lets the page show
 * its skeletons; on the server (import.meta.env.SSR) the render waits for them so the HTML holds
 * the data, and a failed query leaves the page to show its own error state after hydration.
 */
export function pageData(queryClientOf: QueryClientOf, queries: PageQueries) {
  return async (args: LoaderFunctionArgs) => {
    const queryClient = queryClientOf();
    const prefetches = queries(new URL(args.request.url), args).map((options) => queryClient.prefetchQuery(options));
    if (import.meta.env.SSR) await Promise.all(prefetches);
    return null;
  };
}
