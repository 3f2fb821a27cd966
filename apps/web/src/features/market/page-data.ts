import { productKeyOf } from '@tradeloop/contracts/market-constants';
import type { PageQueries } from '../../app/page-data.ts';
import { getCurrencyId } from '../../lib/currency.ts';
import { pageActivityQueryOptions } from './api/activity.ts';
import { productPageQueryOptions } from './api/product-page.ts';
import { ratesQueryOptions } from './api/rates.ts';
import { productSearchQueryOptions } from './api/search.ts';
import { readListState, searchBody } from './list-state.ts';
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
