import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClientOf } from '../../app/page-data.ts';
import { miniSiteOf, type MiniSitePage } from '@tradeloop/contracts/company-profile-constants';
import type { BannerPage } from '@tradeloop/contracts/promotion-constants';
import { getCurrencyId } from '../../lib/currency.ts';
import { frontBannerQueryOptions } from '../promotion/api/banners.ts';
import { sellerReviewsQueryOptions } from '../reviews/api/reviews.ts';
import { miniSiteQueryOptions } from './api/mini-site.ts';

/** The banner page (decision 047) a mini-site page shows. */
export const bannerPageOf = (page: MiniSitePage): BannerPage => page || 'home';

/**
 * /mini-site/{slug}/…: the company, its profile and featured products, then what needs its id (the
 * page's banner; the reviews on the home page), so the served HTML holds the whole page (decision 029).
 * In the browser nothing waits: the pages show their skeletons.
 */
export function miniSiteLoader(queryClientOf: QueryClientOf) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const queryClient = queryClientOf();
    const url = new URL(request.url);
    const slug = params.slug;
    if (!slug) return null;
    const currency = Number(url.searchParams.get('currency')) || getCurrencyId();
    const page = miniSiteOf(url.pathname)?.page ?? '';
    const prefetched = queryClient.fetchQuery(miniSiteQueryOptions(slug, currency)).then(async (site) => {
      const companyId = site.company.id;
      const queries = [
        queryClient.prefetchQuery(frontBannerQueryOptions(companyId, bannerPageOf(page))),
        page === '' ? queryClient.prefetchQuery(sellerReviewsQueryOptions(companyId, 1)) : null,
      ];
      await Promise.all(queries);
    });
    const settled = prefetched.catch(() => undefined); // a missing store shows its own page
    if (import.meta.env.SSR) await settled;
    return null;
  };
}
