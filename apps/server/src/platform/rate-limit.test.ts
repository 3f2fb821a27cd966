import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createRateLimiter, memoryStore, redisStore, type RateLimitStore } from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function behavesAsALimiter(name: string, makeStore: () => RateLimitStore) {
  describe(name, () => {
    it('lets the limit through, refuses the next hit with 429, and counts each key apart', async () => {
      const store = makeStore();
      const limiter = createRateLimiter(store);
      const key = randomBytes(6).toString('hex');
      const consume = (account: string) =>
        limiter.consume('test', 60_000, [
          { key: `ip:${key}`, limit: 5 },
          { key: `account:${key}:${account}`, limit: 2 },
        ]);
      await consume('a');
      await consume('a');
      await expect(consume('a')).rejects.toSatisfy((error) => error instanceof AppError && error.statusCode === 429);
      await consume('b');
      await consume('b');
      await expect(consume('c')).rejects.toThrow(AppError);
      await limiter.close();
    });

    it('peeks at a count without counting', async () => {
      const limiter = createRateLimiter(makeStore());
      const key = randomBytes(6).toString('hex');
      expect(await limiter.peek('test', key)).toBe(0);
      expect(await limiter.hit('test', key, 60_000)).toBe(1);
      expect(await limiter.hit('test', key, 60_000)).toBe(2);
      expect(await limiter.peek('test', key)).toBe(2);
      expect(await limiter.peek('test', key)).toBe(2);
      await limiter.close();
    });

    it('forgets hits once the window has passed', async () => {
      const limiter = createRateLimiter(makeStore());
      const key = [{ key: randomBytes(6).toString('hex'), limit: 1 }];
      // A window long enough that a loaded machine makes both hits inside it.
      await limiter.consume('test', 2_000, key);
      await expect(limiter.consume('test', 2_000, key)).rejects.toThrow(AppError);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await limiter.consume('test', 2_000, key);
      await limiter.close();
    });
  });
}

behavesAsALimiter('memory rate limit store', memoryStore);
if (redisUrl) behavesAsALimiter('Redis rate limit store (TEST_REDIS_URL)', () => redisStore(redisUrl));
