import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDetail, ProductStatus } from '@tradeloop/contracts/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** The list's quick actions: duplicate, delete (soft), restore (undo), publish or hide. All refresh the lists. */
export const productActions = {
  duplicate: (id: number) => apiRequest<ProductDetail>('product/duplicate', { method: 'POST', body: { id } }),
  remove: (id: number) => apiRequest<{ id: number }>('product/delete', { method: 'POST', body: { id } }),
  restore: (id: number) => apiRequest<ProductDetail>('product/restore', { method: 'POST', body: { id } }),
  setStatus: ({ id, status }: { id: number; status: ProductStatus }) =>
    apiRequest<ProductDetail>('product/status', { method: 'POST', body: { id, status } }),
};

export function useProductAction<A>(action: (argument: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.products() }),
  });
}
