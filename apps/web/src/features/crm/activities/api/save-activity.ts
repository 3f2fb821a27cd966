import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECORD_TYPE_IDS, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import {
  type Activity,
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPES,
  type ActivityBody,
  type ActivityKind,
} from '@tradeloop/contracts/crm/activities';
import { notifySuccess } from '../../../../lib/notify.ts';
import { browserTimeZone } from '../reminders/api/keys.ts';
import { crmKeys } from '../../shared/api/keys.ts';
import { crmRequest } from '../../shared/api/client.ts';
import { workKeys } from '../../shared/target.ts';

/**
 * After a write: the record's work (its lists and timeline), the boards, the agenda, "my day" and
 * the reminders (all under workKeys.all), and the record page's counts.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return (record: Activity['record']) => {
    void queryClient.invalidateQueries({ queryKey: workKeys.all() });
    if (record && (RECORD_TYPE_IDS as readonly number[]).includes(record.type_id))
      void queryClient.invalidateQueries({ queryKey: crmKeys.detail(record.type_id as RecordTypeId, record.id) });
  };
}

/** POST …/create: creates without an id, updates with one (spec section 4); field errors go on the form. */
export function useSaveActivity(kind: ActivityKind) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ActivityBody) =>
      crmRequest<Activity>(`${ACTIVITY_TYPES[kind].path}/create`, { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => refresh(result.data.record),
  });
}

/** POST …/update/{id} with a few fields (a task ticked off). */
export function useUpdateActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ activity, body }: { activity: Activity; body: ActivityBody }) =>
      crmRequest<Activity>(`${ACTIVITY_TYPES[activity.kind].path}/update/${activity.id}`, { method: 'POST', body }),
    onSuccess: (result) => refresh(result.data.record),
  });
}

/** The checkbox of a task: completed, or back to not started. */
export function useToggleTaskDone() {
  const update = useUpdateActivity();
  const handleToggle = (activity: Activity, done: boolean) =>
    update.mutate(
      { activity, body: { status: done ? 'completed' : 'not_started', time_zone: browserTimeZone() } },
      { onSuccess: () => notifySuccess(done ? ACTIVITY_MESSAGES.taskCompleted : ACTIVITY_MESSAGES.taskReopened) },
    );
  return { handleToggle, isPending: update.isPending };
}

/** DELETE …/destroy/{id}. */
export function useDeleteActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (activity: Activity) =>
      crmRequest<null>(`${ACTIVITY_TYPES[activity.kind].path}/destroy/${activity.id}`, {
        method: 'DELETE',
        query: { time_zone: browserTimeZone() },
      }),
    onSuccess: (_result, activity) => refresh(activity.record),
  });
}
