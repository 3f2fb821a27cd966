import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { PERMISSIONS, type Permission } from '@tradeloop/contracts/accounts-roles';
import { resolveSession, type AuthUser } from './sessions.ts';

/**
 * Socket.IO on the same HTTP server as the API. The handshake is authenticated by the bearer token
 * (auth.token or an Authorization header); every socket joins its user's private channel chat.{id}.
 * With REDIS_URL, instances share events through the Redis adapter; without it one instance works alone.
 */

export type SocketData = { user: AuthUser; token: string };
export type AuthedSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/**
 * An event a client may send over its socket, with the permission its handler checks (a role's, or the
 * user's own channel, which any signed-in user may subscribe to), as the docs list it (`x-socket-events`).
 */
export type SocketEvent = { event: string; permission: Permission | 'own channel'; summary: string };

export type Realtime = {
  io: Server;
  /**
   * Sends an event to every device of these users, on whichever instance they are connected; with a
   * permission, only to those whose role holds it at the moment of sending.
   */
  toUsers(userIds: number[], event: string, payload: unknown, permission?: Permission): void;
  /** Modules add their socket handlers here; they run after the handshake succeeded. */
  onConnection(handler: (socket: AuthedSocket) => void): void;
  /** Every event the modules' handlers listen to, declared when they register (for the docs and tests). */
  socketEvents: SocketEvent[];
  /** A module states the events its handlers listen to, before any socket connects. */
  declareEvents(events: SocketEvent[]): void;
  /** Whether a user has a socket anywhere in the cluster. */
  isConnected(userId: number): Promise<boolean>;
  /**
   * Closes a user's sockets on every instance (their sessions just ended), but those opened with the
   * token `exceptTokenId`. A socket keeps the session it was opened with, so it must go with it.
   */
  disconnectUser(userId: number, exceptTokenId?: number): Promise<void>;
  /** A user's role changed: their open sockets, on every instance, hold its permissions from now on. */
  followRole(userId: number, permissions: readonly Permission[] | null): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export function userChannelName(userId: number) {
  return `chat.${userId}`;
}

/**
 * A socket stays in a room per permission its user's role lacks (none for a user no role limits), so
 * that a socket event checks the permission without a query, and an event meant for holders skips the
 * rest. A role change moves its holders' sockets between these rooms on every instance (`followRole`).
 */
const lackingRoom = (permission: Permission) => `lacks:${permission}`;
const lackingRooms = (permissions: readonly Permission[] | null) =>
  permissions ? PERMISSIONS.filter((permission) => !permissions.includes(permission)).map(lackingRoom) : [];

/** Whether the socket's user may, at this moment, do what the permission allows. */
export function socketMay(socket: AuthedSocket, permission: Permission) {
  return !socket.rooms.has(lackingRoom(permission));
}

/** The same realtime, sending only to users whose role holds the permission (a module's own events). */
export function forHoldersOf(realtime: Realtime, permission: Permission): Realtime {
  return { ...realtime, toUsers: (userIds, event, payload) => realtime.toUsers(userIds, event, payload, permission) };
}

function handshakeToken(socket: Socket): string | undefined {
  const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof given === 'string' && given.length > 0 && given.length <= 200) return given;
  const header = socket.handshake.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

export function registerRealtime(app: FastifyInstance, options: { redisKey?: string } = {}) {
  const io = new Server(app.server, { serveClient: false, pingInterval: 20_000, pingTimeout: 20_000 });
  const redisClients: Redis[] = [];
  if (app.config.redisUrl) {
    const pub = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error) => app.log.warn({ err: error }, 'realtime redis connection error'));
    }
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? 'tradeloop', requestsTimeout: 3000 }));
  }

  io.use(async (socket, next) => {
    const token = handshakeToken(socket);
    const user = token ? await resolveSession(app.db, token).catch(() => null) : null;
    if (!user || !token) return next(new Error('unauthorized'));
    socket.data = { user, token } satisfies SocketData;
    await socket.join([userChannelName(user.id), ...lackingRooms(user.permissions)]);
    next();
  });

  const handlers: ((socket: AuthedSocket) => void)[] = [];
  const socketEvents: SocketEvent[] = [];
  io.on('connection', (socket) => {
    for (const handler of handlers) handler(socket as AuthedSocket);
  });

  // After close nothing may publish: the Redis clients are gone, and a late event (say, a presence
  // update of a socket that just closed) would be an unhandled rejection.
  let closed = false;
  app.addHook('preClose', async () => {
    closed = true;
    io.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });

  app.decorate('realtime', {
    io,
    toUsers(userIds, event, payload, permission) {
      if (closed || userIds.length === 0) return;
      const devices = io.to(userIds.map(userChannelName));
      (permission ? devices.except(lackingRoom(permission)) : devices).emit(event, payload);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    socketEvents,
    declareEvents(events) {
      socketEvents.push(...events);
    },
    async isConnected(userId) {
      try {
        const sockets = await io.in(userChannelName(userId)).fetchSockets();
        return sockets.length > 0;
      } catch {
        // Another instance did not answer in time: count the user as connected rather than flap.
        return true;
      }
    },
    async disconnectUser(userId, exceptTokenId) {
      if (closed) return;
      const channel = io.in(userChannelName(userId));
      if (exceptTokenId === undefined) {
        channel.disconnectSockets(true);
        return;
      }
      const sockets = await channel.fetchSockets();
      for (const socket of sockets) {
        if ((socket.data as SocketData).user.tokenId !== exceptTokenId) socket.disconnect(true);
      }
    },
    followRole(userId, permissions) {
      if (closed) return;
      const devices = io.in(userChannelName(userId));
      devices.socketsLeave(PERMISSIONS.map(lackingRoom));
      devices.socketsJoin(lackingRooms(permissions));
    },
  } satisfies Realtime);
}
