import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/mobile';
import { z } from 'zod';

/** Mobile capture and verification (spec sections 4, 5, 8 and 9; decision 033). */
export const MOBILE_MESSAGES = {
  // Spec section 5, verbatim.
  required: 'Please enter mobile number',
  invalid: 'Please enter correct mobile no',
  otpRequired: 'Please enter otp',
  // Spec section 8, verbatim.
  exists: 'Mobile number already exists.',
  saved: 'Mobile number saved successfully.',
  // Ours (decision 033): the spec does not show them.
  codeSent: 'We have sent a 4-digit code to your mobile number.',
  otpFormat: 'Please enter the 4-digit code',
  wrongCode: 'The code is not correct. Please try again.',
  expired: 'The code has expired. Please ask for a new one.',
  noCode: 'Please ask for a code first.',
  tooManyTries: 'Too many wrong codes. Please ask for a new one.',
  tooManyCodes: 'Too many codes were asked for. Please try again later.',
  notYourNumber: 'This is not the mobile number on your profile.',
  invalidType: 'Please choose new or old',
} as const;

/**
 * Spec section 9's code length and our limits (decision 033). The countdown, alert, prompt delay and
 * dismissal of spec section 9 are in TIMINGS (common.ts).
 */
export const MOBILE_LIMITS = {
  codeLength: 4,
  codeValidityMs: 10 * 60_000,
  /** Wrong codes accepted for one code; the last of them spends it. */
  maxWrongTries: 5,
  /** Codes sent to one number, whoever asks, per window. */
  codesPerNumber: 5,
  /** Codes one account may ask for, whatever the number, per window. */
  codesPerAccount: 10,
  codeWindowMs: 60 * 60_000,
} as const;

/** mobile_verified: the spec's default 'not-found' (no number), a number not yet verified, or verified. */
export const MOBILE_STATES = ['not-found', 'unverified', 'verified'] as const;
export type MobileState = (typeof MOBILE_STATES)[number];

export const MOBILE_TYPES = ['new', 'old'] as const;

/** The calling code with its '+' (spec section 4: a country code that lacks it gets one). */
export function withPlus(callingCode: string): string {
  const trimmed = callingCode.trim();
  return trimmed === '' || trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** The number in E.164 form, e.g. +919876543210. */
export function e164(mobileCountryCode: string, mobileNumber: string): string {
  return `${withPlus(mobileCountryCode)}${mobileNumber}`;
}

/** True when libphonenumber-js takes the number as a possible mobile number of the country (and its calling code). */
export function isMobileNumber(mobileNumber: string, mobileCountryCode: string, countryCode?: string): boolean {
  if (!/^\d+$/.test(mobileNumber) || !/^\+\d{1,4}$/.test(withPlus(mobileCountryCode))) return false;
  const full = e164(mobileCountryCode, mobileNumber);
  try {
    if (!isValidPhoneNumber(full)) return false;
    return countryCode ? isValidPhoneNumber(mobileNumber, countryCode.toUpperCase() as CountryCode) : true;
  } catch {
    return false;
  }
}

const numberFields = {
  mobile_number: z
    .string({ error: MOBILE_MESSAGES.required })
    .trim()
    .min(1, { error: MOBILE_MESSAGES.required, abort: true })
    .max(20, MOBILE_MESSAGES.invalid)
    .regex(/^\d+$/, MOBILE_MESSAGES.invalid),
  /** ISO 3166 country of the number (IN); optional, checked with the number when given. */
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, MOBILE_MESSAGES.invalid)
    .transform((value) => value.toUpperCase())
    .optional(),
  /** Calling code, '+' optional in, always present out (+91). */
  mobile_country_code: z
    .string({ error: MOBILE_MESSAGES.invalid })
    .trim()
    .transform(withPlus)
    .pipe(z.string().regex(/^\+\d{1,4}$/, MOBILE_MESSAGES.invalid)),
  type: z.enum(MOBILE_TYPES, { error: MOBILE_MESSAGES.invalidType }),
};

type NumberInput = { mobile_number: string; mobile_country_code: string; country_code?: string };

function checkNumber(value: NumberInput, context: z.RefinementCtx) {
  // A number the field's own rules refused is reported once, by them.
  if (typeof value.mobile_number !== 'string' || !/^\d{1,20}$/.test(value.mobile_number)) return;
  if (!isMobileNumber(value.mobile_number, value.mobile_country_code, value.country_code)) {
    context.addIssue({ code: 'custom', path: ['mobile_number'], message: MOBILE_MESSAGES.invalid });
  }
}

/** POST /profile/verify/mobile. */
export const mobileVerifyBodySchema = z.object(numberFields).superRefine(checkNumber);
export type MobileVerifyBody = z.output<typeof mobileVerifyBodySchema>;

/** The code field alone: required, digits only, 4 characters. */
export const otpSchema = z
  .string({ error: MOBILE_MESSAGES.otpRequired })
  .trim()
  .min(1, { error: MOBILE_MESSAGES.otpRequired, abort: true })
  .regex(new RegExp(`^\\d{${MOBILE_LIMITS.codeLength}}$`), MOBILE_MESSAGES.otpFormat);

/** POST /profile/verify/mobile_check. */
export const mobileCheckBodySchema = z.object({ ...numberFields, otp: otpSchema }).superRefine(checkNumber);
export type MobileCheckBody = z.output<typeof mobileCheckBodySchema>;

/** What asking for a code answers: never the code, only when the next one may be asked for. */
export const mobileCodeSentSchema = z.object({
  mobile_number: z.string(),
  mobile_country_code: z.string(),
  resend_in: z.number().int(),
  expires_in: z.number().int(),
});

export const mobileVerifiedSchema = z.object({ mobile_verified: z.enum(MOBILE_STATES) });

/** Strips everything but digits and keeps at most the code's length (typing or pasting). */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, MOBILE_LIMITS.codeLength);
}
