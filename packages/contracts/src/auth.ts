import { z } from 'zod';

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

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired);

/** The e-mail and password fields of the auth forms, for other forms that ask for them (e-mail change). */
export { email as emailFieldSchema, password as passwordFieldSchema };

/** A new password: the sign-up rules. */
export const newPasswordSchema = password
  .min(8, AUTH_MESSAGES.passwordTooShort)
  .max(128, AUTH_MESSAGES.passwordTooLong);

export const signupBodySchema = z
  .object({
    full_name: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(100, AUTH_MESSAGES.fullNameTooLong),
    email_id: email,
    password: newPasswordSchema,
    user_type: z.enum(['seller', 'buyer'], { error: AUTH_MESSAGES.userTypeInvalid }),
    company_name: z.string().trim().max(150).optional(),
    company_type: z.enum(COMPANY_TYPES, { error: AUTH_MESSAGES.companyTypeRequired }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.user_type !== 'seller') return;
    if (!body.company_name) {
      ctx.addIssue({ code: 'custom', path: ['company_name'], message: AUTH_MESSAGES.companyNameRequired });
    }
    if (!body.company_type) {
      ctx.addIssue({ code: 'custom', path: ['company_type'], message: AUTH_MESSAGES.companyTypeRequired });
    }
  });
export type SignupBody = z.input<typeof signupBodySchema>;

export const signinBodySchema = z.object({ email_id: email, password });
export type SigninBody = z.input<typeof signinBodySchema>;

export const autologinLinkBodySchema = z.object({ email_id: email });

/** Local user data of spec section 3, sent with every sign-in and kept by the client. */
export const localUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email_id: z.string(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  default_role: z.enum(ROLES),
  member_id: z.string(),
  verified: z.boolean(),
  mobile_verified: z.string(),
  complete_profile: z.number().int(),
  pending_fields: z.array(z.string()),
  parent_user: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company_type: z.enum(COMPANY_TYPES).nullable(),
  avatar_original: z.string().nullable(),
  online: z.boolean(),
});
export type LocalUser = z.infer<typeof localUserSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: localUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /autologin answers accessToken (spec section 7); token is the same value. */
export const autologinSessionSchema = sessionSchema.extend({ accessToken: z.string() });

export const autologinQuerySchema = z.object({ id: z.string().min(1).max(200) });
