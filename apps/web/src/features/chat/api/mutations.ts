import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGES, type ChatMessage, type Room } from '@tradeloop/contracts/chat';
import type { Review } from '@tradeloop/contracts/reviews';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { reviewKeys } from '../../reviews/api/keys.ts';
import { chatKeys } from './keys.ts';

/** Write endpoints of the chat, and which cached lists each one refreshes. */

type Flags = { room_id: number; is_pinned: 0 | 1; is_archived: 0 | 1 };

function useRefreshRooms() {
  const queryClient = useQueryClient();
  return (roomId?: number) => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.counts() });
    if (roomId) void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
  };
}

/** POST markAsRead?message_id=&room_id= — spec section 8: its errors are silent. */
export async function markAsRead(roomId: number, messageId: number) {
  try {
    await fetch(`/chat/v1/markAsRead?message_id=${messageId}&room_id=${roomId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${getSession().token ?? ''}` },
    });
  } catch {
    // Silent by specification: the next open tries again.
  }
}

export function usePinRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: (roomId: number) =>
      apiRequest<Flags>('pinned-user', {
        base: 'chat',
        method: 'POST',
        body: { room_id: roomId, user_id: getSession().user?.id },
      }),
    onSuccess: (result) => refresh(result.data.room_id),
  });
}

export function useArchiveRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: ({ roomId, archived }: { roomId: number; archived: boolean }) =>
      apiRequest<Flags>('archive-room', {
        base: 'chat',
        method: 'POST',
        body: { room_id: roomId, is_archived: archived ? 1 : 0 },
      }),
    onSuccess: (result) => refresh(result.data.room_id),
  });
}

export function useBlockUser() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      apiRequest<null>(blocked ? 'block-user' : 'unblock-user', {
        base: 'chat',
        method: 'POST',
        body: { user_id: userId },
      }),
    onSuccess: () => refresh(),
  });
}

export function useAnswerRequest() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: ({ roomId, accept }: { roomId: number; accept: boolean }) =>
      apiRequest<Flags>(accept ? 'requests/accept' : 'requests/decline', {
        base: 'chat',
        method: 'POST',
        body: { room_id: roomId },
      }),
    onSuccess: (_result, variables) => refresh(variables.roomId),
  });
}

export function useEditMessage() {
  return useMutation({
    mutationFn: ({ messageId, message }: { messageId: number; message: string }) =>
      apiRequest<ChatMessage>('rooms/edit-message', {
        base: 'chat',
        method: 'POST',
        body: { message_id: messageId, message },
      }),
  });
}

/** Delete one's own message — spec section 8: delete errors are silent. */
export async function deleteMessage(messageId: number) {
  try {
    await fetch('/chat/v1/rooms/delete-message', {
      method: 'POST',
      headers: { Authorization: `Bearer ${getSession().token ?? ''}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message_id: messageId }),
    });
  } catch {
    // Silent by specification.
  }
}

/** POST /api/translation; spec section 8: a failure throws 'Network response was not ok while Translating text'. */
export async function translateText(text: string, to: string, messageId?: number): Promise<string> {
  const response = await fetch('/api/translation', {
    method: 'POST',
    headers: { Authorization: `Bearer ${getSession().token ?? ''}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, to, message_id: messageId }),
  }).catch(() => null);
  if (!response || !response.ok) throw new Error(CHAT_MESSAGES.translationFailed);
  const body = (await response.json().catch(() => null)) as { translatedText?: string } | null;
  if (typeof body?.translatedText !== 'string') throw new Error(CHAT_MESSAGES.translationFailed);
  return body.translatedText;
}

export function useCreateGroup() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: (body: { name: string; member_ids: number[] }) =>
      apiRequest<Room>('groups', { base: 'chat', method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => refresh(result.data.room_id),
  });
}

type GroupAction =
  | { action: 'rename'; roomId: number; name: string }
  | { action: 'add-members'; roomId: number; userIds: number[] }
  | { action: 'remove-member'; roomId: number; userId: number }
  | { action: 'set-admin'; roomId: number; userId: number; isAdmin: boolean }
  | { action: 'leave'; roomId: number }
  | { action: 'delete'; roomId: number };

function groupRequest(change: GroupAction) {
  const post = (path: string, body: object) => apiRequest<Room | null>(path, { base: 'chat', method: 'POST', body });
  switch (change.action) {
    case 'rename':
      return post('groups/rename', { room_id: change.roomId, name: change.name });
    case 'add-members':
      return post('groups/add-members', { room_id: change.roomId, user_ids: change.userIds });
    case 'remove-member':
      return post('groups/remove-member', { room_id: change.roomId, user_id: change.userId });
    case 'set-admin':
      return post('groups/set-admin', { room_id: change.roomId, user_id: change.userId, is_admin: change.isAdmin });
    case 'leave':
      return post('groups/leave', { room_id: change.roomId });
    case 'delete':
      return post('deleteGroup', { room_id: change.roomId });
  }
}

export function useGroupAction() {
  const refresh = useRefreshRooms();
  return useMutation({ mutationFn: groupRequest, onSuccess: (_result, change) => refresh(change.roomId) });
}

export function useTransferRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: ({ roomId, userId }: { roomId: number; userId: number }) =>
      apiRequest<{ chat_transfer_id: number; room_id: number }>('rooms/transfer', {
        base: 'chat',
        method: 'POST',
        body: { room_id: roomId, user_id: userId },
      }),
    onSuccess: () => refresh(),
  });
}

/** A buyer's review of the seller of a conversation: a review of the reviews module (decision 045). */
export function useRateSeller() {
  const refresh = useRefreshRooms();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { room_id: number; rating: number; text: string }) =>
      apiRequest<Review>('front/reviews/create', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (_result, body) => {
      refresh(body.room_id);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
