import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { startChild as startProcess, stopChild } from '../child-process.ts';
import { percentile, type Figures } from '../lib.ts';

/**
 * Acceptance 4 of the chat: two server instances sharing events through Redis, 2,000 connected sockets
 * in 1,000 rooms (each room's two people on different instances, so every message crosses Redis),
 * 500 messages a second for 30 seconds. It reports delivery latency (send to arrival on the other
 * person's socket) and lost messages, beside a bare Socket.IO relay on the same topology.
 * It runs when BENCH_CHAT=1 (it takes about two and a half minutes); BENCH_CHAT_SECONDS sets the load time.
 */

type Options = { databaseUrl?: string; redisUrl?: string };
type Seeded = { people: { id: number; token: string }[]; rooms: { roomId: number; a: number; b: number }[] };

const SOCKETS = 2000;
const RATE = 500;
const DRAIN_MS = 5000;
const childScript = new URL('../chat-servers.ts', import.meta.url);
const startChild = async (env: Record<string, string>) => (await startProcess(childScript, env)).child;

async function freePorts(count: number) {
  const net = await import('node:net');
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ports.push(
      await new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          server.close(() => resolve(port));
        });
      }),
    );
  }
  return ports;
}

async function connectAll(urls: string[], auths: object[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < auths.length; start += 100) {
    const batch = auths.slice(start, start + 100).map(
      (auth, offset) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(urls[(start + offset) % urls.length], {
            auth,
            transports: ['websocket'],
            reconnection: false,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sends RATE messages a second for `seconds`, each from one person of a room to the other. */
async function drive(
  scenario: string,
  seconds: number,
  rooms: number,
  send: (room: number, fromA: boolean, body: string) => void,
  onArrival: (handler: (body: string) => void) => void,
): Promise<Figures> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  onArrival((body) => {
    const seq = Number(body);
    const started = sentAt.get(seq);
    if (started === undefined) return;
    sentAt.delete(seq);
    latencies.push(performance.now() - started);
  });
  let seq = 0;
  const total = RATE * seconds;
  const began = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * RATE));
      while (seq < due) {
        seq += 1;
        sentAt.set(seq, performance.now());
        send(seq % rooms, seq % 2 === 0, String(seq));
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: sentAt.size,
    requests: total,
  };
}

async function bareRelay(seconds: number, redisUrl: string): Promise<Figures> {
  const ports = await freePorts(2);
  const child = await startChild({ MODE: 'bare', PORTS: ports.join(','), REDIS_URL: redisUrl });
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const auths = Array.from({ length: SOCKETS }, (_, index) => ({ room: `r${Math.floor(index / 2)}` }));
  const sockets = await connectAll(urls, auths);
  try {
    return await drive(
      'baseline: bare Socket.IO relay (2 instances, Redis)',
      seconds,
      SOCKETS / 2,
      (room, fromA, body) => sockets[room * 2 + (fromA ? 0 : 1)].emit('send', { room: `r${room}`, body }),
      (handler) => {
        sockets.forEach((socket) =>
          socket.on('msg', (payload: { body: string; from: string }) => {
            if (payload.from !== socket.id) handler(payload.body);
          }),
        );
      },
    );
  } finally {
    sockets.forEach((socket) => socket.close());
    await stopChild(child);
  }
}

async function tradeloopChat(seconds: number, redisUrl: string, databaseUrl?: string): Promise<Figures> {
  const ports = await freePorts(2);
  const seedFile = path.join(os.tmpdir(), `tradeloop-chat-bench-${process.pid}.json`);
  const common = {
    MODE: 'app',
    REALTIME_KEY: `bench-chat-${process.pid}`,
    REDIS_URL: redisUrl,
    DATABASE_URL: databaseUrl ?? '',
    USERS: String(SOCKETS),
  };
  // On PostgreSQL each instance is a process of its own; PGlite lives in one process, so both share it.
  const children = databaseUrl
    ? [
        await startChild({ ...common, PORTS: String(ports[0]), SEED_FILE: seedFile }),
        await startChild({ ...common, PORTS: String(ports[1]) }),
      ]
    : [await startChild({ ...common, PORTS: ports.join(','), SEED_FILE: seedFile })];
  const seeded = JSON.parse(fs.readFileSync(seedFile, 'utf8')) as Seeded;
  fs.rmSync(seedFile, { force: true });
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  // Person 2i connects to the first instance and 2i + 1 to the second: every room spans both.
  const sockets = await connectAll(
    urls,
    seeded.people.map((person) => ({ token: person.token })),
  );
  try {
    return await drive(
      'TradeLoop chat: message:send → message.created (2 instances, Redis)',
      seconds,
      seeded.rooms.length,
      (room, fromA, body) => {
        const { roomId, a, b } = seeded.rooms[room];
        sockets[fromA ? a : b].emit('message:send', { room_id: roomId, message: body });
      },
      (handler) => {
        sockets.forEach((socket, index) =>
          socket.on('message.created', ({ message }: { message: { sender_id: number; message: string } }) => {
            if (message.sender_id !== seeded.people[index].id) handler(message.message);
          }),
        );
      },
    );
  } finally {
    sockets.forEach((socket) => socket.close());
    await Promise.all(children.map(stopChild));
  }
}

export async function chatScenarios(options: Options): Promise<Figures[]> {
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  return [await bareRelay(seconds, redisUrl), await tradeloopChat(seconds, redisUrl, options.databaseUrl)];
}
