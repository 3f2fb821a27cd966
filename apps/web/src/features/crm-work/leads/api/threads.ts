import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadThread, ThreadStoreBody } from '@tradeloop/contracts/crm-leads';
import { crmData, crmRequest } from '../../../crm/api/client.ts';
import { workKeys } from '../../target.ts';
import { leadKeys } from './keys.ts';

/** GET thread/list/{id}: the requests of one lead, newest first. */
export function leadThreadsQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: leadKeys.threads(leadId),
    queryFn: ({ signal }) => crmData<LeadThread[]>(`thread/list/${leadId}`, { signal }),
  });
}

export function useLeadThreads(leadId: number) {
  return useQuery(leadThreadsQueryOptions(leadId));
}

/** POST thread/store: an entry by hand; the lead's threads and history are read again. */
export function useAddThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { leadId: number; body: ThreadStoreBody }) =>
      crmRequest<LeadThread>('thread/store', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (_result, { leadId }) => queryClient.invalidateQueries({ queryKey: workKeys.record(1, leadId) }),
  });
}
