import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MatrixRow, MatrixUpdate, matrixPageSchema } from '@tradeloop/contracts/catalog';
import { PAGE_SIZES } from '@tradeloop/contracts/common-constants';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

export type MatrixPage = z.infer<typeof matrixPageSchema>;

/** POST /api/v1/product/matrix/list: 200 combinations a page (spec section 9), optionally searched. */
export function useMatrix(productId: number, page: number, search: string) {
  return useQuery({
    queryKey: catalogKeys.matrix(productId, page, search),
    queryFn: ({ signal }) =>
      apiData<MatrixPage>('product/matrix/list', {
        method: 'POST',
        body: { product_id: productId, page, per_page: PAGE_SIZES.matrix, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useMatrixMutation<A>(run: (argument: A) => Promise<unknown>, productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) }),
  });
}

/** POST /api/v1/product/matrix/update */
export function useUpdateCombination(productId: number) {
  return useMatrixMutation(
    (update: Omit<MatrixUpdate, 'product_id'>) =>
      apiRequest<MatrixRow>('product/matrix/update', { method: 'POST', body: { ...update, product_id: productId } }),
    productId,
  );
}

/** POST /api/v1/product/matrix/delete */
export function useDeleteCombinations(productId: number) {
  return useMatrixMutation(
    (ids: number[]) => apiRequest('product/matrix/delete', { method: 'POST', body: { product_id: productId, ids } }),
    productId,
  );
}
