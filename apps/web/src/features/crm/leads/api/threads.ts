import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadThread, ThreadChat, ThreadStoreBody } from '@tradeloop/contracts/crm/leads';
import { chatKeys } from '../../../chat/api/keys.ts';
import { crmData, crmRequest } from '../../shared/api/client.ts';
import { workKeys } from '../../shared/target.ts';
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

/**
 * POST thread/{id}/chat (decision 062): joins the buyer's conversation of the thread beside the colleague
 * in it (or finds the caller already there); the chat's lists are read again so the room is in them.
 */
export function useOpenThreadChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => crmRequest<ThreadChat>(`thread/${threadId}/chat`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
