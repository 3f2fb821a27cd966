import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PasswordChangeInput,
  PasswordResetBody,
  PasswordResetRequestBody,
  passwordResetDoneSchema,
} from '@tradeloop/contracts/auth-password';
import { apiRequest } from '../../../lib/api-client.ts';

type Done = z.infer<typeof passwordResetDoneSchema>;

/** POST /api/v1/auth/resetPassword/request: mails a reset link; the answer never says whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      apiRequest<undefined>('auth/resetPassword/request', { method: 'POST', body, fieldErrors: 'form' }),
  });
}

/** POST /api/v1/auth/resetPassword: the link's token and the new password; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) =>
      apiRequest<Done>('auth/resetPassword', { method: 'POST', body, fieldErrors: 'form' }),
  });
}

/** POST /api/v1/profile/password/change: the current password and the new one; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeInput) =>
      apiRequest<Done>('profile/password/change', { method: 'POST', body, fieldErrors: 'form' }),
  });
}
