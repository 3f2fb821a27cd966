import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FiltersResponse,
  ProductSearchInput,
  ProductSearchResult,
  Suggestions,
} from '@tradeloop/contracts/market';
import { apiData } from '../../../lib/api-client.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

/** POST /api/v1/front/product/list: one page of the search with its facets and panels. */
export const productSearchQueryOptions = (body: ProductSearchInput) =>
  queryOptions({
    queryKey: marketKeys.search(body),
    queryFn: ({ signal }) => apiData<ProductSearchResult>('front/product/list', { method: 'POST', body, signal }),
  });

export function useProductSearch(body: ProductSearchInput) {
  return useQuery({ ...productSearchQueryOptions(body), placeholderData: keepPreviousData });
}

/** GET /api/v1/front/filters: the sidebar's filters before any search; they change with releases only. */
export const filtersQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.filters(),
    queryFn: ({ signal }) => apiData<FiltersResponse>('front/filters', { signal }),
    staleTime: 10 * 60 * 1000,
  });

export function useFilters() {
  return useQuery(filtersQueryOptions());
}

/** GET /api/v1/front/search/suggestions: autocomplete for the search box. */
export function useSuggestions(typed: string) {
  const text = typed.trim();
  return useQuery({
    queryKey: marketKeys.suggestions(text),
    queryFn: ({ signal }) => apiData<Suggestions>('front/search/suggestions', { query: { q: text }, signal }),
    enabled: text.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
