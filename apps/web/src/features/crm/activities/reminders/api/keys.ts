import { workKeys } from '../../../shared/target.ts';

/** Query keys of the caller's reminders and day; under the CRM's keys, so a CRM refresh covers them. */
export const reminderKeys = {
  all: () => [...workKeys.all(), 'reminders'] as const,
  count: () => [...reminderKeys.all(), 'count'] as const,
  index: (timeZone: string | undefined) => [...reminderKeys.all(), 'index', timeZone ?? null] as const,
  day: (userId: number, dayStart: string) => [...reminderKeys.all(), 'day', userId, dayStart] as const,
};

/**
 * The zone the browser shows times in, sent as `tz` so the server counts days as the screen does
 * (decision 018); an unusual name the server would not know is left out (the profile's zone then).
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && (zone.includes('/') || zone === 'UTC') ? zone : undefined;
}
