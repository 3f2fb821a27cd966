import type { ProductListQuery } from '@tradeloop/contracts/catalog';

/** Query keys of the catalogue domain. */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  productList: (query: Partial<ProductListQuery>) => [...catalogKeys.products(), 'list', query] as const,
  product: (id: number) => [...catalogKeys.products(), 'detail', id] as const,
  matrix: (id: number, page: number, search: string) => [...catalogKeys.product(id), 'matrix', page, search] as const,
  catalogs: (id: number) => [...catalogKeys.product(id), 'catalogs'] as const,
  imports: () => [...catalogKeys.all, 'imports'] as const,
  allCatalogs: () => [...catalogKeys.all, 'catalogs'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  brands: () => [...catalogKeys.all, 'brands'] as const,
  attributes: () => [...catalogKeys.all, 'attributes'] as const,
  suggestions: (categoryIds: number[]) => [...catalogKeys.all, 'suggestions', categoryIds] as const,
  formOptions: () => [...catalogKeys.all, 'form-options'] as const,
};

/** The taxonomy and reference lists change rarely: kept for the whole visit. */
export const TAXONOMY_STALE_TIME = 10 * 60 * 1000;
