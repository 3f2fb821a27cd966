import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BuyingRequestDetail,
  BuyingRequestPage,
  buyingRequestPostedSchema,
} from '@tradeloop/contracts/buying-requests';
import { BUYING_REQUEST_FILE_FIELD } from '@tradeloop/contracts/buying-requests';
import type { CategoryTreeItem } from '@tradeloop/contracts/catalog';
import type { currencySchema, unitSchema } from '@tradeloop/contracts/reference';
import { apiData, apiRequest } from '../../../lib/api-client.ts';

type Currency = z.infer<typeof currencySchema>;
type Unit = z.infer<typeof unitSchema>;
type Posted = z.infer<typeof buyingRequestPostedSchema>;

/** Query keys of buying requests. */
export const buyingRequestKeys = {
  all: ['buying-requests'] as const,
  options: () => [...buyingRequestKeys.all, 'options'] as const,
  list: (page: number) => [...buyingRequestKeys.all, 'list', page] as const,
  detail: (id: number) => [...buyingRequestKeys.all, 'detail', id] as const,
};

export type RequestOptions = { categories: CategoryTreeItem[]; currencies: Currency[]; units: Unit[] };

/** What the form chooses from: GET category/all, currency and unit (public reference data). */
export const requestOptionsQuery = () =>
  queryOptions({
    queryKey: buyingRequestKeys.options(),
    queryFn: async ({ signal }): Promise<RequestOptions> => {
      const [categories, currencies, units] = await Promise.all([
        apiData<CategoryTreeItem[]>('category/all', { signal }),
        apiData<Currency[]>('currency', { signal }),
        apiData<Unit[]>('unit', { signal }),
      ]);
      return { categories, currencies, units };
    },
    staleTime: 60 * 60 * 1000,
  });

export function useRequestOptions() {
  return useQuery(requestOptionsQuery());
}

export type BuyingRequestFields = Record<string, string>;

/** POST /api/v1/buying-request/store as form data, with the attachments under `attachments[]`. */
export function usePostBuyingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files }: { fields: BuyingRequestFields; files: File[] }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
      for (const file of files) form.append(BUYING_REQUEST_FILE_FIELD, file);
      return apiRequest<Posted>('buying-request/store', { method: 'POST', body: form, fieldErrors: 'form' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: buyingRequestKeys.all }),
  });
}

/** GET /api/v1/buying-request/index: the caller's requests, newest first. */
export function useBuyingRequests(page: number) {
  return useQuery({
    queryKey: buyingRequestKeys.list(page),
    queryFn: ({ signal }) => apiData<BuyingRequestPage>('buying-request/index', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/buying-request/view/{id}: one request with its suppliers and their answers. */
export function useBuyingRequest(id: number) {
  return useQuery({
    queryKey: buyingRequestKeys.detail(id),
    queryFn: ({ signal }) => apiData<BuyingRequestDetail>(`buying-request/view/${id}`, { signal }),
  });
}
