import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_EVENT,
  type NotificationCounts,
  type NotificationPage,
  type NotificationTab,
} from '@tradeloop/contracts/notifications';
import { apiData } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { connectChatSocket } from '../../chat/realtime/socket.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: () => [...notificationKeys.all, 'counts'] as const,
  list: (tab: NotificationTab, read: string, page: number, perPage: number) =>
    [...notificationKeys.all, 'list', tab, read, page, perPage] as const,
};

/** Counts refresh on the live event, and every minute as a fallback when the socket is down. */
const FALLBACK_POLL_MS = 60_000;

/** GET /api/v1/notifications/count, kept current by the user's socket channel. */
export function useNotificationCounts() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    // The tab's one socket (shared with the chat): a new notification refreshes the bell at once.
    const socket = connectChatSocket(token);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    socket.on(NOTIFICATION_EVENT, refresh);
    return () => {
      socket.off(NOTIFICATION_EVENT, refresh);
    };
  }, [token, queryClient]);
  return useQuery({
    queryKey: notificationKeys.counts(),
    queryFn: ({ signal }) => apiData<NotificationCounts>('notifications/count', { signal }),
    enabled: !!token,
    refetchInterval: FALLBACK_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/v1/notifications/list. */
export function useNotifications(tab: NotificationTab, read: string, page: number, perPage = 20, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(tab, read, page, perPage),
    queryFn: ({ signal }) =>
      apiData<NotificationPage>('notifications/list', { query: { type: tab, read, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST notifications/read (ids or a tab; read false marks unread) and notifications/delete. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const mark = useMutation({
    mutationFn: (body: { ids?: number[]; type?: NotificationTab; read?: boolean }) =>
      apiData<NotificationCounts>('notifications/read', { method: 'POST', body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      apiData<NotificationCounts>('notifications/delete', { method: 'POST', body: { ids } }),
    onSuccess,
  });
  return { mark, remove };
}
