import { useMutation } from '@tanstack/react-query';
import type { Session, SignupBody } from '@tradeloop/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../session-actions.ts';

/** POST /api/v1/auth/signup: 201 with a session; a taken e-mail answers 409 with errors.email_id. */
export function signup(body: SignupBody) {
  return apiRequest<Session>('auth/signup', { method: 'POST', body, fieldErrors: 'form' });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (result) => startSession(result.data),
  });
}
