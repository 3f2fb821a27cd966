import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordingEffects, type PageEffect } from './page-effects.ts';
import { startRenderThreads, type AnswerApi, type WholePage } from './ssr-threads.ts';

/**
 * Public pages rendered on the server with React and hydrated in the browser (decision 029). The
 * web app's server entry is built by Vite into apps/web/dist-ssr/ (`npm run build`); without it
 * the server serves the client-rendered app as before.
 */

/** What the web app's dist-ssr/entry-server.js exports (apps/web/src/entry-server.tsx). */
type DocumentHead = { title: string; description: string; canonicalPath: string; ogType: string };
type RenderedPage =
  { kind: 'redirect'; location: string } | { kind: 'page'; body: Readable; tail: string; tags: string[] };
type EntryModule = {
  setApiTransport(transport: AnswerApi): void;
  documentHead(url: URL): DocumentHead | null;
  /** The page cache's key of an address; null: not cached (decision 050). */
  pageKey(url: URL): string | null;
  /** Whether the web app has a page at this path; false: it shows its "not found" page, answered 404. */
  isAppPath(path: string): boolean;
  renderPage(request: Request, origin: string): Promise<RenderedPage>;
};

/** The web app's server entry as the server uses it: pages are rendered whole, on render threads or here. */
export type SsrEntry = Pick<EntryModule, 'documentHead' | 'pageKey' | 'isAppPath'> & {
  /** Call inside `rendering.run(request, …)`: the page's API calls are answered for that request. */
  renderWhole(url: URL, userAgent: string, origin: string): Promise<WholePage>;
};

/** Paths rendered on the server; everything else (CRM, chat, seller tools) renders in the browser. */
const SERVER_RENDERED = [
  /^\/$/,
  /^\/home$/,
  /^\/productlist$/,
  /^\/productdetail\/.+/,
  /^\/category\/.+/,
  /^\/page\/[^/]+$/,
  /^\/user\/(signin|signup)$/,
  /^\/mini-site\/[^/]+(\/(about-us|our-products|blog|contact-us))?\/?$/,
  /^\/blog$/,
  /^\/blogdetail\/[^/]+$/,
];

/** The session cookie the web app sets beside its stored token (apps/web/src/lib/storage.ts). */
const SIGNED_IN_COOKIE = /(?:^|;\s*)token=[^;]/;

/** Whether a path is one of the pages rendered on the server (for signed-out visitors). */
export function isServerRenderedPath(urlPath: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(urlPath));
}

/** Whether the request carries a session (the web app's token cookie) or a sign-in link. */
export function carriesSession(request: FastifyRequest): boolean {
  if (SIGNED_IN_COOKIE.test(request.headers.cookie ?? '')) return true;
  const query = request.query as Record<string, unknown> | undefined;
  return query?.autologin !== undefined;
}
const SESSION_ID_COOKIE = /(?:^|;\s*)sessionId=([^;]+)/;

/**
 * Whether this request gets the server's HTML: a public page, signed out (a signed-in visitor's
 * header, menu and prices depend on the session the browser holds), and no sign-in link to use.
 */
export function rendersOnServer(request: FastifyRequest, urlPath: string): boolean {
  return isServerRenderedPath(urlPath) && !carriesSession(request);
}

/**
 * Loads the web app's server entry, or null when it is not built. With `SSR_THREADS` above 0 pages are
 * rendered on that many threads (decision 068); with 0, on the main thread.
 */
export async function loadSsrEntry(app: FastifyInstance, webDist: string): Promise<SsrEntry | null> {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as EntryModule;
  const answer: AnswerApi = (url, init) => answerApi(app, url, init);
  const described = { documentHead: entry.documentHead, pageKey: entry.pageKey, isAppPath: entry.isAppPath };
  if (app.config.ssrThreads === 0) {
    entry.setApiTransport(answer);
    return { ...described, renderWhole: (url, userAgent, origin) => renderHere(entry, url, userAgent, origin) };
  }
  const threads = startRenderThreads(file, app.config.ssrThreads, answer);
  app.addHook('onClose', () => threads.close());
  return { ...described, renderWhole: threads.render };
}

async function renderHere(entry: EntryModule, url: URL, userAgent: string, origin: string): Promise<WholePage> {
  const rendered = await entry.renderPage(new Request(url, { headers: { 'user-agent': userAgent } }), origin);
  if (rendered.kind === 'redirect') return rendered;
  return {
    kind: 'page',
    html: Buffer.concat([await wholeBody(rendered.body), Buffer.from(rendered.tail)]),
    tags: rendered.tags,
  };
}

/** The request a page is being rendered for: its API calls carry its address and session id. */
const rendering = new AsyncLocalStorage<FastifyRequest>();

/** Per page request, the reads its head and its render share (see `oncePerPage`). */
const pageReads = new WeakMap<FastifyRequest, Map<string, Promise<unknown>>>();

/**
 * A read a page's head and its render both make (a product page's head and its data), done once per page
 * request: `key` names the read and its arguments. Outside a page (an API call from a browser, or no
 * `pageRequest` and no render under way) it just runs `read`.
 */
export function oncePerPage<T>(key: string, read: () => Promise<T>, pageRequest = rendering.getStore()): Promise<T> {
  if (!pageRequest) return read();
  let reads = pageReads.get(pageRequest);
  if (!reads) pageReads.set(pageRequest, (reads = new Map()));
  if (!reads.has(key)) reads.set(key, read());
  return reads.get(key) as Promise<T>;
}

/** A call of the web app's API while a page renders, answered in process, signed out. */
async function answerApi(app: FastifyInstance, url: string, init: RequestInit): Promise<Response> {
  const page = rendering.getStore();
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  const sessionId = page?.headers.cookie?.match(SESSION_ID_COOKIE)?.[1];
  if (sessionId && headers['X-Session-Hash']) headers['X-Session-Hash'] = decodeURIComponent(sessionId);
  if (page?.headers['user-agent']) headers['user-agent'] = page.headers['user-agent'];
  const answer = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers,
    payload: typeof init.body === 'string' ? init.body : undefined,
    remoteAddress: page?.ip,
  });
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : answer.rawPayload, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}

/** The built index.html around the app: what comes before the root's content and after it. */
export type PageTemplate = { before: string; after: string };

const ROOT = '<div id="root"></div>';
/** The head's preloads of the app's modules (apps/web/build/preload-app.ts), with their line. */
const APP_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\sdata-app-module[^>]*>\n?/g;

export function pageTemplate(html: string): PageTemplate {
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error(`index.html has no ${ROOT}`);
  // The page works without JavaScript, so the note saying it does not goes.
  const after = html.slice(at + ROOT.length).replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  // The app's modules are fetched after the first paint (apps/web/src/main.tsx), not preloaded.
  const head = html.slice(0, at).replace(APP_PRELOAD, '');
  return { before: `${head}<div id="root">`, after: `</div>${after}` };
}

/**
 * Renders a page whole, for the page cache (decision 050): `url` is the page's normalized address,
 * the API calls carry `request`'s address, user agent and session id. Null when rendering failed
 * (logged); the caller serves the page with an empty root, which the browser renders.
 */
export async function renderWholePage(
  app: FastifyInstance,
  entry: SsrEntry,
  request: FastifyRequest,
  url: URL,
): Promise<{ html: string; tags: string[]; effects: PageEffect[] } | null> {
  try {
    const { result, effects } = await recordingEffects(async () => {
      const rendered = await renderFor(entry, request, url, app.config.publicUrl);
      return { html: rendered.html.toString(), tags: rendered.tags };
    });
    return { ...result, effects };
  } catch (error) {
    request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
    return null;
  }
}

/**
 * Streams a server-rendered page: the head (title, tags, stylesheet, scripts) goes out before the
 * page's data is read, so the browser fetches the assets meanwhile; then the app's HTML, the state
 * to hydrate and the structured data. Should rendering fail after the head went out, the page
 * ends with an empty root and the browser renders it, as without server rendering.
 */
export function sendServerPage(
  app: FastifyInstance,
  entry: SsrEntry,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; before: string; after: string },
) {
  const origin = app.config.publicUrl;
  const url = new URL(request.url, origin);
  const compressor = pageCompressor(request.headers['accept-encoding']);
  async function* html() {
    yield page.before;
    // The head goes out on its own (flushed, and written before rendering takes the thread): the
    // browser fetches the stylesheet and scripts while the page's data is read and rendered.
    if (compressor) await new Promise<void>((resolve) => compressor.stream.flush(() => resolve()));
    await new Promise((resolve) => setImmediate(resolve));
    try {
      // In one piece: React writes the page in 2 KB chunks, each of which would cost a compression job
      // and a socket write; the head is out already, and the data is read before the first chunk.
      yield (await renderFor(entry, request, url, origin)).html;
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
    }
    yield page.after;
  }
  reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (!compressor) return reply.send(Readable.from(html()));
  // Compressed here rather than by @fastify/compress (which leaves encoded answers alone), for the flush.
  reply.header('content-encoding', compressor.encoding).header('vary', 'accept-encoding');
  pipeline(Readable.from(html()), compressor.stream, () => {});
  return reply.send(compressor.stream);
}

/** A public page rendered whole for `request` (its API calls carry its address, user agent and session id). */
async function renderFor(entry: SsrEntry, request: FastifyRequest, url: URL, origin: string) {
  const userAgent = request.headers['user-agent'] ?? '';
  const rendered = await rendering.run(request, () => entry.renderWhole(url, userAgent, origin));
  if (rendered.kind === 'redirect') throw new Error(`a public page redirected to ${rendered.location}`);
  return rendered;
}

/** A rendered body, read to its end. */
async function wholeBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<string | Buffer>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

type Compressor = zlib.BrotliCompress | zlib.Gzip;

/** brotli (the fast level of every dynamic answer) or gzip, as the browser accepts; null: neither. */
function pageCompressor(acceptEncoding: string | undefined) {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  const choose = (encoding: 'br' | 'gzip', stream: Compressor) => ({ encoding, stream });
  if (/\bbr\b/.test(accepted))
    return choose('br', zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (/\bgzip\b/.test(accepted)) return choose('gzip', zlib.createGzip());
  return null;
}
