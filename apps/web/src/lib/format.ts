import dayjs from 'dayjs';
import { pluralize } from '@tradeloop/contracts/reference';

export { pluralize, quantityText, unitWord } from '@tradeloop/contracts/reference';

/** Up to two initials of a person or company name, for avatars. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' });

/** "Member since" style: month and year ("Mar 2027"). */
export function monthYear(iso: string): string {
  return monthFormat.format(new Date(iso));
}

/** Whole years since the seller joined: "3 years on TradeLoop", or "New on TradeLoop" in its first year. */
export function yearsOnTradeLoop(memberSince: string, now = new Date()): string {
  const years = dayjs(now).diff(memberSince, 'year');
  return years < 1 ? 'New on TradeLoop' : `${pluralize(years, 'year')} on TradeLoop`;
}

/**
 * The one date format (spec section 9, day-month-year): "12 Mar 2027". A calendar day ("2027-03-12") is that
 * day wherever the reader is; a moment is its day in the reader's time zone.
 */
export function dateText(value: string): string {
  return value.length === 10 ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : dateFormat.format(new Date(value));
}

/** Spec section 9: date labels Today, Yesterday, otherwise the date ("12 Mar 2027"). */
export function dateLabel(iso: string, now = dayjs()): string {
  const day = dayjs(iso);
  if (day.isSame(now, 'day')) return 'Today';
  if (day.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return dateText(iso);
}

/** Spec section 9: time shown 12-hour with AM or PM ("09:05 PM"). */
export function time12(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** The one date-and-time format (spec section 9): the date and the 12-hour time, "12 Mar 2027, 09:05 PM". */
export function dateTimeLabel(iso: string): string {
  return `${dateText(iso)}, ${time12(iso)}`;
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
  const text = format.format(value);
  const symbol = currency.symbol;
  return symbol === undefined ? text : text.replace(currencyPart(currency.code, format), () => symbol);
}

const currencyParts = new Map<string, string>();

/** How the format writes the currency itself ("$", "CHF"), found once per currency (formatToParts is slow). */
function currencyPart(code: string, format: Intl.NumberFormat): string {
  let part = currencyParts.get(code);
  if (part === undefined) {
    part = format.formatToParts(1).find((piece) => piece.type === 'currency')?.value ?? code;
    currencyParts.set(code, part);
  }
  return part;
}

/** How soon a supplier usually answers, as buyers compare it: "within an hour", "within 5 hours", "within 2 days". */
export function replyTimeText(seconds: number): string {
  const hours = Math.ceil(seconds / 3600);
  if (hours <= 1) return 'within an hour';
  if (hours < 24) return `within ${hours} hours`;
  return `within ${pluralize(Math.ceil(hours / 24), 'day')}`;
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
