import type { ActivityIndexBody, ActivityKind } from '@tradeloop/contracts/crm/activities';
import { workKeys } from '../../shared/target.ts';

export type BoardKind = ActivityKind | 'email';

/** Query keys of activities across records; under the CRM work keys, so one refresh covers them. */
export const activityKeys = {
  all: () => [...workKeys.all(), 'activities'] as const,
  board: (kind: BoardKind) => [...activityKeys.all(), 'board', kind] as const,
  agenda: (from: string, to: string) => [...activityKeys.all(), 'agenda', from, to] as const,
  index: (kind: ActivityKind, body: ActivityIndexBody) => [...activityKeys.all(), 'index', kind, body] as const,
};
