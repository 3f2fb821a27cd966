import { io, type Socket } from 'socket.io-client';

/**
 * One Socket.IO connection per signed-in tab, on the same origin as the API. The handshake carries the
 * bearer token; the server puts the socket on the user's private channel chat.{id}.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;

export function connectChatSocket(token: string): Socket {
  if (socket && socketToken === token) return socket;
  socket?.close();
  socketToken = token;
  socket = io({ auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 5000 });
  return socket;
}

export function currentChatSocket(): Socket | null {
  return socket;
}

export function closeChatSocket() {
  socket?.close();
  socket = null;
  socketToken = null;
}

type Ack<T> = { status: true; data: T } | { status: false; message: string };

/** Emits with an acknowledgement; rejects with the server's message. */
export async function request<T>(event: string, payload: unknown): Promise<T> {
  if (!socket) throw new Error('Not connected');
  const answer = (await socket.timeout(10_000).emitWithAck(event, payload)) as Ack<T>;
  if (!answer.status) throw new Error(answer.message);
  return answer.data;
}
