import type { LoaderFunctionArgs } from 'react-router';
import { productKeyOf } from '@tradeloop/contracts/market-constants';
import { categorySlugOf } from '@tradeloop/contracts/market-category';
import type { PageQueries, QueryClientOf } from '../../app/page-data.ts';
import { getCurrencyId } from '../../lib/currency.ts';
import { pageActivityQueryOptions } from './api/activity.ts';
import { productPageQueryOptions } from './api/product-page.ts';
import { ratesQueryOptions } from '../reference/api/exchange-rates.ts';
import { productSearchQueryOptions } from './api/search.ts';
import { categoryPageQueryOptions } from './api/category-page.ts';
import { readListState, searchBody, type ListState } from './list-state.ts';
import { sponsoredListQuery, sponsoredQueryOptions } from '../promotion/api/ads.ts';

/**
 * /productlist: the search its URL describes, the activity strip above it and the currencies, so
 * the served HTML holds the whole first screen and nothing moves when the page hydrates.
 */
export const productListQueries: PageQueries = (url) => {
  const state = readListState(url.searchParams, getCurrencyId());
  const sponsored = sponsoredListQuery(state);
  return [
    productSearchQueryOptions(searchBody(state)),
    pageActivityQueryOptions(),
    ratesQueryOptions(),
    ...(sponsored ? [sponsoredQueryOptions(sponsored)] : []),
  ];
};

/** /productdetail/*: the product page in the URL's (or the stored) currency, and the currencies to choose from. */
export const productPageQueries: PageQueries = (url, { params }) => {
  const key = productKeyOf(params['*'] ?? '');
  if (!key) return [];
  const currency = Number(url.searchParams.get('currency')) || getCurrencyId();
  return [productPageQueryOptions(key, currency, url.searchParams.get('search_keyword')), ratesQueryOptions()];
};

/** The list state of a category page: the URL's filters, within the category. */
export function categoryListState(state: ListState, categoryId: number): ListState {
  return { ...state, filters: { ...state.filters, categories: [categoryId] } };
}

/**
 * /category/*: the category, then its products (the search needs the category's id). On the server the
 * render waits for both, so the HTML holds the names, products and suppliers.
 */
export function categoryPageLoader(queryClientOf: QueryClientOf) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const queryClient = queryClientOf();
    const slug = categorySlugOf(params['*'] ?? '');
    if (!slug) return null;
    const url = new URL(request.url);
    const work = queryClient
      .fetchQuery(categoryPageQueryOptions(slug))
      .then((page) => {
        const state = categoryListState(readListState(url.searchParams, getCurrencyId()), page.category.id);
        return Promise.all([
          queryClient.prefetchQuery(productSearchQueryOptions(searchBody(state))),
          queryClient.prefetchQuery(ratesQueryOptions()),
        ]);
      })
      // A missing category is shown by the page (its query holds the 404).
      .catch(() => undefined);
    if (import.meta.env.SSR) await work;
    return null;
  };
}
