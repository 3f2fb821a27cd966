import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogFile, ImportReport, ImportSummary } from '@tradeloop/contracts/catalog-files';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';
import { downloadFile, uploadFile } from '../../../lib/file-transfer.ts';

/** GET /api/v1/product/catalog?product_id: the product's PDF catalogs and the company-wide ones. */
export function useCatalogs(productId: number) {
  return useQuery({
    queryKey: catalogKeys.catalogs(productId),
    queryFn: ({ signal }) => apiData<CatalogFile[]>('product/catalog', { query: { product_id: productId }, signal }),
  });
}

/** POST /api/v1/product/catalog (multipart) */
export function useUploadCatalog(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, title }: { file: File; title: string }) =>
      uploadFile<CatalogFile>('product/catalog', file, { title, product_id: String(productId) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.catalogs(productId) }),
  });
}

/** POST /api/v1/product/catalog/{id} with _method DELETE (spec section 7) */
export function useDeleteCatalog(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`product/catalog/${id}`, { method: 'POST', body: { _method: 'DELETE' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.catalogs(productId) }),
  });
}

/** POST /api/v1/product/import (multipart CSV): the answer reports every row. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<ImportReport>('product/import', file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.imports() }),
      ]),
  });
}

/** GET /api/v1/product/imports: the latest imports, to tell of one that a crash cut off. */
export function useImports(enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.imports(),
    queryFn: ({ signal }) => apiData<ImportSummary[]>('product/imports', { signal }),
    enabled,
  });
}

export const downloadTemplate = () => downloadFile('product/import/template');
export const downloadExport = () => downloadFile('product/export');
