import { AsyncResource } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';

/**
 * Server rendering on threads of its own (decision 068). React's render of a public page is pure CPU and
 * took most of the main thread on a cache miss, so one instance rendered on one core while the database
 * and the other cores idled. Render threads load the web app's server entry and render there; each page's
 * API calls come back here and are answered by `answerApi` in the async context of the page's request
 * (its session id, the page effects it records, its once-per-page reads), exactly as for a page rendered
 * on the main thread.
 */

/** A page rendered whole: the app's HTML followed by the state to hydrate and the structured data. */
export type WholePage = { kind: 'redirect'; location: string } | { kind: 'page'; html: Buffer; tags: string[] };

type ApiRequest = { method?: string; headers?: Record<string, string>; body?: string };
export type AnswerApi = (url: string, init: RequestInit) => Promise<Response>;

type FromThread =
  | { type: 'api'; render: number; call: number; url: string; request: ApiRequest }
  | {
      type: 'rendered';
      id: number;
      page: { kind: 'redirect'; location: string } | { kind: 'page'; html: Uint8Array; tags: string[] };
    }
  | { type: 'failed'; id: number; error: string };

type Pending = {
  answer: AnswerApi;
  resolve: (page: WholePage) => void;
  reject: (error: Error) => void;
};
type Thread = { worker: Worker; pending: Map<number, Pending> };

const THREAD_FILE = new URL('./ssr-thread.ts', import.meta.url);

/**
 * Each thread's heap, capped. Left to itself V8 lets a busy thread's young generation and old space grow
 * far past what its pages hold, and keeps them: a crawl of distinct pages raised the process's resident
 * memory by 230 MiB this way (decision 068). A page's garbage is short-lived and its live data small, so
 * these sizes hold many pages at once; a thread that still runs out dies, and its pages fail as below.
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

export type RenderThreads = {
  render(url: URL, userAgent: string, origin: string): Promise<WholePage>;
  close(): Promise<void>;
};

/**
 * `count` render threads for the built entry `entryFile`, started on the first page (a process that
 * serves no page starts none). A thread that dies fails its pages (the browser renders them) and is
 * replaced on the next page.
 */
export function startRenderThreads(entryFile: string, count: number, answerApi: AnswerApi): RenderThreads {
  const threads: (Thread | null)[] = Array.from({ length: count }, () => null);
  let lastId = 0;
  let closed = false;

  function start(slot: number): Thread {
    const worker = new Worker(THREAD_FILE, { workerData: { entryFile }, resourceLimits: THREAD_HEAP });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (message: FromThread) => receive(thread, message));
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = null;
      for (const page of thread.pending.values()) page.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render thread stopped (exit code ${code})`)));
    threads[slot] = thread;
    return thread;
  }

  function receive(thread: Thread, message: FromThread) {
    if (message.type === 'api') {
      void answerCall(thread, message);
      return;
    }
    const page = thread.pending.get(message.id);
    thread.pending.delete(message.id);
    if (!page) return;
    if (message.type === 'failed') page.reject(new Error(`server rendering failed: ${message.error}`));
    else if (message.page.kind === 'redirect') page.resolve(message.page);
    else {
      const { html, tags } = message.page;
      page.resolve({ kind: 'page', html: Buffer.from(html.buffer, html.byteOffset, html.byteLength), tags });
    }
  }

  async function answerCall(thread: Thread, message: Extract<FromThread, { type: 'api' }>) {
    const page = thread.pending.get(message.render);
    let reply: { status: number; contentType: string; body: ArrayBuffer | null };
    try {
      if (!page) throw new Error('the page is no longer being rendered');
      const response = await page.answer(message.url, message.request as RequestInit);
      const body = response.body ? await response.arrayBuffer() : null;
      reply = { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
    } catch (error) {
      const text = JSON.stringify({ message: error instanceof Error ? error.message : String(error) });
      reply = { status: 500, contentType: 'application/json', body: new TextEncoder().encode(text).buffer };
    }
    thread.worker.postMessage({ type: 'answer', call: message.call, ...reply }, reply.body ? [reply.body] : []);
  }

  /** The thread with the fewest pages under way, started if its slot is empty. */
  function leastBusy(): Thread {
    let best: { slot: number; load: number } | null = null;
    for (const [slot, thread] of threads.entries()) {
      const load = thread?.pending.size ?? 0;
      if (!best || load < best.load) best = { slot, load };
    }
    const slot = best!.slot;
    return threads[slot] ?? start(slot);
  }

  return {
    render(url, userAgent, origin) {
      if (closed) return Promise.reject(new Error('the render threads are closed'));
      const thread = leastBusy();
      const id = ++lastId;
      return new Promise<WholePage>((resolve, reject) => {
        // Bound here: the page's API calls run in this request's async context, whenever they arrive.
        thread.pending.set(id, { answer: AsyncResource.bind(answerApi), resolve, reject });
        thread.worker.postMessage({ type: 'render', id, url: url.href, userAgent, origin });
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}
