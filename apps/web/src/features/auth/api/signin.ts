import { useMutation } from '@tanstack/react-query';
import type { Session, SigninBody } from '@tradeloop/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../session-actions.ts';

/** POST /api/v1/auth/signin. Field errors (wrong credentials) come back for the form. */
export function signin(body: SigninBody) {
  return apiRequest<Session>('auth/signin', { method: 'POST', body, fieldErrors: 'form' });
}

export function useSignin() {
  return useMutation({
    mutationFn: signin,
    onSuccess: (result) => startSession(result.data),
  });
}
