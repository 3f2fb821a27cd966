import { Redis } from 'ioredis';
import { tooManyRequests } from './errors.ts';

export interface RateLimitStore {
  /** Counts one hit on `key` and answers the hits inside the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The hits on `key` inside its current window, without counting one. */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** A store that counts nothing, for servers whose load must not be refused (the benchmarks). */
export function uncountedStore(): RateLimitStore {
  return { hit: async () => 0, peek: async () => 0, close: async () => {} };
}

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      window.count += 1;
      return window.count;
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? window.count : 0;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Shared counters, so several server instances enforce one limit: those with the same `prefix`. */
export function redisStore(url: string, prefix = 'ratelimit:'): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; an unheard 'error' event would take the whole server down meanwhile.
  redis.on('error', (error) => process.emitWarning(`rate limit Redis: ${error.message}`));
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(`${prefix}${key}`)
        .pexpire(`${prefix}${key}`, windowMs, 'NX')
        .exec()) as [[Error | null, number], unknown];
      return count;
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}${key}`)) ?? 0);
    },
    async close() {
      await redis.quit();
    },
  };
}

export type RateLimiter = {
  /** Counts a hit on each key and refuses with 429 when any is over its limit. */
  consume(name: string, windowMs: number, limits: { key: string; limit: number }[]): Promise<void>;
  /** Counts one hit on `name:key` and answers the hits inside its window (for rules that count only failures). */
  hit(name: string, key: string, windowMs: number): Promise<number>;
  /** The hits on `name:key` inside its window, without counting one. */
  peek(name: string, key: string): Promise<number>;
  close(): Promise<void>;
};

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  return {
    hit: (name, key, windowMs) => store.hit(`${name}:${key}`, windowMs),
    peek: (name, key) => store.peek(`${name}:${key}`),
    async consume(name, windowMs, limits) {
      const counts = await Promise.all(limits.map(({ key }) => store.hit(`${name}:${key}`, windowMs)));
      if (counts.some((count, index) => count > limits[index].limit)) throw tooManyRequests();
    },
    close: () => store.close(),
  };
}
