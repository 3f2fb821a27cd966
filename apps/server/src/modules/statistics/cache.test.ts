import { describe, expect, it } from 'vitest';
import { VersionedCache } from './cache.ts';

describe('VersionedCache', () => {
  it('keeps an answer for its version only, computes it once for callers at the same time, and forgets the oldest', async () => {
    const cache = new VersionedCache<string>(2);
    let computed = 0;
    const compute = (answer: string) => async () => {
      computed += 1;
      return answer;
    };
    const [first, second] = await Promise.all([cache.get('a', '1', compute('a1')), cache.get('a', '1', compute('x'))]);
    expect([first, second, computed]).toEqual(['a1', 'a1', 1]);
    expect(await cache.get('a', '2', compute('a2'))).toBe('a2');
    expect(computed).toBe(2);
    expect(await cache.get('a', '2', compute('x'))).toBe('a2');
    await cache.get('b', '2', compute('b2'));
    await cache.get('c', '2', compute('c2'));
    // Three keys in a cache of two: 'a', the least recently used, went first.
    expect(await cache.get('a', '2', compute('a2 again'))).toBe('a2 again');
    expect(computed).toBe(5);
  });

  it('forgets a computation that failed, so the next caller counts again', async () => {
    const cache = new VersionedCache<string>(4);
    await expect(cache.get('a', '1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', '1', async () => 'a1')).toBe('a1');
  });
});
