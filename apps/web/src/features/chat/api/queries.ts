import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  Call,
  ChatMessage,
  Contact,
  HistoryPage,
  Room,
  RoomDetail,
  RoomTab,
  UnreadCounts,
} from '@tradeloop/contracts/chat';
import { apiData } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { chatKeys } from './keys.ts';

/** Read endpoints of the chat: one query option each, shared by pages and the live-event handlers. */

type Paged<T> = { data: T[]; currentPage: number; lastPage: number; perPage: number; total: number };

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.settings(),
    queryFn: ({ signal }) =>
      apiData<{ translation_enabled: boolean; max_file_bytes: number; files_per_message: number }>('settings', {
        base: 'chat',
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useChatSettings() {
  return useQuery(settingsQueryOptions());
}

export function countsQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.counts(),
    queryFn: ({ signal }) => apiData<UnreadCounts>('unread-counts', { base: 'chat', signal }),
  });
}

/** GET /chat/v1/unread-counts, for the header badge and the tab counters. */
export function useUnreadCounts() {
  const { token } = useSession();
  return useQuery({ ...countsQueryOptions(), enabled: token !== null });
}

export function roomsQueryOptions(tab: RoomTab, search: string) {
  return queryOptions({
    queryKey: chatKeys.rooms(tab, search),
    queryFn: ({ signal }) =>
      apiData<Paged<Room>>('rooms', { base: 'chat', query: { tab, search, per_page: 100 }, signal }),
  });
}

export function useRooms(tab: RoomTab, search: string) {
  return useQuery(roomsQueryOptions(tab, search));
}

export function roomQueryOptions(roomId: number) {
  return queryOptions({
    queryKey: chatKeys.room(roomId),
    queryFn: ({ signal }) => apiData<RoomDetail>(`rooms/${roomId}`, { base: 'chat', signal }),
  });
}

export function useRoomDetail(roomId: number | null) {
  return useQuery({ ...roomQueryOptions(roomId ?? 0), enabled: roomId !== null });
}

/** The path of a chat URL for apiData, which adds the /chat/v1 base itself. */
function chatPath(url: string) {
  return url.replace(/^\/chat\/v1\//, '');
}

/** GET chat-history, newest first; later pages follow next_page_url, as the spec pages it. */
export function historyQueryOptions(roomId: number, otherUserId: number) {
  return infiniteQueryOptions({
    queryKey: chatKeys.history(roomId),
    initialPageParam: `chat-history/${otherUserId}?room_id=${roomId}`,
    queryFn: ({ pageParam, signal }) => apiData<HistoryPage>(chatPath(pageParam), { base: 'chat', signal }),
    getNextPageParam: (last) => last.next_page_url ?? undefined,
  });
}

export function useHistory(roomId: number | null, otherUserId: number) {
  return useInfiniteQuery({ ...historyQueryOptions(roomId ?? 0, otherUserId), enabled: roomId !== null });
}

export function contactQueryOptions(userId: number | null, companyId: number | null) {
  return queryOptions({
    queryKey: chatKeys.contact(userId, companyId),
    queryFn: ({ signal }) =>
      apiData<{ contact: Contact; room_id: number | null }>('contact', {
        base: 'chat',
        query: { user_id: userId, company_id: companyId },
        signal,
      }),
  });
}

export function useContact(userId: number | null, companyId: number | null) {
  return useQuery({ ...contactQueryOptions(userId, companyId), enabled: userId !== null || companyId !== null });
}

export function useCalls(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.calls(),
    queryFn: ({ signal }) => apiData<Paged<Call>>('calls', { base: 'chat', signal }),
    enabled,
  });
}

export type SearchHit = { message: ChatMessage; room_name: string; room_type: 'direct' | 'group' };

export function useMessageSearch(q: string, roomId: number | null) {
  return useQuery({
    queryKey: chatKeys.search(q, roomId),
    queryFn: ({ signal }) =>
      apiData<Paged<SearchHit>>('search', { base: 'chat', query: { q, room_id: roomId }, signal }),
    enabled: q.trim().length > 0,
  });
}
