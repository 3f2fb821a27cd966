import type { PageQueries } from '../../app/page-data.ts';
import { getCurrencyId } from '../../lib/currency.ts';
import { miniSiteQueryOptions } from './api/mini-site.ts';

/** /mini-site/{slug}/…: the company, its profile and featured products, so the served HTML holds the page. */
export const miniSiteQueries: PageQueries = (url, { params }) => {
  const slug = params.slug;
  if (!slug) return [];
  const currency = Number(url.searchParams.get('currency')) || getCurrencyId();
  return [miniSiteQueryOptions(slug, currency)];
};
