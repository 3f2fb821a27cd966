import dayjs from 'dayjs';
import {
  type Activity,
  type ActivityStatus,
  formatDuration,
  REMINDER_OPTIONS,
  STATUS_COLOURS,
  STATUS_LABELS,
} from '@tradeloop/contracts/crm/activities';
import { dateLabel, time12 } from '../../../lib/format.ts';

/** The value a DateTimePicker holds (local time) for an ISO instant, and back. */
export const toPickerValue = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);
export const fromPickerValue = (value: string | null) => (value ? dayjs(value).toISOString() : null);

/** All-day meetings name days by their UTC date (the meeting contract): "2030-06-01" ⇄ midnight UTC. */
export const toDayValue = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
export const fromDayValue = (value: string | null) => (value ? `${value.slice(0, 10)}T00:00:00.000Z` : null);

const at = (iso: string) => `${dateLabel(iso)} ${time12(iso)}`;
const day = (iso: string) => dateLabel(dayjs(iso.slice(0, 10)).toISOString());

/** When it happens, as a list shows it: "Due Today 09:00 AM", "12-06-2030 (all day)", "Today 03:00 PM · 5 min". */
export function whenText(activity: Activity) {
  if (activity.kind === 'task') return activity.due_at ? `Due ${at(activity.due_at)}` : 'No due date';
  if (!activity.starts_at) return '';
  if (activity.all_day) {
    const last = activity.ends_at && toDayValue(activity.ends_at) !== toDayValue(activity.starts_at);
    return `${day(activity.starts_at)}${last ? ` – ${day(activity.ends_at!)}` : ''} (all day)`;
  }
  if (activity.kind === 'meeting') {
    const end = activity.ends_at ? ` – ${time12(activity.ends_at)}` : '';
    return `${at(activity.starts_at)}${end}`;
  }
  const duration = activity.duration_seconds !== null ? ` · ${formatDuration(activity.duration_seconds)}` : '';
  return `${at(activity.starts_at)}${duration}`;
}

export function statusLabel(status: string) {
  return status in STATUS_LABELS ? STATUS_LABELS[status as ActivityStatus] : status;
}
export function statusColour(status: string) {
  return status in STATUS_COLOURS ? STATUS_COLOURS[status as ActivityStatus] : 'gray';
}

export type ReminderChoice = (typeof REMINDER_OPTIONS)[number]['value'] | 'keep';

/** The reminder choice an activity's pending reminder matches ('keep' for one set some other way). */
export function reminderChoiceOf(reminderAt: string | null, anchor: string | null): ReminderChoice {
  if (!reminderAt) return 'none';
  if (!anchor) return 'keep';
  const minutes = Math.round((Date.parse(anchor) - Date.parse(reminderAt)) / 60_000);
  return REMINDER_OPTIONS.find((option) => option.minutes === minutes)?.value ?? 'keep';
}

/** reminder_at for a choice, counted back from the due or start time; undefined leaves it as it is. */
export function reminderAtOf(choice: ReminderChoice, anchor: string | null): string | null | undefined {
  if (choice === 'keep') return undefined;
  const option = REMINDER_OPTIONS.find((item) => item.value === choice);
  if (!option || option.minutes === null || !anchor) return null;
  return new Date(Date.parse(anchor) - option.minutes * 60_000).toISOString();
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
