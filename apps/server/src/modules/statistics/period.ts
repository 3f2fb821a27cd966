import {
  STATISTICS_DAILY_UP_TO_DAYS,
  STATISTICS_DEFAULT_PERIOD,
  STATISTICS_MAX_DAYS,
  STATISTICS_MESSAGES,
} from '@tradeloop/contracts/statistics-constants';
import type { StatisticsQuery } from '@tradeloop/contracts/statistics';
import { invalid } from '../../platform/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Whole UTC days [from, to]; `end` is the day after `to`. Charted per day up to 90 days, else per week. */
export type StatisticsWindow = { from: Date; to: Date; end: Date; days: number; bucket: 'day' | 'week' };

/** The query's period: from and to (UTC days), or the last `period` days up to today (30 by default). */
export function statisticsWindow(query: StatisticsQuery, now = new Date()): StatisticsWindow {
  const to = query.to ? startOfDay(query.to) : startOfDay(dayOf(now));
  const from = query.from
    ? startOfDay(query.from)
    : addDays(to, 1 - Number.parseInt(query.period ?? STATISTICS_DEFAULT_PERIOD, 10));
  if (from > to) throw invalid({ from: [STATISTICS_MESSAGES.periodOrder] });
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days > STATISTICS_MAX_DAYS) throw invalid({ from: [STATISTICS_MESSAGES.periodTooLong] });
  return { from, to, end: addDays(to, 1), days, bucket: days > STATISTICS_DAILY_UP_TO_DAYS ? 'week' : 'day' };
}

/** The first day of the bucket a day (YYYY-MM-DD) falls in: itself, or the Monday of its week. */
export function bucketOf(day: string, bucket: 'day' | 'week') {
  if (bucket === 'day') return day;
  const date = startOfDay(day);
  return dayOf(addDays(date, -((date.getUTCDay() + 6) % 7)));
}

/** Every bucket's first day in the window, in order, so the charts show empty days as zeros. */
export function bucketStarts(window: StatisticsWindow): string[] {
  const starts: string[] = [];
  for (let date = startOfDay(bucketOf(dayOf(window.from), window.bucket)); date < window.end;) {
    starts.push(dayOf(date));
    date = addDays(date, window.bucket === 'day' ? 1 : 7);
  }
  return starts;
}
