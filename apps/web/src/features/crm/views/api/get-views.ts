import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import type {
  SavedFilter,
  savedFiltersSchema,
  saveFilterBodySchema,
  saveViewBodySchema,
  View,
} from '@tradeloop/contracts/crm/views';
import type { z } from 'zod';
import { crmData, crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** GET crm/custom_view: the built-in "All …" view, then the company's views, with counts. */
export function viewsQueryOptions(typeId: RecordTypeId) {
  return queryOptions({
    queryKey: crmKeys.views(typeId),
    queryFn: ({ signal }) => crmData<View[]>('crm/custom_view', { query: { type_id: typeId }, signal }),
  });
}

export function useViews(typeId: RecordTypeId) {
  return useQuery(viewsQueryOptions(typeId));
}

type ViewInput = z.input<typeof saveViewBodySchema>;

/**
 * Spec section 4: saving creates a view when none is active (POST lead/custom-index-save), otherwise
 * updates the active one (PUT …/{id}); then views and data reload.
 */
export function useSaveView(typeId: RecordTypeId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ViewInput }) =>
      id === null
        ? crmRequest<View>('lead/custom-index-save', { method: 'POST', body, fieldErrors: 'form' })
        : crmRequest<View>(`lead/custom-index-save/${id}`, { method: 'PUT', body, fieldErrors: 'form' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: crmKeys.views(typeId) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.records() });
    },
  });
}

/** DELETE crm/custom_view/{id}; the page then goes back to the built-in view and reloads. */
export function useDeleteView(typeId: RecordTypeId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => crmRequest<null>(`crm/custom_view/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: crmKeys.views(typeId) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.records() });
    },
  });
}

type SavedFilters = z.infer<typeof savedFiltersSchema>;
type FilterInput = z.input<typeof saveFilterBodySchema>;

/** GET lead/filter-list: saved filters (savedFilterRequests) with their total_results. */
export function savedFiltersQueryOptions(typeId: RecordTypeId) {
  return queryOptions({
    queryKey: crmKeys.savedFilters(typeId),
    queryFn: async ({ signal }) =>
      (await crmData<SavedFilters>('lead/filter-list', { query: { type_id: typeId }, signal })).savedFilterRequests,
  });
}

export function useSavedFilters(typeId: RecordTypeId) {
  return useQuery(savedFiltersQueryOptions(typeId));
}

/** POST lead/filter-save (with id: update). */
export function useSaveFilter(typeId: RecordTypeId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FilterInput) =>
      crmRequest<SavedFilters>('lead/filter-save', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => queryClient.setQueryData(crmKeys.savedFilters(typeId), result.data.savedFilterRequests),
  });
}

/** DELETE lead/filter-delete/{id}. */
export function useDeleteFilter(typeId: RecordTypeId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => crmRequest<SavedFilters>(`lead/filter-delete/${id}`, { method: 'DELETE' }),
    onSuccess: (result) =>
      queryClient.setQueryData<SavedFilter[]>(crmKeys.savedFilters(typeId), result.data.savedFilterRequests),
  });
}
