import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, PassiveAttribute } from '@tradeloop/contracts/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** POST /api/v1/brands/propose: usable at once; the form's options are refreshed. */
export function useProposeBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<Brand>('brands/propose', { method: 'POST', body: { name }, fieldErrors: 'form' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.formOptions() }),
  });
}

/** POST /api/v1/attributes/passive/create: spec section 8, a failure toasts the first returned message. */
export function useCreateAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<PassiveAttribute>('attributes/passive/create', {
        method: 'POST',
        body: { name },
        fieldErrors: 'form',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.formOptions() }),
  });
}
