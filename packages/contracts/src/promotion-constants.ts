/**
 * Ads and banners (issue 18; docs/decisions/047), without zod, for the public pages' bundles (the
 * product list shows sponsored slots, the mini-site the banner carousel).
 */

/** Where an ad shows: the product list for matching searches, product pages of related searches, or both. */
export const AD_TYPES = ['product_list', 'product_page', 'both'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_TYPE_LABELS: Record<AdType, string> = {
  product_list: 'Product list (search results)',
  product_page: 'Product pages',
  both: 'Product list and product pages',
};

/** An ad's state on a given day (UTC): before its start date, between its dates, after its end date. */
export type AdStatus = 'scheduled' | 'running' | 'ended';

export const AD_LIMITS = {
  /** Search terms (title_1..title_3) are at most this long. */
  titleMax: 60,
  /** Products in one ad. */
  productsMax: 10,
  /** Sponsored slots on one page. */
  slots: 2,
  /** The seller's product picker (spec: product/list per_page 100). */
  pickerPerPage: 100,
} as const;

/** The mini-site pages a banner can be set for. */
export const BANNER_PAGES = ['home', 'about-us', 'our-products', 'blog', 'contact-us'] as const;
export type BannerPage = (typeof BANNER_PAGES)[number];
export const BANNER_PAGE_LABELS: Record<BannerPage, string> = {
  home: 'Home',
  'about-us': 'About us',
  'our-products': 'Our products',
  blog: 'Blog',
  'contact-us': 'Contact us',
};

/** The toggles of a banner setting, each sent as "on" or "off" (spec section 3). */
export const BANNER_TOGGLES = [
  'active_banner',
  'default_banner',
  'swap_banner',
  'indicator_banner',
  'navigation_button',
  'nav_button_visible',
  'full_height_hover',
] as const;
export type BannerToggle = (typeof BANNER_TOGGLES)[number];
export const BANNER_TOGGLE_LABELS: Record<BannerToggle, { label: string; description: string }> = {
  active_banner: { label: 'Active', description: 'Show this banner on its page' },
  default_banner: {
    label: 'Default banner',
    description: 'Also shown on pages that have no active banner of their own',
  },
  swap_banner: { label: 'Rotate images', description: 'Move to the next image every few seconds' },
  indicator_banner: { label: 'Indicators', description: 'Dots under the images, one per image' },
  navigation_button: { label: 'Previous and next buttons', description: 'Arrows to move between images' },
  nav_button_visible: {
    label: 'Buttons always visible',
    description: 'Off: the arrows appear when the banner is hovered or focused',
  },
  full_height_hover: {
    label: 'Full height',
    description: 'Show each image whole at its own height; off: a wide strip, cropped to fit',
  },
};

export const BANNER_LIMITS = {
  imagesMax: 5,
  altMax: 150,
  /** Seconds between images when rotating. */
  rotateSeconds: 5,
  /** Width of the strip's aspect ratio when full height is off (width / height). */
  stripRatio: 4,
  maxBytes: 5 * 1024 * 1024,
  sizes: { large: 1600, small: 800 },
} as const;

export const BANNER_COLOR = /^#[0-9a-f]{6}$/i;

export const PROMOTION_MESSAGES = {
  adCreated: 'Ad created successfully.',
  adUpdated: 'Ad updated successfully.',
  adDeleted: 'Ad deleted successfully.',
  adNotFound: 'Ad not found.',
  adTypeInvalid: 'Choose where the ad shows: product list, product pages or both.',
  titleRequired: 'Enter at least the first search term (title 1).',
  titleTooLong: `A search term can have at most ${AD_LIMITS.titleMax} characters.`,
  productsRequired: 'Choose at least one product.',
  productsTooMany: `An ad can promote at most ${AD_LIMITS.productsMax} products.`,
  productNotYours: 'Only your own products can be advertised.',
  dateInvalid: 'Give the date as YYYY-MM-DD.',
  endBeforeStart: 'The end date must be on or after the start date.',
  bannerSaved: 'Banner data saved successfully',
  bannerUpdated: 'Banner data updated successfully',
  bannerNotFound: 'Banner not found.',
  bannerPageInvalid: 'Choose a page of the mini-site.',
  bannerPageTaken: 'This page already has a banner; edit it instead.',
  toggleInvalid: 'Send on or off.',
  colorInvalid: 'Give the background colour as #rrggbb.',
  altRequired: 'Describe the banner for people who cannot see it (alt text).',
  altTooLong: `The alt text can have at most ${BANNER_LIMITS.altMax} characters.`,
  imagesRequired: 'Add at least one image.',
  imagesTooMany: `A banner can have at most ${BANNER_LIMITS.imagesMax} images.`,
  imageType: 'Images must be PNG or JPEG files.',
  imageTooLarge: 'An image can be at most 5 MB.',
  imageUnknown: 'This image is not one of the banner’s.',
} as const;

/** Today's date (UTC) as YYYY-MM-DD: ads run by UTC days. */
export const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

export function adStatus(ad: { start_date: string; end_date: string }, today = utcDay()): AdStatus {
  if (today < ad.start_date) return 'scheduled';
  if (today > ad.end_date) return 'ended';
  return 'running';
}
