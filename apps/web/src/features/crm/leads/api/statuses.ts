import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadStatus, StatusStoreBody, StatusUpdateBody } from '@tradeloop/contracts/crm/leads';
import { crmData, crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';
import { leadKeys } from './keys.ts';

/** GET status-settings/index: the company's lead statuses in order, with their lead counts. */
export function statusesQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.statuses(),
    queryFn: ({ signal }) => crmData<LeadStatus[]>('status-settings/index', { signal }),
    staleTime: 60_000,
  });
}

export function useLeadStatuses() {
  return useQuery(statusesQueryOptions());
}

/**
 * A change to the list renames or moves leads' values and the lead form's options: statuses,
 * records (lists, boards, details) and forms are read again.
 */
function useStatusesWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: leadKeys.statuses() });
      void queryClient.invalidateQueries({ queryKey: crmKeys.records() });
      void queryClient.invalidateQueries({ queryKey: crmKeys.forms() });
      void queryClient.invalidateQueries({ queryKey: leadKeys.classification() });
    },
  });
}

/** POST status-settings/store (field errors go on the form). */
export function useCreateStatus() {
  return useStatusesWrite((body: StatusStoreBody) =>
    crmRequest<LeadStatus>('status-settings/store', { method: 'POST', body, fieldErrors: 'form' }),
  );
}

/** PUT status-settings/update/{id}. */
export function useUpdateStatus() {
  return useStatusesWrite(({ id, body }: { id: number; body: StatusUpdateBody }) =>
    crmRequest<LeadStatus>(`status-settings/update/${id}`, { method: 'PUT', body, fieldErrors: 'form' }),
  );
}

/** DELETE status-settings/destroy/{id}, moving its leads to replacement_id. */
export function useDeleteStatus() {
  return useStatusesWrite(({ id, replacementId }: { id: number; replacementId?: number }) =>
    crmRequest<{ moved: number }>(`status-settings/destroy/${id}`, {
      method: 'DELETE',
      query: { replacement_id: replacementId },
    }),
  );
}

/** POST status-settings/reorder: every id once, in the new order. */
export function useReorderStatuses() {
  return useStatusesWrite((ids: number[]) =>
    crmRequest<LeadStatus[]>('status-settings/reorder', { method: 'POST', body: { ids } }),
  );
}
