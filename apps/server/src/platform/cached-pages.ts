import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_TAGS } from '@tradeloop/contracts/page-cache-constants';
import {
  cachedPage,
  entityTag,
  identityBody,
  matchesEtag,
  memoryPageStore,
  redisPageStore,
  singleFlight,
  type CachedPage,
  type Encoding,
  type PageStore,
} from './page-cache.ts';
import { replayEffects } from './page-effects.ts';
import { renderWholePage, type SsrEntry } from './ssr.ts';

/**
 * Anonymous public pages served from the page cache (decision 050): the key is the page's normalized
 * address (the web app's `pageKey`); a miss renders once for every concurrent visitor of that key; a
 * stale page is served while one render replaces it; each change reaches the cache through the outbox
 * as tags (`registerPageInvalidation`).
 */

/** Seconds a CDN may serve a page without asking, and serve it stale while it asks. */
export const SHARED_MAX_AGE = 10;
export const STALE_WHILE_REVALIDATE = 60;
/** The list's activity strip (visitors now, quotes today) is at most this old. */
const LIST_FRESH_MS = 30_000;
/** Any other page is rendered again at least this often, events or not. */
const PAGE_FRESH_MS = 10 * 60_000;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

export type PageCache = {
  store: PageStore;
  /** Renders in progress on this instance, by key. */
  renders: ReturnType<typeof singleFlight<RenderResult>>;
  /** Stale pages being rendered again in the background (for tests and shutdown). */
  refreshes: Set<Promise<unknown>>;
  invalidate(tags: string[]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when the cache is off (PAGE_CACHE=false) or no page is rendered on the server. */
    pageCache: PageCache | null;
  }
}

type RenderResult = { page: CachedPage; html: string; cached: boolean };

/**
 * The cache of this instance: Redis under `<key>:pages:<build>:` when REDIS_URL is set, else in process.
 * `build` (a hash of the built index.html) keeps pages of an earlier build, whose asset names differ,
 * from being served after a deploy.
 */
export function createPageCache(app: FastifyInstance, options: { build: string; redisKey?: string }): PageCache {
  const { redisUrl, pageCache } = app.config;
  const store = redisUrl
    ? redisPageStore(redisUrl, `${options.redisKey ?? 'tradeloop'}:pages:${options.build}:`)
    : memoryPageStore(pageCache.maxBytes);
  const cache: PageCache = {
    store,
    renders: singleFlight<RenderResult>(),
    refreshes: new Set(),
    invalidate: (tags) => store.invalidate(tags),
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...cache.refreshes]);
    await store.close();
  });
  return cache;
}

function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = (header ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

type PageParts = { before: string; after: string; status: number };

/**
 * Serves the page `key` from the cache, rendering it when missing. `head` gives the page's head and
 * status for the normalized address `url`. Pages that are not 200 (a missing product) and pages whose
 * rendering failed are served but not stored.
 */
export async function serveCachedPage(
  app: FastifyInstance,
  cache: PageCache,
  entry: SsrEntry,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { key: string; url: URL; head: () => Promise<PageParts> },
) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const found = await cache.store.get(page.key, encoding ?? 'gzip').catch((error: unknown) => {
    request.log.warn({ err: error }, 'page cache unavailable; rendering');
    return null;
  });
  if (found) {
    // A stale page's view is counted by the render that replaces it; a fresh one's, again here.
    if (found.stale) refreshInBackground(app, cache, entry, request, page);
    else replayEffects(app, found.meta.effects ?? [], request);
    const body = encoding ? found.body : await identityBody(found.body);
    return sendPage(request, reply, found.meta, body, encoding, found.stale ? 'stale' : 'hit');
  }
  const rendered = await cache.renders.run(page.key, () => renderAndStore(app, cache, entry, request, page));
  const body = encoding ? rendered.page[encoding] : Buffer.from(rendered.html);
  if (!rendered.cached) reply.header('cache-control', 'no-cache');
  return sendPage(request, reply, rendered.page, body, encoding, 'miss');
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  meta: { status: number; hash: string },
  body: Buffer,
  encoding: Encoding | null,
  state: 'hit' | 'stale' | 'miss',
) {
  const etag = entityTag(meta.hash, encoding);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
  reply.header('etag', etag).header('vary', 'accept-encoding').header('x-page-cache', state);
  reply.type('text/html; charset=utf-8');
  if (meta.status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.status(meta.status).send(body);
}

function refreshInBackground(
  app: FastifyInstance,
  cache: PageCache,
  entry: SsrEntry,
  request: FastifyRequest,
  page: { key: string; url: URL; head: () => Promise<PageParts> },
) {
  const refresh = cache.renders
    .run(page.key, () => renderAndStore(app, cache, entry, request, page))
    .catch((error: unknown) => request.log.error({ err: error }, 'page cache refresh failed'));
  cache.refreshes.add(refresh);
  void refresh.finally(() => cache.refreshes.delete(refresh));
}

async function renderAndStore(
  app: FastifyInstance,
  cache: PageCache,
  entry: SsrEntry,
  request: FastifyRequest,
  page: { key: string; url: URL; head: () => Promise<PageParts> },
): Promise<RenderResult> {
  // The version before the page's data is read: a change committed meanwhile leaves the page stale.
  const version = await cache.store.version().catch(() => null);
  const parts = await page.head();
  const rendered = await renderWholePage(app, entry, request, page.url);
  const html = `${parts.before}${rendered?.html ?? ''}${parts.after}`;
  const freshMs = page.url.pathname === '/productlist' ? LIST_FRESH_MS : PAGE_FRESH_MS;
  const stored = await cachedPage(html, {
    status: parts.status,
    tags: rendered?.tags ?? [],
    version: version ?? 0,
    freshMs,
    effects: rendered?.effects ?? [],
  });
  const cacheable = rendered !== null && parts.status === 200 && version !== null;
  if (cacheable) {
    await cache.store
      .set(page.key, stored, app.config.pageCache.ttlMs)
      .catch((error: unknown) => request.log.warn({ err: error }, 'page cache unavailable; not stored'));
  }
  return { page: stored, html, cached: cacheable };
}

/**
 * The outbox's way into the cache: one subscriber per event that changes a public page, each marking
 * the tags of the pages that show what changed. Delivered at least once; marking twice does no harm.
 */
export function registerPageInvalidation(app: FastifyInstance, cache: PageCache) {
  const mark = (tags: string[]) => cache.invalidate(tags);
  app.events.on('product.changed', 'page-cache.product-changed', ({ productIds, companyId, listing }) =>
    mark([
      ...productIds.map((id) => PAGE_TAGS.product(id)),
      PAGE_TAGS.store(companyId),
      ...(listing ? [PAGE_TAGS.catalog] : []),
    ]),
  );
  app.events.on('company.changed', 'page-cache.company-changed', ({ companyId }) =>
    mark([PAGE_TAGS.company(companyId), PAGE_TAGS.store(companyId), PAGE_TAGS.directory, PAGE_TAGS.catalog]),
  );
  app.events.on('promotion.changed', 'page-cache.promotion-changed', ({ companyId }) =>
    mark([PAGE_TAGS.ads, PAGE_TAGS.store(companyId)]),
  );
  app.events.on('review.created', 'page-cache.review-created', ({ companyId }) =>
    mark([PAGE_TAGS.company(companyId), PAGE_TAGS.store(companyId), PAGE_TAGS.catalog]),
  );
  app.events.on('review.replied', 'page-cache.review-replied', ({ companyId }) => mark([PAGE_TAGS.store(companyId)]));
  app.events.on('review.moderated', 'page-cache.review-moderated', ({ companyId }) =>
    mark([PAGE_TAGS.company(companyId), PAGE_TAGS.store(companyId), PAGE_TAGS.catalog]),
  );
  app.events.on('blog.changed', 'page-cache.blog-changed', ({ postId, companyId }) =>
    mark([PAGE_TAGS.blog(postId), PAGE_TAGS.blogs, ...(companyId ? [PAGE_TAGS.store(companyId)] : [])]),
  );
  app.events.on('rates.changed', 'page-cache.rates-changed', () => mark([PAGE_TAGS.rates]));
  app.events.on('site-page.changed', 'page-cache.site-page-changed', ({ slug }) => mark([PAGE_TAGS.sitePage(slug)]));
}
