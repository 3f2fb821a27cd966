import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductListItem } from '@tradeloop/contracts/catalog';
import type { Ad, AdCreateBody, SponsoredAd, SponsoredQuery } from '@tradeloop/contracts/promotion';
import { API_BASES, apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { promotionKeys } from './keys.ts';

type Page<T> = { data: T[]; currentPage: number; lastPage: number; perPage: number; total: number };

/** POST ads/getlist: the company's ads with status, impressions and clicks. */
export function useAds(page: number) {
  return useQuery({
    queryKey: promotionKeys.adsPage(page),
    queryFn: ({ signal }) => apiData<Page<Ad>>('ads/getlist', { method: 'POST', body: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET ads/product/list (per_page 100): the company's products to choose from. */
export function usePickerProducts(search: string) {
  return useQuery({
    queryKey: promotionKeys.pickerProducts(search),
    queryFn: ({ signal }) =>
      apiData<Page<ProductListItem>>('ads/product/list', {
        query: { per_page: 100, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST ads/create, or ads/update when an id is given. */
export function useSaveAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AdCreateBody }) =>
      id
        ? apiRequest<Ad>('ads/update', { method: 'POST', body: { ...body, id }, fieldErrors: 'form' })
        : apiRequest<Ad>('ads/create', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.ads() });
    },
  });
}

/** GET ads/delete/{id}. */
export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number }>(`ads/delete/${id}`),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.ads() });
    },
  });
}

/** GET front/ads/sponsored: the sponsored slots of a search or a product page (public). */
export const sponsoredQueryOptions = (query: Partial<SponsoredQuery>) =>
  queryOptions({
    queryKey: promotionKeys.sponsored(query),
    queryFn: ({ signal }) =>
      apiData<SponsoredAd[]>('front/ads/sponsored', {
        query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
        signal,
      }),
    staleTime: 60_000,
  });

export function useSponsored(query: Partial<SponsoredQuery>, enabled = true) {
  return useQuery({ ...sponsoredQueryOptions(query), enabled });
}

/** POST front/ads/click/{id}: sent as the sponsored card is followed; survives the navigation. */
export function countAdClick(adId: number, productId: number) {
  try {
    void fetch(`${API_BASES.v1}/front/ads/click/${adId}`, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_id: productId }),
    }).catch(() => undefined);
  } catch {
    // Counting must never stand in the buyer's way.
  }
}

/** The sponsored query of a product list search (page 1, a keyword or one category), or null. */
export function sponsoredListQuery(state: {
  keyword: string;
  page: number;
  currency: number;
  filters: { categories?: (string | number)[] };
}): Partial<SponsoredQuery> | null {
  const categories = state.filters.categories ?? [];
  const category = categories.length === 1 ? Number(categories[0]) : undefined;
  const keyword = state.keyword.trim();
  if (state.page !== 1 || (!keyword && !category)) return null;
  return { keyword: keyword || undefined, category_id: category || undefined, currency: state.currency };
}
