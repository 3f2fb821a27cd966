/** The shared constants of the contracts, without zod: the public pages' bundle needs only these (decision 029). */
/** Messages of spec section 8, shown by the web client's error catalogue. */
export const CLIENT_MESSAGES = {
  redirect: 'something went wrong! Please try again',
  serverError: 'something went wrong! Please try again later',
  validation: 'something went wrong!',
} as const;

/** Messages the server answers with when the request itself is at fault. */
export const SERVER_MESSAGES = {
  internal: 'something went wrong! Please try again later',
  notFound: 'Not found.',
  routeNotFound: 'This route does not exist.',
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  validation: 'The given data was invalid.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  invalidMultipart: 'The multipart form could not be read.',
  invalidCharacter: 'This text contains a character that is not allowed.',
  rateLimited: 'Too many attempts. Please wait a little and try again.',
} as const;

/** Business constants of spec section 9. */
export const PAGE_SIZES = {
  crmList: 100,
  kanban: 10,
  activityIndex: 100,
  productList: 10,
  brands: 300,
  contacts: 15,
  blogs: 12,
  adsProducts: 100,
  matrix: 200,
} as const;

export const TIMINGS = {
  inactivityLogoutMs: 172_800_000,
  sessionRenewMs: 300_000,
  toastAutoCloseMs: 1000,
  alertClearMs: 5000,
  mobilePromptDelayMs: 90_000,
  mobilePromptDismissalMs: 2 * 60 * 60 * 1000,
  /** Due while a dialog is open or a field is being filled in, the mobile prompt looks again this often. */
  mobilePromptRetryMs: 5_000,
  resendCountdownSeconds: 120,
  pageActivityPollMs: 30_000,
} as const;

export const DEFAULT_CURRENCY_ID = 1;
export const PRICE_SLIDER = { min: 500, max: 50_000 } as const;
export const BREAKPOINTS = [600, 768, 980, 1024, 1200, 1440, 1460, 1920] as const;

/** JSON bodies larger than this are refused with 413. */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;
