import fs from 'node:fs';
import { createAdapter } from '@socket.io/redis-adapter';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { buildApp } from '../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAccount } from '../apps/server/src/modules/accounts/service.ts';
import { chatMembers, chatRooms } from '../apps/server/src/modules/chat/tables.ts';
import { createRateLimiter, uncountedStore } from '../apps/server/src/platform/rate-limit.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';

/**
 * Child process of the chat benchmark: starts server instances on the given ports and prints
 * "ready" once they listen. MODE=app: TradeLoop instances sharing one database (PGlite in memory,
 * or DATABASE_URL) and one Redis; SEED_FILE gets the seeded users' tokens and rooms.
 * MODE=bare: plain Socket.IO servers on the same Redis that relay a message to a room (the baseline).
 */
const ports = (process.env.PORTS ?? '').split(',').map(Number);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const key = process.env.REALTIME_KEY ?? `bench-${process.pid}`;
const closers: (() => Promise<unknown>)[] = [];

async function startBare() {
  for (const port of ports) {
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    const http = Fastify({ logger: false });
    const io = new Server(http.server, { serveClient: false });
    io.adapter(createAdapter(pub, sub, { key }));
    io.on('connection', (socket) => {
      const room = String(socket.handshake.auth.room ?? '');
      if (room) void socket.join(room);
      socket.on('send', (payload: { room: string; body: string }, ack?: () => void) => {
        io.to(payload.room).emit('msg', { body: payload.body, from: socket.id });
        ack?.();
      });
    });
    await http.listen({ port, host: '127.0.0.1' });
    closers.push(async () => {
      await io.close();
      pub.disconnect();
      sub.disconnect();
    });
  }
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], users: number, file: string) {
  const people: { id: number; token: string }[] = [];
  for (let start = 0; start < users; start += 200) {
    await db.transaction(async (tx) => {
      for (let index = start; index < Math.min(users, start + 200); index += 1) {
        const { userId } = await createAccount(tx, {
          fullName: `Bench User ${index}`,
          emailId: `bench.chat.${index}.${process.pid}@example.test`,
          passwordHash: null,
          userType: index % 2 === 0 ? 'others' : 'seller',
          company: index % 2 === 0 ? undefined : { name: `Bench Co ${index}`, type: 'Manufacturers' },
        });
        const { token } = await createSession(tx, userId, {});
        people.push({ id: userId, token });
      }
    });
  }
  const rooms: { roomId: number; a: number; b: number }[] = [];
  await db.transaction(async (tx) => {
    for (let index = 0; index + 1 < people.length; index += 2) {
      const [a, b] = [people[index], people[index + 1]];
      const [room] = await tx
        .insert(chatRooms)
        .values({ type: 'direct', directKey: `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`, createdBy: a.id })
        .returning({ id: chatRooms.id });
      await tx.insert(chatMembers).values([
        { roomId: room.id, userId: a.id },
        { roomId: room.id, userId: b.id },
      ]);
      rooms.push({ roomId: room.id, a: index, b: index + 1 });
    }
  });
  fs.writeFileSync(file, JSON.stringify({ people, rooms }));
}

async function startApp() {
  const env = {
    DATA_DIR: IN_MEMORY,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    REDIS_URL: redisUrl,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  };
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const uncounted = createRateLimiter(uncountedStore());
  for (const [index, port] of ports.entries()) {
    const app = await buildApp(config, { database, rateLimiter: uncounted, realtimeKey: key });
    if (index === 0 && process.env.SEED_FILE)
      await seed(app.db, Number(process.env.USERS ?? 2000), process.env.SEED_FILE);
    await app.listen({ port, host: '127.0.0.1' });
    closers.push(() => app.close());
  }
  closers.push(() => database.close());
}

await (process.env.MODE === 'bare' ? startBare() : startApp());
console.log('ready');
process.once('SIGTERM', () => {
  void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
});
