import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/*
 * Phone numbers in records (decision 064): stored in E.164 ("+919876543210") where the country code is
 * known, compared in E.164 to find duplicates, and shown in the international format ("+91 98765 43210").
 */

const ISO_COUNTRY = /^[A-Za-z]{2}$/;

/**
 * The number in E.164, or null when it has no country code to go by. `callingCode` ("+91", "91") or
 * `country` ("IN") stand for the country code a number typed without one ("98765 43210") lacks.
 */
export function toE164(value: unknown, defaults: { callingCode?: string | null; country?: string | null } = {}) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(/^00(?=[1-9])/, '+');
  const callingCode = defaults.callingCode?.replace(/\D/g, '') || undefined;
  const country = defaults.country && ISO_COUNTRY.test(defaults.country) ? defaults.country.toUpperCase() : undefined;
  try {
    const parsed = parsePhoneNumberFromString(text, {
      defaultCallingCode: callingCode,
      defaultCountry: callingCode ? undefined : (country as CountryCode | undefined),
    });
    if (parsed?.isPossible()) return parsed.number;
  } catch {
    // Not a number libphonenumber reads: the digits below decide.
  }
  const digits = text.replace(/\D/g, '');
  if (digits.length < 5 || digits.length > 15) return null;
  if (text.startsWith('+')) return `+${digits}`;
  return callingCode ? `+${callingCode}${digits.replace(/^0+/, '')}` : null;
}

/** A number as people read it: E.164 in the international format ("+91 98765 43210"), others as written. */
export function formatPhone(value: string): string {
  const text = value.trim();
  if (!text.startsWith('+')) return text;
  try {
    const parsed = parsePhoneNumberFromString(text);
    return parsed?.isPossible() ? parsed.formatInternational() : text;
  } catch {
    return text;
  }
}
