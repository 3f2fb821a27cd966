import { COMPANY_PROFILE_MESSAGES, type MiniSite } from '@tradeloop/contracts/company-profile';
import { MEMBER_TYPES } from '@tradeloop/contracts/market-constants';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { companyOwner, findCompanyBySlug } from '../accounts/public.ts';
import { companyShowcase, sellerMarketProfile } from '../market/public.ts';
import { followState, socialAccounts } from '../presence/public.ts';
import { countryNamesByCode } from '../reference/public.ts';
import { ratingSummary } from '../ratings/public.ts';
import { companyProfile } from './service.ts';

/** Products the mini-site's home shows. */
export const FEATURED_PRODUCTS = 8;

/** GET front/mini-site/{slug}: everything the mini-site's pages show of the company; 404 for an unknown slug. */
export async function miniSite(db: Db, slug: string, options: { currency: number }): Promise<MiniSite> {
  const company = await findCompanyBySlug(db, slug);
  if (!company) throw notFound(COMPANY_PROFILE_MESSAGES.miniSiteNotFound);
  const [owner, facts, profile, social, follow, showcase, rating, countries] = await Promise.all([
    companyOwner(db, company.id),
    sellerMarketProfile(db, company.id),
    companyProfile(db, company),
    socialAccounts(db, company.id),
    followState(db, null, company.id),
    companyShowcase(db, company.id, { limit: FEATURED_PRODUCTS, currency: options.currency }),
    ratingSummary(db, company.id),
    countryNamesByCode(db),
  ]);
  return {
    company: {
      id: company.id,
      name: company.name,
      slug: company.slug,
      business_type: company.companyType,
      country_code: company.countryCode,
      country_name: company.countryCode ? (countries.get(company.countryCode) ?? null) : null,
      city: owner?.city ?? null,
      // The company's own logo (issue 44); without one, its owner's picture as before.
      logo: profile.logo?.card ?? owner?.avatar ?? null,
      verified: facts.member_type === MEMBER_TYPES[0],
      member_type: facts.member_type,
      member_since: company.createdAt.toISOString(),
      seller_user_id: owner?.id ?? null,
    },
    profile,
    social,
    followers: follow.followers,
    products: showcase.total,
    featured_products: showcase.products,
    rating: { average: rating.average, count: rating.count },
  };
}
