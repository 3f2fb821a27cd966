import dayjs from 'dayjs';
import type { Activity, ActivityKind, CallDirection, Priority } from '@tradeloop/contracts/crm/activities';
import type { CrmUser } from '../shared/api/get-users.ts';
import { browserTimeZone } from './reminders/api/keys.ts';
import {
  fromDayValue,
  fromPickerValue,
  reminderAtOf,
  reminderChoiceOf,
  toPickerValue,
  type ReminderChoice,
} from './format.ts';

/** The activity form's values, and the request body they make. */

/** The form: API field names where the API has one, so its messages land on the fields. */
export type FormValues = {
  subject: string;
  description: string;
  owner_id: string | null;
  reminder: ReminderChoice;
  due_at: string | null;
  priority: Priority;
  status: string;
  all_day: boolean;
  starts_at: string | null;
  ends_at: string | null;
  location: string;
  meeting_link: string;
  participants: string[];
  call_direction: CallDirection;
  duration_minutes: number | string;
  outcome: string;
};

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const nextHour = () => dayjs().add(1, 'hour').startOf('hour');

/** A new activity starts at the next full hour (a call: now); an edited one as it is. */
export function initialValues(
  kind: ActivityKind,
  editing: Activity | null | undefined,
  userId: number | null,
): FormValues {
  const start = nextHour();
  const startsAt = editing ? editing.starts_at : kind === 'call' ? dayjs().toISOString() : start.toISOString();
  const anchor = editing ? (editing.kind === 'task' ? editing.due_at : editing.starts_at) : null;
  // All-day days are UTC dates: held as that date at local midnight, whatever the browser's zone.
  const held = (iso: string | null) => (editing?.all_day && iso ? `${iso.slice(0, 10)} 00:00:00` : toPickerValue(iso));
  return {
    subject: editing?.subject ?? '',
    description: editing?.description ?? '',
    owner_id: String(editing?.owner?.id ?? userId ?? '') || null,
    reminder: editing ? reminderChoiceOf(editing.reminder_at, anchor) : 'none',
    due_at: toPickerValue(editing?.due_at ?? null),
    priority: (editing?.priority ?? 'normal') as Priority,
    status: editing?.status ?? (kind === 'task' ? 'not_started' : ''),
    all_day: editing?.all_day ?? false,
    starts_at: held(startsAt),
    ends_at: held(editing ? editing.ends_at : start.add(1, 'hour').toISOString()),
    location: editing?.location ?? '',
    meeting_link: editing?.meeting_link ?? '',
    participants: (editing?.participants ?? []).map((participant) => participant.email ?? '').filter(Boolean),
    call_direction: (editing?.call_direction ?? 'outbound') as CallDirection,
    duration_minutes: editing?.duration_seconds != null ? Math.round(editing.duration_seconds / 60) : '',
    outcome: editing?.outcome ?? '',
  };
}

/** A time the form holds as the ISO instant it stands for (all-day values are UTC dates). */
export function instant(value: string | null, allDay: boolean) {
  return allDay ? fromDayValue(value) : fromPickerValue(value);
}

/** The request body of a kind from the form. */
export function toBody(kind: ActivityKind, values: FormValues, users: CrmUser[], editing: Activity | null | undefined) {
  const common = {
    subject: values.subject.trim(),
    description: values.description.trim() || null,
    owner_id: values.owner_id ? Number(values.owner_id) : null,
    time_zone: browserTimeZone(),
  };
  if (kind === 'task') {
    const dueAt = fromPickerValue(values.due_at);
    return {
      ...common,
      due_at: dueAt,
      priority: values.priority,
      status: values.status as 'not_started',
      reminder_at: reminderAtOf(values.reminder, dueAt),
    };
  }
  const allDay = kind === 'meeting' && values.all_day;
  const startsAt = instant(values.starts_at, allDay);
  const reminder = reminderAtOf(values.reminder, startsAt);
  const status = values.status ? { status: values.status as 'scheduled' } : {};
  if (kind === 'call') {
    const minutes = values.duration_minutes === '' ? null : Number(values.duration_minutes);
    return {
      ...common,
      ...status,
      starts_at: startsAt,
      call_direction: values.call_direction,
      duration_seconds: minutes === null ? null : Math.round(minutes * 60),
      outcome: values.outcome.trim() || null,
      reminder_at: reminder,
    };
  }
  const byEmail = new Map(users.map((user) => [user.email_id.toLowerCase(), user.id]));
  const known = new Map((editing?.participants ?? []).map((item) => [item.email?.toLowerCase(), item.name]));
  return {
    ...common,
    ...status,
    all_day: allDay,
    starts_at: startsAt,
    ends_at: instant(values.ends_at, allDay),
    location: values.location.trim() || null,
    meeting_link: values.meeting_link.trim() || null,
    participants: values.participants.map((email) => {
      const userId = byEmail.get(email.toLowerCase());
      return userId ? { user_id: userId } : { email, name: known.get(email.toLowerCase()) ?? null };
    }),
    reminder_at: reminder,
  };
}
