/** Company profile and mini-site constants and messages, without zod, for the public pages' bundle (decision 044). */
import { COMPANY_TYPES } from './auth-constants.ts';

/** The business types a profile toggles (spec section 3: business_type with a toggle): the seller types of spec section 1. */
export const BUSINESS_TYPES = COMPANY_TYPES;

/** Spec section 3, in its own words (spelling included): what the helper shows when no toggle is 1. */
export const BUSINESS_TYPE_MISSING = 'bussiness type not avaiable';

export type BusinessType = (typeof BUSINESS_TYPES)[number];
export type BusinessTypeEntry = { name: BusinessType; toggle: 0 | 1 };

/**
 * The business type helper (spec section 3): the name of the entry whose toggle equals 1, else
 * 'bussiness type not avaiable'. Several entries on: their names, in the list's order, joined by commas.
 */
export function businessTypeName(entries: readonly { name: string; toggle: number }[]): string {
  const on = entries.filter((entry) => entry.toggle === 1).map((entry) => entry.name);
  return on.length ? on.join(', ') : BUSINESS_TYPE_MISSING;
}

export const EMPLOYEE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', 'Over 1000'] as const;
export type EmployeeBand = (typeof EMPLOYEE_BANDS)[number];

export const FACILITY_CHOICES = ['yes', 'no'] as const;
export type FacilityChoice = (typeof FACILITY_CHOICES)[number];

/** A logo (one per company, issue 44) brands the mini-site, supplier cards and the quotation and invoice PDFs. */
export const PROFILE_IMAGE_KINDS = ['factory', 'certificate', 'logo'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

export const COMPANY_PROFILE_LIMITS = {
  about: 5000,
  qaqcRnd: 3000,
  shortText: 120,
  address: 250,
  postalCode: 20,
  mainMarkets: 12,
  factories: 10,
  imagesPerFactory: 8,
  certifications: 20,
  firstYear: 1800,
  /** A logo is small: at most 2 MB (PDFs embed it). */
  logoBytes: 2 * 1_048_576,
} as const;

export const COMPANY_PROFILE_MESSAGES = {
  saved: 'Company profile saved.',
  imageUploaded: 'Image uploaded.',
  imageNotFound: 'This image was not found; upload it again.',
  yearInvalid: 'Enter the year your company was established, like 1998.',
  businessTypeRepeated: 'Each business type may appear once.',
  businessTypeUnknown: 'Choose a business type from the list.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  tooMany: (max: number) => `Add at most ${max}.`,
  factoryNameRequired: 'Name the facility, like “Main plant”.',
  certificationNameRequired: 'Name the certification, like “ISO 9001:2015”.',
  logoTooLarge: 'A logo must be at most 2 MB.',
  logoType: 'Upload the logo as a PNG or JPEG file (save an SVG logo as PNG first).',
  logoNotFound: 'This logo was not found; upload it again.',
  miniSiteNotFound: 'This company has no store on TradeLoop.',
} as const;

/** The mini-site's pages under /mini-site/{slug} (the spec's public areas for sub-users). */
export const MINI_SITE_PREFIX = '/mini-site/';
export const MINI_SITE_PAGES = ['', 'about-us', 'our-products', 'blog', 'contact-us'] as const;
export type MiniSitePage = (typeof MINI_SITE_PAGES)[number];

export const miniSitePath = (slug: string, page: MiniSitePage = '') =>
  `${MINI_SITE_PREFIX}${encodeURIComponent(slug)}${page ? `/${page}` : ''}`;

/**
 * The spec's public areas named by a store page's own first segment (spec section 2: about-us,
 * our-products, ourProduct, contact-us), as /{area}/{slug}: each leads to that page of the store.
 */
export const MINI_SITE_AREAS = {
  'about-us': 'about-us',
  'our-products': 'our-products',
  ourProduct: 'our-products',
  'contact-us': 'contact-us',
} as const satisfies Record<string, MiniSitePage>;

/** /mini-site/{slug}[/{page}] → its slug and page, or null for any other path. */
export function miniSiteOf(path: string): { slug: string; page: MiniSitePage } | null {
  const match = /^\/mini-site\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return null;
  const page = (match[2] ?? '') as MiniSitePage;
  if (!MINI_SITE_PAGES.includes(page)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { slug, page };
}
