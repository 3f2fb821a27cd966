import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  mobileCheckBodySchema,
  mobileCodeSentSchema,
  mobileVerifiedSchema,
  mobileVerifyBodySchema,
} from '@tradeloop/contracts/accounts-mobile';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

type CodeSent = z.infer<typeof mobileCodeSentSchema>;
type Verified = z.infer<typeof mobileVerifiedSchema>;

/** POST /api/v1/profile/verify/mobile: texts a code to the number (never answers it). */
export function useRequestMobileCode() {
  return useMutation({
    mutationFn: (body: z.input<typeof mobileVerifyBodySchema>) =>
      apiRequest<CodeSent>('profile/verify/mobile', { method: 'POST', body, fieldErrors: 'form' }),
  });
}

/** POST /api/v1/profile/verify/mobile_check: a right code saves the number; the profile is read again. */
export function useCheckMobileCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof mobileCheckBodySchema>) =>
      apiRequest<Verified>('profile/verify/mobile_check', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountsKeys.all, 'profile'] }),
  });
}
