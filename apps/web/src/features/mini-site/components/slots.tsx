import type { MiniSite, MiniSitePage } from '@tradeloop/contracts/company-profile';
import { BannerCarousel } from '../../promotion/components/BannerCarousel.tsx';
import { useFrontBanner } from '../../promotion/api/banners.ts';
import { SellerReviews } from '../../reviews/components/SellerReviews.tsx';
import { bannerPageOf } from '../page-data.ts';

/*
 * Places on the mini-site that other parts of issue 18 fill (decision 044): the seller's banner
 * (modules/promotion, decision 047) and its reviews (modules/reviews, decision 045).
 */

/** The banner carousel on top of every mini-site page: the page's own banner, else the default; nothing when none. */
export function MiniSiteBannerSlot({ site, page }: { site: MiniSite; page: MiniSitePage }) {
  const { data } = useFrontBanner(site.company.id, bannerPageOf(page));
  if (!data?.banner) return null;
  return <BannerCarousel banner={data.banner} label={`${site.company.name} banner`} />;
}

/** The reviews section of the mini-site's home: average, distribution, reviews and the form for a buyer who may review. */
export function MiniSiteReviewsSlot({ site }: { site: MiniSite }) {
  return <SellerReviews companyId={site.company.id} />;
}
