/** Paths of the app that code links to. Route rules are in route-rules.ts. */
export const PATHS = {
  home: '/',
  signin: '/user/signin',
  signup: '/user/signup',
  resetPassword: '/user/resetPassword',
  dashboard: '/dashboard',
  profile: '/profile',
  onboarding: '/OnBoardingStepForm',
  crm: '/crm',
  subAccounts: '/sub-accounts',
  roles: '/roles',
  auditLog: '/audit-log',
  suppliers: '/#suppliers',
  productList: '/productlist',
  following: '/following',
  companyPage: '/company-page',
  ads: '/ads',
  banners: '/banners',
  reviews: '/reviews',
  reviewsOf: (companyId: number) => `/reviews/of/${companyId}`,
  reportedReviews: '/operator/reviews',
  exchangeRates: '/operator/exchange-rates',
  backgroundJobs: '/operator/jobs',
  sitePages: '/operator/site-pages',
  sellerVerification: '/operator/sellers',
  companyBlog: '/company-blog',
  marketplaceBlog: '/marketplace-blog',
  blog: '/blog',
  questionnaire: '/questionnaire',
} as const;

export type ProfileTab = 'basic' | 'job' | 'registration';

export function profilePath(tab?: ProfileTab) {
  return tab && tab !== 'basic' ? `${PATHS.profile}?tab=${tab}` : PATHS.profile;
}

/** Query parameter carrying where to return after signing in. */
export const NEXT_PARAM = 'next';

/** A same-origin path to return to after sign-in, or null for anything else (no open redirects). */
export function safeNextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(PATHS.signin) || value.startsWith(PATHS.signup)) return null;
  return value;
}

/** The sign-in or sign-up page, returning to `next` (a path of this app) afterwards. */
export function authPath(page: 'signin' | 'signup', next: string | null) {
  const safe = safeNextPath(next);
  return safe ? `${PATHS[page]}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : PATHS[page];
}
