import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/v1/auth/autologin-link: e-mails a single-use sign-in link; the answer never says whether the account exists. */
export function requestSigninLink(body: { email_id: string }) {
  return apiRequest<undefined>('auth/autologin-link', { method: 'POST', body, fieldErrors: 'form' });
}

export function useRequestSigninLink() {
  return useMutation({ mutationFn: requestSigninLink });
}
