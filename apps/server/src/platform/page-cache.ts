import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Redis } from 'ioredis';
import type { PageEffect } from './page-effects.ts';

/**
 * The public page cache (decision 050): anonymous server-rendered pages stored by their normalized
 * address, in Redis when REDIS_URL is set (every instance sees one copy), otherwise in a byte-bounded
 * least-recently-used store in the process. A page carries the tags of the data it shows; a change
 * marks every page with one of its tags stale (`invalidate`, reached through the outbox). A stale page
 * is still served while one render replaces it (stale-while-revalidate); a time to live bounds how
 * long any page is kept at all.
 */

/** One stored page: its status, validator, tags and body, compressed both ways. */
export type CachedPage = {
  status: number;
  /** Hash of the page's HTML; each encoding's ETag is derived from it. */
  hash: string;
  tags: string[];
  /** The store's version when the render began: a tag invalidated after it makes the page stale. */
  version: number;
  /** When the page was rendered (ms since the epoch). */
  renderedAt: number;
  /** How long the page counts as fresh without any invalidation (ms). */
  freshMs: number;
  /** What its render counted (views, searches, impressions), counted again for each view from the cache. */
  effects: PageEffect[];
  br: Buffer;
  gzip: Buffer;
};

export type Encoding = 'br' | 'gzip';

type Meta = Omit<CachedPage, 'br' | 'gzip'>;

/** A page read back: `body` in the asked encoding; `stale` when a tag changed after it was rendered. */
export type StoredPage = { meta: Meta; body: Buffer; stale: boolean };

export interface PageStore {
  /** The current version: read before a render starts, stored with the page. */
  version(): Promise<number>;
  get(key: string, encoding: Encoding): Promise<StoredPage | null>;
  set(key: string, page: CachedPage, ttlMs: number): Promise<void>;
  /** Marks every page carrying one of `tags` stale. */
  invalidate(tags: string[]): Promise<void>;
  /** Bytes held (the in-process store); null for Redis, whose memory Redis bounds. */
  bytes(): number | null;
  close(): Promise<void>;
}

const metaOf = ({ br: _br, gzip: _gzip, ...meta }: CachedPage): Meta => meta;

function isStale(meta: Meta, newestTag: number, now: number) {
  return newestTag > meta.version || now > meta.renderedAt + meta.freshMs;
}

/**
 * The in-process store: a Map in least-recently-used order, bounded by the bytes of its keys, bodies
 * and tags. Tag versions are kept for the store's lifetime (one number per product, company or post
 * that ever changed), pruned when no page older than them can remain.
 */
export function memoryPageStore(maxBytes: number): PageStore {
  const entries = new Map<string, { page: CachedPage; size: number; expiresAt: number }>();
  const tagVersions = new Map<string, number>();
  let clock = 0;
  let bytes = 0;
  const sizeOf = (key: string, page: CachedPage) =>
    key.length * 2 +
    page.br.length +
    page.gzip.length +
    page.tags.reduce((sum, tag) => sum + tag.length * 2 + 16, 0) +
    200;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  return {
    async version() {
      return clock;
    },
    async get(key, encoding) {
      const entry = entries.get(key);
      if (!entry) return null;
      const now = Date.now();
      if (entry.expiresAt <= now) {
        remove(key);
        return null;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      let newest = 0;
      for (const tag of entry.page.tags) newest = Math.max(newest, tagVersions.get(tag) ?? 0);
      return { meta: metaOf(entry.page), body: entry.page[encoding], stale: isStale(entry.page, newest, now) };
    },
    async set(key, page, ttlMs) {
      remove(key);
      const size = sizeOf(key, page);
      if (size > maxBytes) return;
      while (bytes + size > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      entries.set(key, { page, size, expiresAt: Date.now() + ttlMs });
      bytes += size;
    },
    async invalidate(tags) {
      clock += 1;
      for (const tag of tags) tagVersions.set(tag, clock);
      if (entries.size === 0) tagVersions.clear();
    },
    bytes: () => bytes,
    async close() {
      entries.clear();
    },
  };
}

/**
 * Reads a page and the newest version of its tags in one round trip: the page's fields `meta` and the
 * asked body, then HMGET of its tags in the tags hash.
 */
const READ_PAGE = `
local fields = redis.call('HMGET', KEYS[1], 'meta', ARGV[1])
if not fields[1] then return nil end
local meta = cjson.decode(fields[1])
local newest = 0
local tags = meta['tags']
if #tags > 0 then
  local versions = redis.call('HMGET', KEYS[2], unpack(tags))
  for _, version in ipairs(versions) do
    if version then
      local number = tonumber(version)
      if number > newest then newest = number end
    end
  end
end
return { fields[1], fields[2], tostring(newest) }
`;

/** Marks tags stale: one new version for all of them. */
const INVALIDATE = `
local version = redis.call('INCR', KEYS[1])
for _, tag in ipairs(ARGV) do redis.call('HSET', KEYS[2], tag, version) end
return version
`;

type PageRedis = Redis & {
  readPageBuffer(page: string, tags: string, field: string): Promise<[Buffer, Buffer, Buffer] | null>;
  invalidateTags(clock: string, tags: string, ...names: string[]): Promise<number>;
};

/**
 * Pages in Redis, shared by every instance: `<prefix>page:<key>` a hash (meta, br, gzip) that expires
 * after the time to live; `<prefix>tags` the version each tag was last invalidated at (never expiring:
 * one field per product, company or post that changed); `<prefix>clock` the version counter. Redis
 * bounds its own memory: give it `maxmemory` with `volatile-lru`, so pages (which expire) are
 * evicted and tag versions never are.
 */
export function redisPageStore(url: string, prefix: string): PageStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 }) as PageRedis;
  redis.on('error', (error) => process.emitWarning(`page cache Redis: ${error.message}`));
  redis.defineCommand('readPage', { numberOfKeys: 2, lua: READ_PAGE });
  redis.defineCommand('invalidateTags', { numberOfKeys: 2, lua: INVALIDATE });
  const clockKey = `${prefix}clock`;
  const tagsKey = `${prefix}tags`;
  const pageKey = (key: string) => `${prefix}page:${key}`;
  return {
    async version() {
      return Number((await redis.get(clockKey)) ?? 0);
    },
    async get(key, encoding) {
      const found = await redis.readPageBuffer(pageKey(key), tagsKey, encoding);
      if (!found) return null;
      const [metaText, body, newest] = found;
      const meta = JSON.parse(metaText.toString()) as Meta;
      return { meta, body, stale: isStale(meta, Number(newest.toString()), Date.now()) };
    },
    async set(key, page, ttlMs) {
      const stored = pageKey(key);
      await redis
        .multi()
        .del(stored)
        .hset(stored, { meta: JSON.stringify(metaOf(page)), br: page.br, gzip: page.gzip })
        .pexpire(stored, ttlMs)
        .exec();
    },
    async invalidate(tags) {
      if (tags.length) await redis.invalidateTags(clockKey, tagsKey, ...tags);
    },
    bytes: () => null,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** A rendered page as the cache keeps it: compressed once (brotli 5, gzip 6), hashed for its ETag. */
export async function cachedPage(
  html: string,
  page: { status: number; tags: string[]; version: number; freshMs: number; effects: PageEffect[] },
): Promise<CachedPage> {
  const bytes = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(bytes, { level: 6 }),
  ]);
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { ...page, hash, renderedAt: Date.now(), br: ownCopy(br), gzip: ownCopy(gz) };
}

/**
 * zlib answers with a view of its output chunk (64 KiB on Node 24): kept as it is, a 14 KB page holds
 * 64 KiB, and the in-process store's byte bound would undercount its memory fourfold. A copy of its own
 * (Buffer.alloc: never the shared pool) holds exactly its bytes.
 */
function ownCopy(view: Buffer): Buffer {
  const copy = Buffer.alloc(view.length);
  view.copy(copy);
  return copy;
}

/** The body for a client that accepts neither encoding (rare: browsers and CDNs accept gzip). */
export const identityBody = (gzipped: Buffer) => gunzip(gzipped);

/** The strong ETag of one representation (RFC 9110: it differs per content coding). */
export function entityTag(hash: string, encoding: Encoding | null): string {
  return `"${hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
}

/** Whether If-None-Match names this ETag (or `*`). A weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .slice(0, 8192)
    .split(',')
    .some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** Concurrent callers with one key share one run (a render), and so one result. */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return {
    run(key: string, work: () => Promise<T>): Promise<T> {
      const current = running.get(key);
      if (current) return current;
      const started = work().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
    get size() {
      return running.size;
    },
  };
}
