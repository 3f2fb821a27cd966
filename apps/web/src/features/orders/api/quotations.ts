import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LeadQuotation, Quotation, quotationCreateBodySchema } from '@tradeloop/contracts/orders';
import { apiData, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadFile } from '../../../lib/file-transfer.ts';
import { quoteKeys } from '../../../lib/query-keys/quotes.ts';
import { orderKeys } from './keys.ts';

export type QuotationInput = z.input<typeof quotationCreateBodySchema>;

/** GET /api/v1/enquiry/{id}/quotation: the enquiry's quotation, or null when it has none (404). */
export function useQuotationOfEnquiry(enquiryId: number) {
  return useQuery({
    queryKey: orderKeys.quotationOfEnquiry(enquiryId),
    queryFn: async ({ signal }) => {
      try {
        return await apiData<Quotation>(`enquiry/${enquiryId}/quotation`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** GET /api/v1/leads/{id}/quotation: whom a quotation from the CRM lead goes to, and its quotation. */
export function useLeadQuotation(leadId: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.quotationOfLead(leadId),
    queryFn: ({ signal }) => apiData<LeadQuotation>(`leads/${leadId}/quotation`, { signal }),
    enabled,
  });
}

/** GET /api/v1/quotations/{id}: a quotation for its buyer or the seller company. */
export function useQuotation(id: number) {
  return useQuery({
    queryKey: orderKeys.quotation(id),
    queryFn: ({ signal }) => apiData<Quotation>(`quotations/${id}`, { signal }),
  });
}

/** GET /api/v1/quotations/received: the quotations awaiting my answer as a buyer. */
export function useReceivedQuotations() {
  return useQuery({
    queryKey: orderKeys.receivedQuotations(),
    queryFn: ({ signal }) => apiData<Quotation[]>('quotations/received', { signal }),
  });
}

/** After any quotation step: the quotation, the enquiry lists and thread, and the orders refresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: quoteKeys.enquiries() });
  };
}

/** POST quotations (v1) or quotations/{id}/revisions (v2 …). */
export function useSendQuotation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuotationInput }) =>
      id === null
        ? apiRequest<Quotation>('quotations', { method: 'POST', body, fieldErrors: 'form' })
        : apiRequest<Quotation>(`quotations/${id}/revisions`, {
            method: 'POST',
            body: { ...body, enquiry_id: undefined, lead_id: undefined, currency: undefined },
            fieldErrors: 'form',
          }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      refresh();
    },
  });
}

/** POST quotations/{id}/accept or decline (the buyer). */
export function useQuotationDecision() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (
      decision: { id: number; accept: true; version: number } | { id: number; accept: false; reason: string },
    ) =>
      decision.accept
        ? apiRequest<{ id: number; order_id: number }>(`quotations/${decision.id}/accept`, {
            method: 'POST',
            body: { version: decision.version },
          })
        : apiRequest<{ id: number }>(`quotations/${decision.id}/decline`, {
            method: 'POST',
            body: { reason: decision.reason },
            fieldErrors: 'form',
          }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      refresh();
    },
  });
}

export const downloadQuotation = (id: number) => downloadFile(`quotations/${id}/pdf`);
export const downloadInvoice = (id: number) => downloadFile(`invoices/${id}/pdf`);
