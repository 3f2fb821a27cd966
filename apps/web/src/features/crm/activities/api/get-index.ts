import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityIndexBody, ActivityKind, ActivityPage } from '@tradeloop/contracts/crm/activities';
import { crmData } from '../../shared/api/client.ts';
import { activityKeys } from './keys.ts';

const PATHS: Record<ActivityKind, string> = {
  task: 'crm/task_information/index',
  meeting: 'crm/meeting_information/index',
  call: 'crm/call_information/index',
};

/** POST crm/{task|meeting|call}_information/index: a page (100) of the company's activities of a kind. */
export function activityIndexQueryOptions(kind: ActivityKind, body: ActivityIndexBody) {
  return queryOptions({
    queryKey: activityKeys.index(kind, body),
    queryFn: ({ signal }) => crmData<ActivityPage>(PATHS[kind], { method: 'POST', body, signal }),
  });
}

export function useActivityIndex(kind: ActivityKind, body: ActivityIndexBody) {
  return useQuery({ ...activityIndexQueryOptions(kind, body), placeholderData: keepPreviousData });
}
