import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { as, createTestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { IN_MEMORY, loadConfig } from '../../config.ts';
import { createSession } from '../../platform/sessions.ts';
import { createAccount } from '../accounts/public.ts';

/** Test helpers of the chat: quick accounts, sending, sockets and a LibreTranslate stand-in. */

export type ChatUser = { token: string; id: number; companyId: number | null; name: string };

let counter = 0;

/** An account with a session, made directly (no password hashing), so chat tests stay fast. */
export async function chatUser(
  app: FastifyInstance,
  kind: 'seller' | 'buyer' | 'subuser',
  options: { parent?: ChatUser; name?: string } = {},
): Promise<ChatUser> {
  counter += 1;
  const name = options.name ?? `${kind} ${counter}`;
  const { userId, companyId } = await app.db.transaction(async (tx) =>
    createAccount(tx, {
      fullName: name,
      emailId: `chat.${kind}.${counter}.${Date.now()}@example.test`,
      passwordHash: null,
      userType: kind === 'buyer' ? 'others' : kind,
      company: kind === 'seller' ? { name: `Company ${counter}`, type: 'Manufacturers' } : undefined,
      parent:
        kind === 'subuser' && options.parent
          ? { userId: options.parent.id, companyId: options.parent.companyId! }
          : undefined,
    }),
  );
  const { token } = await createSession(app.db, userId, {});
  return { token, id: userId, companyId, name };
}

export async function send(
  app: FastifyInstance,
  user: ChatUser,
  fields: Record<string, string | number>,
  files: { name: string; type: string; content: Buffer }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of files)
    form.append('files[]', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return as(app, user, {
    method: 'POST',
    url: '/chat/v1/rooms/send-message',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: body,
  });
}

/** Sends a text and answers the stored message and room. */
export async function sendText(app: FastifyInstance, user: ChatUser, fields: Record<string, string | number>) {
  const response = await send(app, user, fields);
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { message: { id: number; room_id: number }; room: { room_id: number } };
}

export function get(app: FastifyInstance, user: ChatUser, url: string) {
  return as(app, user, { method: 'GET', url });
}

export function post(app: FastifyInstance, user: ChatUser, url: string, payload?: object) {
  return as(app, user, { method: 'POST', url, payload });
}

export async function counts(app: FastifyInstance, user: ChatUser) {
  return (await get(app, user, '/chat/v1/unread-counts')).json().data as {
    unread_count: number;
    archived_unread_count: number;
    unread_rooms: number;
    requests_count: number;
  };
}

export async function tab(app: FastifyInstance, user: ChatUser, name: string) {
  const response = await get(app, user, `/chat/v1/rooms?tab=${name}`);
  return response.json().data.data as { room_id: number; unread_count: number; is_pinned: number; name: string }[];
}

/** Two instances on one database, sharing one Redis (a key of their own), closed once `run` is done. */
export async function withTwoInstances(
  redisUrl: string,
  run: (one: FastifyInstance, two: FastifyInstance) => Promise<void>,
) {
  const env = { DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent' as const, DEMO_DATA: 'false', REDIS_URL: redisUrl };
  const first = await createTestApp({ REDIS_URL: redisUrl });
  // createTestApp has no adapter key of its own: build both instances on the first one's database, with one key.
  const key = `tradeloop-test-${randomBytes(4).toString('hex')}`;
  const one = await buildApp(loadConfig(env), { database: first.database, realtimeKey: key });
  const two = await buildApp(loadConfig(env), { database: first.database, realtimeKey: key });
  try {
    await run(one, two);
  } finally {
    await one.close();
    await two.close();
    await first.close();
  }
}

/** A connected socket of a user, on a listening app. */
export async function socketOf(url: string, user: { token: string }): Promise<Socket> {
  const socket = connect(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the next event of that name (or rejects after a while, so a missing event fails the test). */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every event a socket gets, to prove that some never come. */
export function record(socket: Socket) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return seen;
}

export function emitWithAck<T = unknown>(socket: Socket, event: string, payload: unknown) {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<{ status: boolean; data: T; message?: string }>;
}

/**
 * A local server speaking the LibreTranslate API (POST /translate {q, source, target} → {translatedText}).
 * It "translates" by tagging the text with the target language, counts its calls, and can be told to fail.
 */
export async function fakeLibreTranslate() {
  const state = { calls: 0, fail: false };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/translate') {
        response.writeHead(404).end();
        return;
      }
      state.calls += 1;
      if (state.fail) {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'down' }));
        return;
      }
      const body = JSON.parse(raw) as { q: string; target: string };
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          translatedText: `[${body.target}] ${body.q}`,
          detectedLanguage: { language: 'en', confidence: 90 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The smallest valid PNG (1×1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
