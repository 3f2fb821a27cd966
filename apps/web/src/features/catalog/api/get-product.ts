import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@tradeloop/contracts/catalog';
import type { Calculator } from '@tradeloop/contracts/catalog-calculator';
import type { SpecificationsList } from '@tradeloop/contracts/catalog-specs';
import { apiData } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

export type ProductBundle = { product: ProductDetail; sheet: SpecificationsList; calculator: Calculator };

/**
 * Everything the editor shows of one product: POST product/view/single/list, then
 * GET product/specifications_list and GET product/calculator. A missing product rejects with 404.
 */
async function fetchProductBundle(id: number, signal: AbortSignal): Promise<ProductBundle> {
  const product = await apiData<ProductDetail>('product/view/single/list', { method: 'POST', body: { id }, signal });
  const [sheet, calculator] = await Promise.all([
    apiData<SpecificationsList>('product/specifications_list', { query: { product_id: id }, signal }),
    apiData<Calculator>('product/calculator', { query: { product_id: id }, signal }),
  ]);
  return { product, sheet, calculator };
}

export const productBundleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...catalogKeys.product(id), 'bundle'],
    queryFn: ({ signal }) => fetchProductBundle(id, signal),
    retry: false,
    staleTime: 0,
  });

export function useProductBundle(id: number | null) {
  return useQuery({ ...productBundleQueryOptions(id ?? 0), enabled: id !== null });
}
