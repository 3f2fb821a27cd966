import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, HistoryPage } from '@tradeloop/contracts/chat';
import { chatKeys } from '../api/keys.ts';

/** Keeps cached conversation history in step with live events, without refetching it. */

type History = InfiniteData<HistoryPage, string>;

let lastSeenId = 0;
let lastEventAt: string | null = null;

/** The newest message this tab has seen, and when: what a reconnection asks the server to replay after. */
export function noteSeen(messages: ChatMessage[]) {
  for (const message of messages) lastSeenId = Math.max(lastSeenId, message.id);
  if (messages.length > 0) lastEventAt = new Date().toISOString();
}

export function replayPoint() {
  return { after_id: lastSeenId, since: lastEventAt ?? undefined };
}

/** Adds a new message on top of the loaded history of its room, or replaces it if present. */
export function upsertMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<History>(chatKeys.history(message.room_id), (history) => {
    if (!history || history.pages.length === 0) return history;
    const present = history.pages.some((page) => page.data.some((item) => item.id === message.id));
    if (present) {
      return {
        ...history,
        pages: history.pages.map((page) => ({
          ...page,
          data: page.data.map((item) => (item.id === message.id ? message : item)),
        })),
      };
    }
    const [first, ...rest] = history.pages;
    return { ...history, pages: [{ ...first, data: [message, ...first.data], total: first.total + 1 }, ...rest] };
  });
}
