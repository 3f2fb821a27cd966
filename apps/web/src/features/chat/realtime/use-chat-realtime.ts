import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ServerEvents, SyncResult } from '@tradeloop/contracts/chat';
import { useSession } from '../../../lib/session.ts';
import { chatKeys } from '../api/keys.ts';
import { callEvents, onCallEnded } from '../calls/call-store.ts';
import { noteSeen, replayPoint, upsertMessage } from './cache.ts';
import { closeChatSocket, connectChatSocket, request } from './socket.ts';
import { clearTyping, setTyping } from './typing.ts';

/** Lists and counters refresh once per burst of events, not once per event. */
function debouncedRefresh(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.counts() });
    }, 150);
  };
}

/**
 * The live side of the chat, mounted once while signed in: it keeps the query cache in step with the
 * server's events, acknowledges delivery, replays what was missed after a reconnection, and feeds calls.
 */
export function useChatRealtime() {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!token) {
      closeChatSocket();
      return;
    }
    const socket = connectChatSocket(token);
    const refresh = debouncedRefresh(queryClient);
    const refreshRoom = (roomId: number) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.history(roomId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    };

    const handlers: { [K in keyof ServerEvents]?: (payload: ServerEvents[K]) => void } = {
      'message.created': ({ message }) => {
        noteSeen([message]);
        upsertMessage(queryClient, message);
        clearTyping(message.room_id);
        if (message.sender_id !== userId) {
          socket.emit('delivered', { room_id: message.room_id, message_id: message.id });
        }
        if (message.message_type === 'system')
          void queryClient.invalidateQueries({ queryKey: chatKeys.room(message.room_id) });
        refresh();
      },
      'message.updated': ({ message }) => {
        upsertMessage(queryClient, message);
        refresh();
      },
      'message.read': ({ room_id }) => refreshRoom(room_id),
      'message.delivered': ({ room_id }) => refreshRoom(room_id),
      'room.updated': ({ room_id }) => {
        if (room_id) refreshRoom(room_id);
        refresh();
      },
      'room.removed': ({ room_id }) => {
        queryClient.removeQueries({ queryKey: chatKeys.room(room_id) });
        refresh();
      },
      typing: ({ room_id, full_name, typing }) => setTyping(room_id, full_name, typing),
      presence: () => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
        void queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'room'] });
      },
      'call.ring': (payload) => callEvents.ring(payload),
      'call.accepted': (payload) => void callEvents.accepted(payload),
      'call.signal': (payload) => void callEvents.signal(payload),
      'call.ended': (payload) => callEvents.ended(payload),
    };
    for (const [event, handle] of Object.entries(handlers)) socket.on(event, handle as (payload: unknown) => void);

    // After a reconnection, ask for what was missed, then refresh the lists.
    const handleConnect = () => {
      const point = replayPoint();
      if (point.after_id === 0) return;
      request<SyncResult>('sync', point)
        .then(({ messages, truncated }) => {
          noteSeen(messages);
          for (const message of messages) upsertMessage(queryClient, message);
          if (truncated) void queryClient.invalidateQueries({ queryKey: chatKeys.histories() });
          refresh();
        })
        .catch(() => void queryClient.invalidateQueries({ queryKey: chatKeys.all }));
    };
    socket.on('connect', handleConnect);
    const stopListening = onCallEnded(() => void queryClient.invalidateQueries({ queryKey: chatKeys.calls() }));

    return () => {
      for (const [event, handle] of Object.entries(handlers)) socket.off(event, handle as (payload: unknown) => void);
      socket.off('connect', handleConnect);
      stopListening();
    };
  }, [token, userId, queryClient]);
}

/** Tells the others in a room that the user is typing (at most every few seconds). */
export function notifyTyping(roomId: number, typing: boolean) {
  void request('typing', { room_id: roomId, typing }).catch(() => undefined);
}
