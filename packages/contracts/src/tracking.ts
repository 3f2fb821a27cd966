import { z } from 'zod';

/*
 * Tracking and engagement (issue 19, docs/decisions/031 and 032): the seven tracking calls of spec
 * section 7, the constants of sections 4 and 9, and the CRM's engagement listing and report.
 */

/** Spec section 9: scroll thresholds and debounces, click tracking defaults, session renewal. */
export const TRACKING = {
  scrollThresholds: [25, 50, 75, 99],
  scrollDebounceMs: 100,
  movementThreshold: 100,
  movementDebounceMs: 200,
  click: { threshold: 1, movementThreshold: 0, movementDebounceMs: 20, clickTracking: true, movementTracking: true },
  /** The browser sends what it has gathered after this long, or at once when the page is hidden. */
  flushMs: 5000,
  /** Local storage keys of the tracker. */
  storage: { sessionId: 'tl_tracking_session', openTabs: 'tl_open_tabs' },
} as const;

export type ScrollThreshold = (typeof TRACKING.scrollThresholds)[number];

/**
 * Spec section 5: tracked click names, matched partially (an element whose `data-track` contains one of
 * them is recorded under that name). The spec's spelling is kept (`product-specifciation-Tab`). The
 * social-sharing variants come before the generic name so that the most specific one matches.
 */
export const TRACKED_CLICK_NAMES = [
  'homeButton',
  'getQuoteButton',
  'wishlistButton',
  'product-image-click',
  'facebook-social-sharing',
  'twitter-social-sharing',
  'instagram-social-sharing',
  'social-sharing',
  'catalog-download',
  'product-specifciation-Tab',
  'view-more-pdp',
  'wishlist-identifier',
  'seller-review-submit',
  'visit-store-link',
  'company-profile',
  'add-to-contact',
  'contact-seller',
] as const;

export type TrackedClickName = (typeof TRACKED_CLICK_NAMES)[number];

/** The tracked name a `data-track` value contains, or null when it names none (partial match). */
export function trackedClickName(value: string): TrackedClickName | null {
  return TRACKED_CLICK_NAMES.find((name) => value.includes(name)) ?? null;
}

/** Clicks that show intent to buy (decision 032). */
export const INTENT_CLICK_NAMES: readonly TrackedClickName[] = ['getQuoteButton', 'contact-seller'];

/** Input bounds: longer text is refused (422), never cut silently. */
export const TRACKING_LIMITS = {
  sessionId: 64,
  trackingId: 64,
  url: 2048,
  pageName: 200,
  type: 50,
  slug: 200,
  userAgent: 512,
  ip: 64,
  categories: 20,
  category: 100,
  elementType: 100,
  /** Events in one batched call (create-click-tracking, create-scroll-tracking, page-visit). */
  batch: 50,
  /** Time on page kept per view: a tab left open for days counts as at most this long. */
  timeOnPageMs: 6 * 60 * 60 * 1000,
  pageHeight: 1_000_000,
  /** Calls per session and per address in a minute; more answer 429. */
  perSessionPerMinute: 600,
  perAddressPerMinute: 6000,
} as const;

export const TRACKING_REPORT_DEFAULT_DAYS = 30;
export const TRACKING_REPORT_MAX_DAYS = 366;
export const TRACKING_REPORT_TOP = 10;

export const TRACKING_MESSAGES = {
  periodOrder: 'The start of the period must be before its end.',
  periodTooLong: `The period can be at most ${TRACKING_REPORT_MAX_DAYS} days.`,
  settingsSaved: 'Engagement settings saved successfully.',
  pageIdRequired: 'page_id is required when only_update is true.',
} as const;

const id = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().max(max).nullish();
const optionalId = z.coerce.number().int().positive().nullish();
/** When the browser saw the event (it may send later, in a batch); the server's clock is used if absent. */
const at = z.iso.datetime({ offset: true }).nullish();

/** Spec section 3, page view. `ip` and `user_id` are accepted for the spec's sake and ignored (decision 031). */
export const pageViewBodySchema = z
  .object({
    ip: optionalText(TRACKING_LIMITS.ip),
    user_id: z.union([z.number(), z.string().max(64)]).nullish(),
    user_agent: optionalText(TRACKING_LIMITS.userAgent),
    page_url: z.string().max(TRACKING_LIMITS.url).nullish(),
    page_name: optionalText(TRACKING_LIMITS.pageName),
    type: optionalText(TRACKING_LIMITS.type),
    product_slug: optionalText(TRACKING_LIMITS.slug),
    product_categories: z.array(z.string().max(TRACKING_LIMITS.category)).max(TRACKING_LIMITS.categories).nullish(),
    product_id: optionalId,
    session_id: id(TRACKING_LIMITS.sessionId),
    /** True: the page is being left or hidden; `time_on_page` (ms) updates the view `page_id`. */
    only_update: z.boolean().nullish(),
    page_id: id(TRACKING_LIMITS.trackingId).nullish(),
    time_on_page: z.number().int().min(0).max(TRACKING_LIMITS.timeOnPageMs).nullish(),
    at,
  })
  .refine((body) => !body.only_update || Boolean(body.page_id), {
    path: ['page_id'],
    message: TRACKING_MESSAGES.pageIdRequired,
  });
export type PageViewBody = z.infer<typeof pageViewBodySchema>;

/** Spec section 3, click. */
export const clickEventBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  page_viewed_id: id(TRACKING_LIMITS.trackingId),
  element_type: id(TRACKING_LIMITS.elementType),
  url: z.string().max(TRACKING_LIMITS.url).nullish(),
  at,
});
export type ClickEventBody = z.infer<typeof clickEventBodySchema>;

/** Spec section 3, scroll: `scroll_position` is the threshold reached (25, 50, 75 or 99). */
export const scrollEventBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  page_viewed_id: id(TRACKING_LIMITS.trackingId),
  scroll_position: z.union(TRACKING.scrollThresholds.map((value) => z.literal(value))),
  position_type: z.enum(['percent', 'percentage']).nullish(),
  page_height: z.number().int().min(0).max(TRACKING_LIMITS.pageHeight).nullish(),
  at,
});
export type ScrollEventBody = z.infer<typeof scrollEventBodySchema>;

/** POST session-start: a new browser session (a new id after 5 minutes without activity). */
export const sessionStartBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  page_url: z.string().max(TRACKING_LIMITS.url).nullish(),
  referrer: z.string().max(TRACKING_LIMITS.url).nullish(),
  at,
});

/**
 * POST page-visit: what the tracker sends with `navigator.sendBeacon` when a page is hidden: the time on
 * the page and every click and scroll not sent yet, in one body (decision 031).
 */
export const pageVisitBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  page_id: id(TRACKING_LIMITS.trackingId),
  time_on_page: z.number().int().min(0).max(TRACKING_LIMITS.timeOnPageMs).nullish(),
  clicks: z
    .array(clickEventBodySchema.omit({ session_id: true, page_viewed_id: true }))
    .max(TRACKING_LIMITS.batch)
    .default([]),
  scrolls: z
    .array(scrollEventBodySchema.omit({ session_id: true, page_viewed_id: true }))
    .max(TRACKING_LIMITS.batch)
    .default([]),
});
export type PageVisitBody = z.infer<typeof pageVisitBodySchema>;

/** POST create-click-tracking: several clicks of one session at once (decision 031). */
export const createClickTrackingBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  events: z
    .array(clickEventBodySchema.omit({ session_id: true }))
    .min(1)
    .max(TRACKING_LIMITS.batch),
});

/** POST create-scroll-tracking: several scroll thresholds of one session at once (decision 031). */
export const createScrollTrackingBodySchema = z.object({
  session_id: id(TRACKING_LIMITS.sessionId),
  events: z
    .array(scrollEventBodySchema.omit({ session_id: true }))
    .min(1)
    .max(TRACKING_LIMITS.batch),
});

/** The answer of the page-view call: the view's tracking id, a random string. */
export const trackingIdSchema = z.object({ tracking_id: z.string() });
/** The answer of the other calls: how many events were taken (0 for a known bot or a Do-Not-Track request). */
export const trackingAcceptedSchema = z.object({ accepted: z.number() });

/** Readable names of the pages recorded by name (the first segment of their path, "home" for "/"). */
const PAGE_LABELS: Record<string, string> = {
  home: 'Home',
  productdetail: 'Product page',
  productlist: 'Product list',
  category: 'Category page',
  'company-page': 'Company page',
  'mini-site': 'Company site',
  'our-products': 'Company products',
  'about-us': 'About the company',
  'contact-us': 'Contact page',
  'company-blog': 'Company blog',
  'marketplace-blog': 'Marketplace blog',
  blogdetail: 'Blog post',
  reviews: 'Reviews',
  wishlist: 'Wishlist',
  chat: 'Chat',
};

/** Readable names of the tracked clicks (their data-track names). */
const CLICK_LABELS: Record<string, string> = {
  getQuoteButton: 'Get a quote',
  wishlistButton: 'Wishlist',
  'wishlist-identifier': 'Wishlist',
  homeButton: 'Home',
  'chat-now': 'Chat now',
  'product-image-click': 'Product image',
  'social-sharing': 'Share',
  'company-profile': 'Company profile',
  'company-social-link': 'Company social link',
  'follow-company': 'Follow company',
  'seller-review-submit': 'Review sent',
  'mini-site-enquiry': 'Enquiry from company site',
  'mini-site-signin': 'Sign in from company site',
};

/** "getQuoteButton", "chat-now" → "Get quote button", "Chat now": a name with no label of its own, made readable. */
const readable = (name: string) => {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_/]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
};

/** A recorded page name as people read it: "Product page", "Home"; a page without a name is "Page". */
export const pageLabel = (name: string | null | undefined) => (name ? (PAGE_LABELS[name] ?? readable(name)) : 'Page');

/** A tracked click's name as people read it: "Get a quote", "Chat now", "Mini site nav about us". */
export const clickLabel = (name: string) => CLICK_LABELS[name] ?? (readable(name) || 'Click');
