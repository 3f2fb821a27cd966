import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Activity, ActivityKind } from '@tradeloop/contracts/crm/activities';
import { crmData } from '../../../shared/api/client.ts';
import { reminderKeys } from '../../reminders/api/keys.ts';

/** How far back "My day" looks for overdue tasks (the calendar call takes at most a year). */
const OVERDUE_DAYS = 360;

function range(userId: number, kinds: ActivityKind[], from: dayjs.Dayjs, to: dayjs.Dayjs) {
  return {
    queryKey: [...reminderKeys.day(userId, to.toISOString()), kinds.join(','), from.toISOString()] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      crmData<Activity[]>('crm/task_information/all-call-task-meeting', {
        query: { from: from.toISOString(), to: to.toISOString(), owner_id: userId, kinds: kinds.join(',') },
        signal,
      }),
  };
}

/**
 * GET crm/task_information/all-call-task-meeting for the caller's day, as the browser counts it:
 * tasks due today or earlier (the page keeps those not done), and today's meetings and calls.
 */
export function useDayActivities(userId: number | undefined, today: dayjs.Dayjs) {
  const tomorrow = today.add(1, 'day');
  const enabled = userId !== undefined;
  const tasks = useQuery({
    ...range(userId ?? 0, ['task'], today.subtract(OVERDUE_DAYS, 'day'), tomorrow),
    enabled,
  });
  const events = useQuery({ ...range(userId ?? 0, ['meeting', 'call'], today, tomorrow), enabled });
  return { tasks, events };
}
