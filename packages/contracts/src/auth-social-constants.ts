/** Social sign-in constants and messages, without zod (docs/decisions/037-social-sign-in.md). */
import { AUTH_MESSAGES } from './auth-constants.ts';

/** `social_type` of spec sections 3 and 6: the identity provider an account was created through. */
export const SOCIAL_TYPES = ['google', 'linkedin'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export const SOCIAL_PROVIDER_NAMES: Record<SocialType, string> = { google: 'Google', linkedin: 'LinkedIn' };

/** The query parameter of the sign-in page that names why a social sign-in failed. */
export const SOCIAL_ERROR_PARAM = 'social_error';

/** Why a social sign-in came back to the sign-in page; the web shows the message of the code. */
export const SOCIAL_ERROR_CODES = [
  'state',
  'denied',
  'provider',
  'no_email',
  'email_unverified',
  'deleted',
  'unavailable',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

export const SOCIAL_MESSAGES = {
  /** Sign-in page alerts, one per SOCIAL_ERROR_CODES entry. */
  errors: {
    state: 'This sign-in attempt has expired or was not started from this browser. Please try again.',
    denied: 'The sign-in was cancelled, so nothing was shared with TradeLoop. You can try again or use your e-mail.',
    provider: 'The sign-in provider could not complete your sign-in. Please try again in a moment.',
    no_email: 'The sign-in provider did not share an e-mail address, which TradeLoop needs for your account.',
    email_unverified:
      'An account with this e-mail address already exists, and the sign-in provider has not verified the address. Sign in with your password or a sign-in link instead.',
    deleted: AUTH_MESSAGES.accountDeleted,
    unavailable: 'This sign-in option is not available.',
  } satisfies Record<SocialErrorCode, string>,
  /** The registration modal a social-login user sees (spec section 4). */
  registrationTitle: 'Complete your registration',
  registrationIntro: 'You signed in with {provider}. Tell us a little more so buyers and sellers know who you are.',
  registrationSaved: 'Your registration is complete.',
  designationRequired: 'Please enter your job title',
  countryRequired: 'Please choose your country',
} as const;

export function socialErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return (SOCIAL_ERROR_CODES as readonly string[]).includes(code)
    ? SOCIAL_MESSAGES.errors[code as SocialErrorCode]
    : SOCIAL_MESSAGES.errors.provider;
}

/** How long a started social sign-in may take before its callback is refused. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000;
/** How long the single-use sign-in token handed to the web app after a social sign-in lives. */
export const SOCIAL_HANDOFF_TTL_MS = 2 * 60 * 1000;
/** Social sign-ins a client address may start per window (429 past it). */
export const SOCIAL_LIMITS = { startsPerAddress: 30, windowMs: 15 * 60 * 1000 } as const;
/** The HttpOnly cookie that binds a started sign-in to the browser that started it. */
export const SOCIAL_BROWSER_COOKIE = 'tl_social';
