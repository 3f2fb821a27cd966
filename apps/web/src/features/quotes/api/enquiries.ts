import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EnquiryAnswerBody,
  EnquiryDetail,
  EnquiryPage,
  EnquiryStatus,
  EnquiryType,
} from '@tradeloop/contracts/quotes';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { quoteKeys } from '../../../lib/query-keys/quotes.ts';

/** GET /api/v1/enquiry/index?type=sent|received. */
export function useEnquiries(
  type: EnquiryType,
  status: EnquiryStatus | null,
  search: string,
  page: number,
  enabled = true,
) {
  return useQuery({
    queryKey: quoteKeys.enquiryList(type, status, search, page),
    queryFn: ({ signal }) =>
      apiData<EnquiryPage>('enquiry/index', {
        query: { type, status: status ?? undefined, search: search || undefined, page },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v1/enquiry/view/{id}: the thread; opening it marks it read (the lists refresh). */
export function useEnquiry(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: quoteKeys.enquiry(id ?? 0),
    queryFn: async ({ signal }) => {
      const detail = await apiData<EnquiryDetail>(`enquiry/view/${id}`, { signal });
      void queryClient.invalidateQueries({ queryKey: [...quoteKeys.enquiries(), 'list'] });
      return detail;
    },
    enabled: id !== null,
  });
}

export type EnquiryAction =
  | { kind: 'answer'; body: EnquiryAnswerBody }
  | { kind: 'reply'; body: { id: number; message: string; target_price?: number } }
  | { kind: 'accept' | 'decline'; body: { id: number; message?: string } };

/** POST enquiry/answer, reply, accept or decline; every list and the thread refresh. */
export function useEnquiryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EnquiryAction) =>
      apiRequest<{ id: number }>(`enquiry/${action.kind}`, { method: 'POST', body: action.body, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: quoteKeys.enquiries() });
    },
  });
}
