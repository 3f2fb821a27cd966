import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REMINDER_COUNT_POLL_MS, type ReminderIndex } from '@tradeloop/contracts/crm/activities';
import { NOTIFICATION_EVENT } from '@tradeloop/contracts/notifications';
import { useSession } from '../../../../../lib/session.ts';
import { connectChatSocket } from '../../../../chat/realtime/socket.ts';
import { crmData } from '../../../shared/api/client.ts';
import { browserTimeZone, reminderKeys } from './keys.ts';

/**
 * GET reminder/count, for the bell: polled every minute, and refreshed at once when a delivered
 * reminder arrives as a notification on the user's socket.
 */
export function useReminderCount() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket = connectChatSocket(token);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: reminderKeys.all() });
    socket.on(NOTIFICATION_EVENT, refresh);
    return () => {
      socket.off(NOTIFICATION_EVENT, refresh);
    };
  }, [token, queryClient]);
  return useQuery({
    queryKey: reminderKeys.count(),
    queryFn: ({ signal }) => crmData<{ count: number }>('reminder/count', { signal }),
    enabled: !!token,
    refetchInterval: REMINDER_COUNT_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET reminder/index: previous, today's and upcoming reminders and meetings, days as the browser counts them. */
export function useReminderIndex(enabled = true) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: reminderKeys.index(timeZone),
    queryFn: ({ signal }) => crmData<ReminderIndex>('reminder/index', { query: { tz: timeZone }, signal }),
    enabled,
    refetchInterval: REMINDER_COUNT_POLL_MS,
  });
}
