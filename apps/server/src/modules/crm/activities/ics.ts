/**
 * iCalendar (RFC 5545) for meeting invitations: one VEVENT in a VCALENDAR, lines ending in CRLF,
 * TEXT values escaped, parameter values quoted, lines folded at 75 octets.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export type IcsPerson = { name: string | null; email: string };

export type IcsEvent = {
  /** Stable for the life of the meeting: every update and the cancellation carry the same UID. */
  uid: string;
  /** Bumped each time a changed invitation goes out. */
  sequence: number;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  /** All-day: start and end name days by their UTC date; end is the last day (inclusive). */
  allDay: boolean;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer?: IcsPerson | null;
  attendees: IcsPerson[];
  cancelled: boolean;
};

export const PRODID = '-//TradeLoop//CRM meetings//EN';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (RFC 5545 3.2): quoted when it holds a colon, semicolon or comma. DQUOTE and
 * control characters cannot appear in one at all, so they are dropped.
 */
export function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * Folds a content line (RFC 5545 3.1): no line longer than 75 octets, continuation lines start
 * with one space, and a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation line's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** DATE-TIME in UTC: 20251204T100000Z. */
export function icsDateTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** DATE: 20251204 (the UTC date). */
export function icsDate(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

const DAY_MS = 86_400_000;

function person(property: 'ORGANIZER' | 'ATTENDEE', who: IcsPerson, extra: string[] = []) {
  const params = [...(who.name ? [`CN=${paramValue(who.name)}`] : []), ...extra];
  return `${property}${params.map((param) => `;${param}`).join('')}:mailto:${who.email}`;
}

/** The calendar a meeting invitation carries (REQUEST), its cancellation (CANCEL) or a download (PUBLISH). */
export function buildCalendar(method: IcsMethod, event: IcsEvent): string {
  const cancelled = method === 'CANCEL' || event.cancelled;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    ...(event.allDay
      ? [
          `DTSTART;VALUE=DATE:${icsDate(event.start)}`,
          // DTEND of an all-day event is the day after its last day.
          `DTEND;VALUE=DATE:${icsDate(new Date(Math.max(event.end.getTime(), event.start.getTime()) + DAY_MS))}`,
        ]
      : [`DTSTART:${icsDateTime(event.start)}`, `DTEND:${icsDateTime(event.end)}`]),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...event.attendees.map((attendee) =>
      person('ATTENDEE', attendee, ['ROLE=REQ-PARTICIPANT', 'PARTSTAT=NEEDS-ACTION', 'RSVP=TRUE']),
    ),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
