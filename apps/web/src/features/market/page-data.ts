import { productKeyOf } from '@tradeloop/contracts/market';
import type { PageQueries } from '../../app/page-data.ts';
import { getCurrencyId } from '../../lib/currency.ts';
import { productPageQueryOptions } from './api/product-page.ts';
import { productSearchQueryOptions } from './api/search.ts';
import { readListState, searchBody } from './list-state.ts';

/** /productlist: the search its URL describes (the first page of results is in the served HTML). */
export const productListQueries: PageQueries = (url) => [
  productSearchQueryOptions(searchBody(readListState(url.searchParams, getCurrencyId()))),
];

/** /productdetail/*: the product page in the URL's (or the stored) currency. */
export const productPageQueries: PageQueries = (url, { params }) => {
  const key = productKeyOf(params['*'] ?? '');
  if (!key) return [];
  const currency = Number(url.searchParams.get('currency')) || getCurrencyId();
  return [productPageQueryOptions(key, currency, url.searchParams.get('search_keyword'))];
};
