import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteConfigurationBody, QuoteState } from '@tradeloop/contracts/quotes';
import { CLIENT_MESSAGES, SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { getSessionId } from '../../../lib/activity.ts';
import {
  API_BASES,
  ApiError,
  apiRequest,
  NO_SESSION_HASH,
  NO_USER_ID,
  type FieldErrors,
} from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { getSession, resetClientState } from '../../../lib/session.ts';
import { quoteKeys } from './keys.ts';

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

type Submitted = { data: { enquiry_ids: number[]; request_group: string }; message?: string };

/**
 * Sends form data (the JSON client does not), with the client's error catalogue: 401 signs out,
 * 5xx is a toast, 4xx rejects with the message and field errors for the form to show.
 */
async function postForm(path: string, fields: QuoteSubmission): Promise<Submitted> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    for (const entry of Array.isArray(value) ? value : [value])
      form.append(Array.isArray(value) ? `${name}[]` : name, String(entry));
  }
  const { token, user } = getSession();
  let response: Response;
  try {
    response = await fetch(`${API_BASES.v1}/${path}`, {
      method: 'POST',
      body: form,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        'X-Session-Hash': getSessionId() ?? NO_SESSION_HASH,
        'x-uid': user ? String(user.id) : NO_USER_ID,
      },
    });
  } catch {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(0, CLIENT_MESSAGES.serverError, { notified: true });
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    message?: string;
    errors?: FieldErrors;
  } | null;
  if (response.status === 401) {
    resetClientState();
    window.location.assign('/user/signin');
    throw new ApiError(401, body?.message ?? SERVER_MESSAGES.sessionExpired, { notified: true });
  }
  if (response.status >= 500) {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(response.status, CLIENT_MESSAGES.serverError, { notified: true });
  }
  if (!response.ok) {
    throw new ApiError(response.status, body?.message ?? CLIENT_MESSAGES.validation, { errors: body?.errors });
  }
  return body as Submitted;
}

/** POST /api/v1/front/getQuery/submit as form data (spec section 7). */
export function useSubmitQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: QuoteSubmission) => postForm('front/getQuery/submit', fields),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
