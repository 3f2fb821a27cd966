import type { RoomTab } from '@tradeloop/contracts/chat';

/** Query keys of the chat domain. */
export const chatKeys = {
  all: ['chat'] as const,
  settings: () => [...chatKeys.all, 'settings'] as const,
  counts: () => [...chatKeys.all, 'counts'] as const,
  roomLists: () => [...chatKeys.all, 'rooms'] as const,
  rooms: (tab: RoomTab, search: string) => [...chatKeys.roomLists(), tab, search] as const,
  room: (roomId: number) => [...chatKeys.all, 'room', roomId] as const,
  histories: () => [...chatKeys.all, 'history'] as const,
  history: (roomId: number) => [...chatKeys.histories(), roomId] as const,
  contact: (userId: number | null, companyId: number | null) =>
    [...chatKeys.all, 'contact', userId, companyId] as const,
  calls: () => [...chatKeys.all, 'calls'] as const,
  search: (q: string, roomId: number | null) => [...chatKeys.all, 'search', q, roomId] as const,
};
