/** Account constants and messages, without zod, for the public pages' bundle (decision 029). */
/** Seller company types of spec section 1, in the spec's order and words. */
export const COMPANY_TYPES = [
  'Manufacturers',
  'Agents and Representatives',
  'Resellers',
  'Distributors',
  'Retailers',
  'Wholesalers',
  'Others',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** user_type values of spec section 6: "others" is a buyer. */
export const USER_TYPES = ['seller', 'subuser', 'others'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Role values are not given by the spec; see docs/decisions/002-roles-and-member-ids.md. */
export const ROLES = ['owner', 'sales', 'buyer'] as const;
export type Role = (typeof ROLES)[number];

export const MOBILE_NOT_FOUND = 'not-found';

export const AUTH_MESSAGES = {
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be at most 100 characters',
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  userTypeInvalid: 'Please choose seller or buyer',
  companyNameRequired: 'Please enter your company name',
  companyTypeRequired: 'Please choose your company type',
  emailTaken: 'An account with this e-mail address already exists.',
  badCredentials: 'The e-mail address or password is incorrect.',
  accountDeleted: 'This account has been deleted.',
  signedUp: 'Your account has been created.',
  signedIn: 'You are signed in.',
  loggedOut: 'You have been signed out.',
  linkSent: 'If an account exists for this address, a sign-in link is on its way.',
  linkInvalid: 'This sign-in link is invalid or has expired.',
  failedSigninsSubject: 'Failed sign-in attempts on your TradeLoop account',
} as const;

export const TOKEN_IDLE_TTL_MS = 48 * 60 * 60 * 1000;
export const AUTOLOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Rate limits: requests per window, counted per client address and per account. Over the address
 * limit the client gets 429; over the account limit of a link request nothing more is mailed (the
 * answer stays the same), so nobody can lock an owner out by asking for their links (decision 026).
 */
export const RATE_LIMITS = {
  signup: { perAddress: 20, perAccount: 5, windowMs: 60 * 60 * 1000 },
  autologinLink: { perAddress: 20, perAccount: 5, windowMs: 60 * 60 * 1000 },
  /** Spending sign-in links (GET /autologin), per client address. */
  autologin: { perAddress: 30, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * Sign-in throttling (docs/decisions/026): the failing client is slowed and then blocked, by address
 * and by device cookie, never the account; the account only slows its failing answers; a client that
 * has signed in to the account before (its device cookie) is not held back by its address.
 */
export const SIGNIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Sign-in requests (right or wrong) from one address per window, before 429. */
  attemptsPerAddress: 100,
  /** Wrong passwords from one address per window, before 429. */
  failuresPerAddress: 20,
  /** Wrong passwords from one device cookie per window, before 429. */
  failuresPerDevice: 10,
  /** Wrong passwords for one account per window answered at once; later wrong answers wait. */
  failuresBeforeDelay: 3,
  /** The first wait of a wrong answer, doubled with each further failure on the account or client. */
  delayBaseMs: 250,
  delayMaxMs: 5_000,
  /** Wrong passwords for an account per window after which its owner gets one e-mail per period. */
  failuresBeforeAlert: 5,
  alertPeriodMs: 24 * 60 * 60 * 1000,
  /** The device cookie, and how long a device that signed in to an account is known to it. */
  deviceCookie: 'tl_device',
  knownDeviceMs: 90 * 24 * 60 * 60 * 1000,
} as const;
