import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  emailChangeBodySchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
} from '@tradeloop/contracts/accounts-email';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

type LinkSent = z.infer<typeof emailLinkSentSchema>;
type Confirmed = z.infer<typeof emailConfirmedSchema>;

/** POST /api/v1/profile/verify/email: a confirmation link to the account's address. */
export function useRequestEmailConfirmation() {
  return useMutation({
    mutationFn: () => apiRequest<LinkSent>('profile/verify/email', { method: 'POST', fieldErrors: 'form' }),
  });
}

/** POST /api/v1/profile/email/change: a link to the new address; nothing changes until it is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: z.input<typeof emailChangeBodySchema>) =>
      apiRequest<LinkSent>('profile/email/change', { method: 'POST', body, fieldErrors: 'form' }),
  });
}

/**
 * POST /api/v1/profile/verify/email_confirm, as a query keyed by the token: the link is single-use, so
 * it is sent once per page view however often the page renders.
 */
export function emailConfirmQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...accountsKeys.all, 'email-confirm', token] as const,
    queryFn: () =>
      apiRequest<Confirmed>('profile/verify/email_confirm', { method: 'POST', body: { token }, fieldErrors: 'form' }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
