/** Site page constants and messages, without zod, for the footer in the public pages' bundle (decision 029). */
export const SITE_PAGE_SLUGS = ['about', 'terms', 'privacy', 'help', 'contact'] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SITE_PAGE_PREFIX = '/page/';
export const sitePagePath = (slug: SitePageSlug) => `${SITE_PAGE_PREFIX}${slug}`;

/** The footer's names of the pages, in its order. */
export const SITE_PAGE_LINKS: Record<SitePageSlug, string> = {
  about: 'About TradeLoop',
  terms: 'Terms of use',
  privacy: 'Privacy policy',
  help: 'Help',
  contact: 'Contact us',
};

export const SITE_PAGE_LIMITS = { titleMax: 120, descriptionMax: 300, contentMax: 100_000 } as const;

export const SITE_PAGE_MESSAGES = {
  notFound: 'This page does not exist.',
  titleRequired: 'Please enter the page title',
  titleTooLong: `The title must be at most ${SITE_PAGE_LIMITS.titleMax} characters`,
  descriptionRequired: 'Please enter a short description for search engines',
  descriptionTooLong: `The description must be at most ${SITE_PAGE_LIMITS.descriptionMax} characters`,
  contentRequired: 'Please write the page',
  contentTooLong: 'The page is too long',
  saved: 'The page has been saved.',
} as const;

/** Any slug is asked for; one that is not a site page answers 404. */

export const isSitePageSlug = (slug: string): slug is SitePageSlug =>
  (SITE_PAGE_SLUGS as readonly string[]).includes(slug);
