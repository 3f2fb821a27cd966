import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactPageSchema } from '@tradeloop/contracts/quotes';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { quoteKeys } from '../../../lib/query-keys/quotes.ts';

export type ContactPage = z.infer<typeof contactPageSchema>;

/** POST /api/v1/front/contact_list (tab_type, per_page 15). */
export function useContacts(tab: number, search: string, page: number) {
  return useQuery({
    queryKey: quoteKeys.contactList(tab, search, page),
    queryFn: ({ signal }) =>
      apiData<ContactPage>('front/contact_list', {
        method: 'POST',
        body: { tab_type: tab, per_page: 15, page, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST front/update_contact_list (id, status) or front/update_status (id). */
export function useContactAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'move'; id: number; status: 1 | 2 } | { kind: 'seen'; id: number }) =>
      action.kind === 'move'
        ? apiRequest('front/update_contact_list', { method: 'POST', body: { id: action.id, status: action.status } })
        : apiRequest('front/update_status', { method: 'POST', body: { id: action.id } }),
    onSuccess: (result, action) => {
      if (action.kind !== 'move') return;
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: quoteKeys.contacts() });
    },
  });
}
