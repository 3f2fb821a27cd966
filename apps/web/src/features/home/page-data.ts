import type { PageQueries } from '../../app/page-data.ts';
import { sellersQueryOptions } from '../directory/api/get-sellers.ts';
import { readDirectoryFilters } from '../directory/filters.ts';
import { countriesQueryOptions } from '../reference/api/get-countries.ts';
import { ALL_SUPPLIERS } from './all-suppliers.ts';

/** The home page: the supplier count, the directory as its URL filters it, the country filter. */
export const homePageQueries: PageQueries = (url) => [
  sellersQueryOptions(ALL_SUPPLIERS),
  sellersQueryOptions(readDirectoryFilters(url.searchParams)),
  // The country filter's options open on demand: the browser loads them, the HTML does not carry them.
  ...(import.meta.env.SSR ? [] : [countriesQueryOptions()]),
];
