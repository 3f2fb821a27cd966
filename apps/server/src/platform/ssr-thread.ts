import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A render thread (decision 068): it loads the web app's server entry and renders pages the main thread
 * asks for. The page's API calls go back to the main thread, which answers them in process as it does
 * for a page rendered there; this thread only runs React. Plain Node, no project imports: the built
 * entry is all it needs.
 */

type ApiRequest = { method?: string; headers?: Record<string, string>; body?: string };
type ToThread =
  | { type: 'render'; id: number; url: string; userAgent: string; origin: string }
  | { type: 'answer'; call: number; status: number; contentType: string; body: ArrayBuffer | null };
type Entry = {
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(
    request: Request,
    origin: string,
  ): Promise<{ kind: 'redirect'; location: string } | { kind: 'page'; body: Readable; tail: string; tags: string[] }>;
};

const port = parentPort!;
const entry = (await import(pathToFileURL((workerData as { entryFile: string }).entryFile).href)) as Entry;
const currentRender = new AsyncLocalStorage<number>();
const calls = new Map<number, (response: Response) => void>();
let lastCall = 0;

entry.setApiTransport(
  (url, init) =>
    new Promise<Response>((resolve) => {
      const call = ++lastCall;
      calls.set(call, resolve);
      const request: ApiRequest = {
        method: init.method,
        headers: init.headers as Record<string, string> | undefined,
        body: typeof init.body === 'string' ? init.body : undefined,
      };
      port.postMessage({ type: 'api', render: currentRender.getStore(), call, url, request });
    }),
);

async function render(message: Extract<ToThread, { type: 'render' }>) {
  try {
    const request = new Request(message.url, { headers: { 'user-agent': message.userAgent } });
    const page = await currentRender.run(message.id, () => entry.renderPage(request, message.origin));
    if (page.kind === 'redirect') {
      port.postMessage({ type: 'rendered', id: message.id, page });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of page.body as AsyncIterable<string | Buffer>)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    chunks.push(Buffer.from(page.tail));
    // A copy of its own, so the buffer moves to the main thread rather than being cloned there.
    const html = new Uint8Array(Buffer.concat(chunks));
    port.postMessage({ type: 'rendered', id: message.id, page: { kind: 'page', html, tags: page.tags } }, [
      html.buffer,
    ]);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    port.postMessage({ type: 'failed', id: message.id, error: text });
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'render') {
    void render(message);
    return;
  }
  const resolve = calls.get(message.call);
  calls.delete(message.call);
  resolve?.(new Response(message.body, { status: message.status, headers: { 'content-type': message.contentType } }));
});
