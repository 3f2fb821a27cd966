import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogFile } from '@tradeloop/contracts/catalog-files';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';
import { uploadFile } from '../../../lib/file-transfer.ts';

/** The catalog page's calls (issue 45): every catalog of the company; each change reads them again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.allCatalogs() }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.products() }),
    ]);
}

/** GET /api/v1/product/catalog: the company's catalogs, each with the product it belongs to (or none). */
export function useCompanyCatalogs() {
  return useQuery({
    queryKey: catalogKeys.allCatalogs(),
    queryFn: ({ signal }) => apiData<CatalogFile[]>('product/catalog', { signal }),
  });
}

/** POST /api/v1/product/catalog (multipart): of one product, or of the whole company without one. */
export function useUploadCompanyCatalog() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, title, productId }: { file: File; title: string; productId: number | null }) =>
      uploadFile<CatalogFile>('product/catalog', file, {
        title,
        ...(productId ? { product_id: String(productId) } : {}),
      }),
    onSuccess: refresh,
  });
}

/** PATCH /api/v1/product/catalog/{id}: a new title. */
export function useRenameCatalog() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      apiRequest<CatalogFile>(`product/catalog/${id}`, { method: 'PATCH', body: { title }, fieldErrors: 'form' }),
    onSuccess: refresh,
  });
}

/** POST /api/v1/product/catalog/{id} with _method DELETE (spec section 7). */
export function useDeleteCompanyCatalog() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`product/catalog/${id}`, { method: 'POST', body: { _method: 'DELETE' } }),
    onSuccess: refresh,
  });
}
