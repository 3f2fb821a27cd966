import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDetail, ProductFormInput } from '@tradeloop/contracts/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** POST /api/v1/product/create, or /product/update/{id}; field errors go on the form. */
export function saveProduct({ id, body }: { id: number | null; body: ProductFormInput }) {
  const path = id === null ? 'product/create' : `product/update/${id}`;
  return apiRequest<ProductDetail>(path, { method: 'POST', body, fieldErrors: 'form' });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.product(result.data.id) });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.products() });
    },
  });
}
