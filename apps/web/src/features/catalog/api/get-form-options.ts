import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand, CategoryTreeItem, PassiveAttribute } from '@tradeloop/contracts/catalog';
import type { SpecTemplate } from '@tradeloop/contracts/catalog-specs';
import { PAGE_SIZES } from '@tradeloop/contracts/common-constants';
import type { Currency, PriceTerm, Territory, Unit } from './reference-types.ts';
import { apiData } from '../../../lib/api-client.ts';
import { catalogKeys, TAXONOMY_STALE_TIME } from './keys.ts';

export type FormOptions = {
  categories: CategoryTreeItem[];
  brands: Brand[];
  attributes: PassiveAttribute[];
  currencies: Currency[];
  units: Unit[];
  priceTerms: PriceTerm[];
  territories: Territory[];
};

/**
 * Everything the product form chooses from, in one query: GET category/all, brands/list
 * (per_page 300), attributes/passive/list, currency, unit, price terms (both types), territories.
 */
async function fetchFormOptions(signal: AbortSignal): Promise<FormOptions> {
  const [categories, brands, attributes, currencies, units, incoterms, paymentTerms, territories] = await Promise.all([
    apiData<CategoryTreeItem[]>('category/all', { signal }),
    apiData<{ data: Brand[] }>('brands/list', { query: { per_page: PAGE_SIZES.brands }, signal }),
    apiData<PassiveAttribute[]>('attributes/passive/list', { signal }),
    apiData<Currency[]>('currency', { signal }),
    apiData<Unit[]>('unit', { signal }),
    apiData<PriceTerm[]>('front/price_terms/list', { query: { type: 'price_term' }, signal }),
    apiData<PriceTerm[]>('front/price_terms/list', { query: { type: 'payment_term' }, signal }),
    apiData<Territory[]>('territories', { signal }),
  ]);
  return {
    categories,
    brands: brands.data,
    attributes,
    currencies,
    units,
    priceTerms: [...incoterms, ...paymentTerms],
    territories,
  };
}

export const formOptionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.formOptions(),
    queryFn: ({ signal }) => fetchFormOptions(signal),
    staleTime: TAXONOMY_STALE_TIME,
  });

export function useFormOptions() {
  return useQuery(formOptionsQueryOptions());
}

/** POST /api/v1/product/suggested/by_category: passive specifications for the chosen categories. */
export function useSuggestedSpecs(categoryIds: number[]) {
  return useQuery({
    queryKey: catalogKeys.suggestions(categoryIds),
    queryFn: ({ signal }) =>
      apiData<SpecTemplate[]>('product/suggested/by_category', {
        method: 'POST',
        body: { category_ids: categoryIds },
        signal,
      }),
    staleTime: TAXONOMY_STALE_TIME,
    enabled: categoryIds.length > 0,
  });
}
