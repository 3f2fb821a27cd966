/**
 * Blogs (issue 18; docs/decisions/046): the constants and messages, without zod, for the public
 * pages' bundles (/blog, /blogdetail/{slug} and the mini-site's blog).
 */

/** Spec section 9, "Page sizes": blogs 12. */
export const BLOGS_PER_PAGE = 12;
/** How many recent posts `blogs/recentList` answers without `take`, and at most. */
export const BLOGS_RECENT_DEFAULT = 5;
export const BLOGS_RECENT_MAX = 20;
/** How many related posts (same category) a post's page shows. */
export const BLOGS_RELATED = 3;

/** The fixed list of categories (decision 046): a slug for URLs and filters, a name to show. */
export const BLOG_CATEGORIES = [
  { slug: 'company-news', name: 'Company news' },
  { slug: 'product-guides', name: 'Product guides' },
  { slug: 'industry-trends', name: 'Industry trends' },
  { slug: 'trade-and-export', name: 'Trade and export' },
  { slug: 'manufacturing', name: 'Manufacturing' },
  { slug: 'events', name: 'Events and trade fairs' },
] as const;
export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]['slug'];
export const BLOG_CATEGORY_SLUGS = BLOG_CATEGORIES.map((category) => category.slug) as [
  BlogCategorySlug,
  ...BlogCategorySlug[],
];
export const blogCategoryName = (slug: string) =>
  BLOG_CATEGORIES.find((category) => category.slug === slug)?.name ?? slug;

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_LIMITS = {
  titleMin: 3,
  titleMax: 150,
  /** The HTML the editor sends, before sanitizing. */
  contentMax: 100_000,
  searchMax: 100,
  excerptMax: 220,
  /** A picture in a post is made at most this wide (the post's column), never wider than it came. */
  pictureWidth: 1200,
  /** Its description, read out in its place by screen readers. */
  pictureAltMax: 200,
} as const;

/** The marketplace's blog and a post's page. */
export const BLOG_LIST_PATH = '/blog';
export const BLOG_DETAIL_PREFIX = '/blogdetail/';
export const blogPostPath = (slug: string, base = '/blogdetail') => `${base}/${encodeURIComponent(slug)}`;

/** Who writes the marketplace's own posts (the platform operator). */
export const MARKETPLACE_AUTHOR = 'TradeLoop';

export const BLOG_MESSAGES = {
  titleRequired: 'Please enter the title.',
  titleLength: `The title must be between ${BLOG_LIMITS.titleMin} and ${BLOG_LIMITS.titleMax} characters.`,
  categoryRequired: 'Please choose a category.',
  contentRequired: 'Please write the post.',
  contentTooLong: 'The post is too long.',
  created: 'Blog post saved as a draft.',
  updated: 'Blog post saved.',
  deleted: 'Blog post deleted.',
  published: 'Blog post published.',
  unpublished: 'Blog post moved back to drafts.',
  coverSaved: 'Cover image saved.',
  coverRemoved: 'Cover image removed.',
  pictureSaved: 'Picture added to the post.',
  pictureRequired: 'Please choose a picture.',
  pictureAltRequired: 'Please describe the picture.',
  notFound: 'This blog post does not exist.',
  companyNotFound: 'This company does not exist.',
} as const;
