import type { ChatMessage } from '@tradeloop/contracts/chat';

/**
 * Messages oldest first by the server's timestamp (the id breaks ties), whatever order the loaded
 * pages, a sent message and live events were put into the cache in.
 */
export function inServerOrder<T extends Pick<ChatMessage, 'id' | 'created_at'>>(messages: readonly T[]): T[] {
  const unique = new Map(messages.map((message) => [message.id, message]));
  return [...unique.values()].sort((a, b) => {
    const byTime = Date.parse(a.created_at) - Date.parse(b.created_at);
    return byTime !== 0 ? byTime : a.id - b.id;
  });
}
