import type { ChatMessage, Room } from '@tradeloop/contracts/chat';
import { getSessionId } from '../../../lib/activity.ts';
import { API_BASES, NO_SESSION_HASH, NO_USER_ID } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { getSession, resetClientState } from '../../../lib/session.ts';

export type OutgoingMessage = {
  message: string;
  roomId?: number;
  recipient_id?: number;
  replied_parent_id?: number;
  replied_message?: string;
  chat_transfer_id?: number;
  product_id?: number;
  product_name?: string;
  product_url?: string;
  client_id: string;
  files: File[];
};

export type SentMessage = { message: ChatMessage; room: Room };

/**
 * POST /chat/v1/rooms/send-message as form data (spec section 7). Spec section 8: a failed send
 * returns null, and the composer keeps the message marked unsent. A 401 still signs the user out.
 */
export async function sendMessage(outgoing: OutgoingMessage): Promise<SentMessage | null> {
  const form = new FormData();
  const { files, ...fields } = outgoing;
  form.append('message', fields.message);
  form.append('message_type', files.length > 0 ? 'file' : 'text');
  form.append('read', '0');
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message' && value !== undefined && value !== null && value !== '') form.append(key, String(value));
  }
  for (const file of files) form.append('files[]', file, file.name);
  const { token, user } = getSession();
  try {
    const response = await fetch(`${API_BASES.chat}/rooms/send-message`, {
      method: 'POST',
      body: form,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        'X-Session-Hash': getSessionId() ?? NO_SESSION_HASH,
        'x-uid': user ? String(user.id) : NO_USER_ID,
      },
    });
    if (response.status === 401) {
      resetClientState();
      window.location.assign(PATHS.signin);
      return null;
    }
    const body = (await response.json().catch(() => null)) as { status?: boolean; data?: SentMessage } | null;
    return response.ok && body?.status === true && body.data ? body.data : null;
  } catch {
    return null;
  }
}
