import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { type Activity, ACTIVITY_TYPES, type ActivityKind } from '@tradeloop/contracts/crm/activities';
import { crmData } from '../../shared/api/client.ts';
import { targetParams, workKeys } from '../../shared/target.ts';

/** GET crm/{task|meeting|call}_information/list: one record's activities of a kind, upcoming first. */
export function recordActivitiesQueryOptions(kind: ActivityKind, typeId: RecordTypeId, id: number) {
  return queryOptions({
    queryKey: workKeys.part(typeId, id, ACTIVITY_TYPES[kind].plural.toLowerCase()),
    queryFn: ({ signal }) =>
      crmData<Activity[]>(`${ACTIVITY_TYPES[kind].path}/list`, { query: targetParams(typeId, id), signal }),
  });
}

export function useRecordActivities(kind: ActivityKind, typeId: RecordTypeId, id: number) {
  return useQuery(recordActivitiesQueryOptions(kind, typeId, id));
}
