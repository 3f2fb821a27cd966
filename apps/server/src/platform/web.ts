import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './http.ts';
import { createHash } from 'node:crypto';
import {
  createPageCache,
  PRIVATE_PAGE_CACHE_CONTROL,
  registerPageInvalidation,
  serveCachedPage,
} from './cached-pages.ts';
import {
  carriesSession,
  isServerRenderedPath,
  loadSsrEntry,
  pageTemplate,
  rendersOnServer,
  sendServerPage,
  type SsrEntry,
} from './ssr.ts';

const apiPrefixes = ['/api/', '/crm/v1/', '/chat/v1/', '/broadcasting/'];

/**
 * What a page's HTML carries before any JavaScript runs (search engines, link previews): a module
 * registers a renderer for a path prefix; `head` is inserted before </head> as given, so the
 * renderer escapes everything it puts there. `status` 404 still serves the app, which shows its
 * own not-found page.
 */
export type PageHead = { status?: number; title: string; description: string; head: string };
export type HeadRenderer = (request: FastifyRequest) => Promise<PageHead | null>;

declare module 'fastify' {
  interface FastifyInstance {
    headRenderers: Map<string, HeadRenderer>;
  }
}

export function registerHeadRenderers(app: FastifyInstance) {
  app.decorate('headRenderers', new Map());
}

export function addHeadRenderer(app: FastifyInstance, prefix: string, renderer: HeadRenderer) {
  app.headRenderers.set(prefix, renderer);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside <script>: nothing in it may close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `text` on one line, cut to `max` characters with an ellipsis (descriptions, JSON-LD). */
export function plainText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function withHead(html: string, page: PageHead): string {
  const description = `<meta name="description" content="${escapeHtml(page.description)}" />`;
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, description)
    .replace('</head>', `${page.head}\n  </head>`);
}

async function moduleHead(app: FastifyInstance, request: FastifyRequest, urlPath: string) {
  const renderer = [...app.headRenderers].find(([prefix]) => urlPath.startsWith(prefix))?.[1];
  if (!renderer) return null;
  try {
    return await renderer(request);
  } catch (error) {
    request.log.error({ err: error }, 'page head rendering failed');
    return null;
  }
}

/** `indexHtml` is the built app's page, read once at start. */
async function renderedPage(app: FastifyInstance, indexHtml: string, request: FastifyRequest, urlPath: string) {
  const page = await moduleHead(app, request, urlPath);
  if (!page) return null;
  return { status: page.status ?? 200, html: withHead(indexHtml, page) };
}

/** Head tags of a page the web app describes (its title, description, canonical and Open Graph). */
function describedHead(entry: SsrEntry, url: URL, publicUrl: string): PageHead | null {
  const described = entry.documentHead(url);
  if (!described) return null;
  const canonical = `${publicUrl}${described.canonicalPath}`;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('og:type', described.ogType),
    meta('og:site_name', 'TradeLoop'),
    meta('og:title', described.title),
    meta('og:description', described.description),
    meta('og:url', canonical),
    '<meta name="twitter:card" content="summary" />',
  ];
  return { title: described.title, description: described.description, head: tags.map((tag) => `  ${tag}`).join('\n') };
}

/** A page the web app does not describe (never: every cached path has a head). */
const EMPTY_HEAD: PageHead = { title: 'TradeLoop', description: '', head: '' };

/**
 * Serves the built web app: public pages rendered on the server when its rendering entry is built
 * (decision 029), files compressed at build time, and index.html for any other non-API path so
 * the client router decides.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, options: { pageCacheKey?: string } = {}) {
  const ssr = await loadSsrEntry(app, webDist);
  const indexHtml = await fsp.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => null);
  const template = ssr && indexHtml !== null ? pageTemplate(indexHtml) : null;
  // Anonymous server-rendered pages are cached (decision 050), per build of the web app.
  const build = createHash('sha256')
    .update(indexHtml ?? '')
    .digest('base64url')
    .slice(0, 12);
  const cache =
    ssr && template && app.config.pageCache.enabled
      ? createPageCache(app, { build, redisKey: options.pageCacheKey })
      : null;
  app.decorate('pageCache', cache);
  if (cache) registerPageInvalidation(app, cache);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // Built files come with .br and .gz beside them (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (apiPrefixes.some((prefix) => urlPath.startsWith(prefix))) return sendRouteNotFound(reply);
    if (ssr && template && rendersOnServer(request, urlPath)) {
      const url = new URL(request.url, app.config.publicUrl);
      const key = cache ? ssr.pageKey(url) : null;
      if (cache && key) {
        const keyUrl = new URL(key, app.config.publicUrl);
        const head = async () => {
          const found = (await moduleHead(app, request, urlPath)) ?? describedHead(ssr, keyUrl, app.config.publicUrl);
          const parts = pageTemplate(withHead(`${template.before}</div>${template.after}`, found ?? EMPTY_HEAD));
          return { ...parts, status: found?.status ?? 200 };
        };
        return serveCachedPage(app, cache, ssr, request, reply, { key, url: keyUrl, head });
      }
      const head = (await moduleHead(app, request, urlPath)) ?? describedHead(ssr, url, app.config.publicUrl);
      if (head) {
        const { before, after } = pageTemplate(withHead(`${template.before}</div>${template.after}`, head));
        return sendServerPage(app, ssr, request, reply, { status: head.status ?? 200, before, after });
      }
    }
    // A public page asked with a session: the browser renders it; nothing shared may keep it.
    const session = isServerRenderedPath(urlPath) && carriesSession(request);
    const rendered = indexHtml === null ? null : await renderedPage(app, indexHtml, request, urlPath);
    if (rendered) {
      return reply
        .status(rendered.status)
        .header('cache-control', session ? PRIVATE_PAGE_CACHE_CONTROL : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(rendered.html);
    }
    const file = path.normalize(urlPath).replace(/^(\.\.(\/|\\|$))+/, '');
    const candidate = path.join(webDist, file);
    if (file !== '/' && candidate.startsWith(webDist) && path.extname(file)) {
      return reply.sendFile(file);
    }
    // An address the web app has no page for shows its "not found" page, with the status that says so.
    return reply
      .status(ssr && !ssr.isAppPath(urlPath) ? 404 : 200)
      .header('cache-control', session ? PRIVATE_PAGE_CACHE_CONTROL : 'no-cache')
      .sendFile('index.html');
  });
  app.setNotFoundHandler((_request, reply) => sendRouteNotFound(reply));
}
