import dayjs from 'dayjs';

/** Up to two initials of a person or company name, for avatars. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** "Member since" style: month and year. */
export function monthYear(iso: string): string {
  return dayjs(iso).format('MMM YYYY');
}

/** Spec section 9: date labels Today, Yesterday, otherwise day-month-year. */
export function dateLabel(iso: string, now = dayjs()): string {
  const day = dayjs(iso);
  if (day.isSame(now, 'day')) return 'Today';
  if (day.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return day.format('DD-MM-YYYY');
}

/** Spec section 9: time shown 12-hour with AM or PM. */
export function time12(iso: string): string {
  return dayjs(iso).format('hh:mm A');
}

/** One date and time format (spec section 9): day-month-year and the 12-hour time. */
export function dateTimeLabel(iso: string): string {
  return dayjs(iso).format('DD-MM-YYYY hh:mm A');
}

export function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(code: string): Intl.NumberFormat | null {
  if (!currencyFormats.has(code)) {
    try {
      currencyFormats.set(code, new Intl.NumberFormat('en', { style: 'currency', currency: code }));
    } catch {
      return null; // not an ISO 4217 code (the list has one coded "Rupee")
    }
  }
  return currencyFormats.get(code)!;
}

const twoDecimals = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount with its currency's minor units ("$1,005.30", "¥1,005"), written with the currency's own symbol
 * when one is given. The one money format of the product: every price, total and deal amount comes here.
 */
export function money(value: number, currency: { code: string; symbol?: string }): string {
  const format = currencyFormat(currency.code);
  if (!format) return `${currency.symbol ?? `${currency.code} `}${twoDecimals.format(value)}`;
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' && currency.symbol !== undefined ? currency.symbol : part.value))
    .join('');
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * The English name of an ISO 3166 alpha-2 country ("JP" → "Japan"), from the runtime's own data: the
 * same on the server and in the browser, so a label needs no list of countries loaded first.
 */
export function countryName(iso2: string): string {
  try {
    return regionNames.of(iso2.toUpperCase()) ?? iso2;
  } catch {
    return iso2; // not a well-formed code
  }
}
