import {
  ACTIVITY_TYPES,
  type ActivityKind,
  CALL_DIRECTION_LABELS,
  type CallDirection,
  formatDuration,
} from '@tradeloop/contracts/crm/activities';
import type { ActivityColumns } from './read.ts';

/**
 * How activities read in one line of history and in invitations: "Task added: Send samples
 * (due 3 Dec)", "Meeting scheduled: Factory visit, 4 Dec 10:00 AM UTC", "Call logged: outbound,
 * 5 min, Interested". Times are written in the caller's time zone, named after the time.
 */

type Parts = Record<Intl.DateTimeFormatPartTypes, string>;

function partsOf(date: Date, timeZone: string): Parts {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as Parts;
}

/** "4 Dec", "4 Dec 2026" (another year), with the time unless it is all day or midnight. */
export function formatWhen(date: Date, timeZone = 'UTC', options: { allDay?: boolean; now?: Date } = {}) {
  // An all-day date is a UTC date (see the meeting body's contract).
  const zone = options.allDay ? 'UTC' : timeZone;
  const parts = partsOf(date, zone);
  const thisYear = partsOf(options.now ?? new Date(), zone).year;
  const day = `${parts.day} ${parts.month}${parts.year === thisYear ? '' : ` ${parts.year}`}`;
  const midnight = parts.hour === '12' && parts.minute === '00' && parts.dayPeriod.toLowerCase() === 'am';
  if (options.allDay || midnight) return day;
  return `${day} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()} ${parts.timeZoneName}`;
}

export type ActivityEvent = 'added' | 'updated' | 'completed' | 'reopened' | 'cancelled' | 'removed';

/** The timeline action an event is written with. */
export const EVENT_ACTIONS: Record<ActivityEvent, string> = {
  added: 'added',
  updated: 'updated',
  completed: 'completed',
  reopened: 'updated',
  cancelled: 'cancelled',
  removed: 'removed',
};

type Row = Pick<
  ActivityColumns,
  'subject' | 'status' | 'dueAt' | 'startsAt' | 'allDay' | 'callDirection' | 'durationSeconds' | 'outcome'
>;

const callFacts = (row: Row) =>
  [
    row.callDirection ? CALL_DIRECTION_LABELS[row.callDirection as CallDirection].toLowerCase() : null,
    row.durationSeconds !== null ? formatDuration(row.durationSeconds) : null,
    row.outcome,
  ].filter(Boolean);

function whenOf(kind: ActivityKind, row: Row, timeZone: string) {
  const date = kind === 'task' ? row.dueAt : row.startsAt;
  if (!date) return '';
  const when = formatWhen(date, timeZone, { allDay: row.allDay });
  return kind === 'task' ? ` (due ${when})` : `, ${when}`;
}

/** One line for the record's timeline. */
export function activitySummary(kind: ActivityKind, event: ActivityEvent, row: Row, timeZone = 'UTC') {
  const singular = ACTIVITY_TYPES[kind].singular;
  const subject = row.subject;
  if (event === 'removed') return `${singular} removed: ${subject}`;
  if (event === 'reopened') return `${singular} reopened: ${subject}`;
  if (kind === 'call' && row.status !== 'scheduled' && event !== 'updated') {
    const facts = callFacts(row);
    const verb = row.status === 'missed' ? 'Call missed' : 'Call logged';
    return `${verb}: ${facts.length ? facts.join(', ') : subject}`;
  }
  if (event === 'completed') return `${singular} ${kind === 'meeting' ? 'held' : 'completed'}: ${subject}`;
  if (event === 'cancelled') return `${singular} cancelled: ${subject}`;
  const verb = event === 'added' ? (kind === 'task' ? 'added' : 'scheduled') : 'updated';
  return `${singular} ${verb}: ${subject}${whenOf(kind, row, timeZone)}`;
}
