/**
 * The seller's statistics (issue 20; docs/decisions/042), without zod: the dashboard's selectors and
 * texts, for bundles that must not load the schemas.
 */

/** The periods the dashboard offers, in days; a custom period is given with from and to. */
export const STATISTICS_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const STATISTICS_DEFAULT_PERIOD: StatisticsPeriod = '30d';
export const STATISTICS_PERIOD_LABELS: Record<StatisticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
};
export const STATISTICS_MAX_DAYS = 366;
/** Periods longer than this are charted per week, shorter ones per day. */
export const STATISTICS_DAILY_UP_TO_DAYS = 90;

export const STATISTICS_MESSAGES = {
  periodInvalid: `Choose a period of ${STATISTICS_PERIODS.join(', ')}.`,
  dateInvalid: 'Give the date as YYYY-MM-DD.',
  bothDates: 'Give both from and to, or neither.',
  periodOrder: 'The start of the period must be before its end.',
  periodTooLong: `The period can be at most ${STATISTICS_MAX_DAYS} days.`,
  userInvalid: 'user_id must be a positive whole number.',
  memberNotFound: 'That team member was not found.',
} as const;
