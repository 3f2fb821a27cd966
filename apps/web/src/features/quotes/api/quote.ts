import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteConfigurationBody, QuoteState } from '@tradeloop/contracts/quotes';
import { apiRequest } from '../../../lib/api-client.ts';
import { quoteKeys } from '../../../lib/query-keys/quotes.ts';

/** POST /api/v1/front/quote_configuration: the server prices a line and answers the quote so far. */
export function useConfigureQuote() {
  return useMutation({
    mutationFn: (body: QuoteConfigurationBody) =>
      apiRequest<QuoteState>('front/quote_configuration', { method: 'POST', body, fieldErrors: 'form' }).then(
        (result) => result.data,
      ),
  });
}

export type QuoteSubmission = Record<string, string | number | string[] | undefined | null>;

type Submitted = { enquiry_ids: number[]; request_group: string };

/** Form fields as the spec sends them: lists as repeated `name[]` entries, empty values left out. */
function toFormData(fields: QuoteSubmission) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    for (const entry of Array.isArray(value) ? value : [value])
      form.append(Array.isArray(value) ? `${name}[]` : name, String(entry));
  }
  return form;
}

/** POST /api/v1/front/getQuery/submit as form data (spec section 7). */
export function useSubmitQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: QuoteSubmission) =>
      apiRequest<Submitted>('front/getQuery/submit', { method: 'POST', body: toFormData(fields), fieldErrors: 'form' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
