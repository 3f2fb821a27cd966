import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRenderThreads, type RenderThreads } from './ssr-threads.ts';

/**
 * A server entry of the shape apps/web/src/entry-server.tsx exports, small enough to read: its page
 * asks the API for `/api/v1/echo?path=…` and renders the answer; `/exit` ends the thread mid-render.
 */
const ENTRY = `
import { Readable } from 'node:stream';
let transport;
export function setApiTransport(next) { transport = next; }
export async function renderPage(request, origin) {
  const url = new URL(request.url);
  if (url.pathname === '/moved') return { kind: 'redirect', location: '/elsewhere' };
  if (url.pathname === '/exit') process.exit(3);
  if (url.pathname === '/throw') throw new Error('the page broke');
  const answer = await transport('/api/v1/echo?path=' + url.pathname, { method: 'GET', headers: { accept: 'application/json' } });
  const data = await answer.json();
  return {
    kind: 'page',
    body: Readable.from(['<main>', data.page, '</main>']),
    tail: '<script>' + origin + ' ' + request.headers.get('user-agent') + '</script>',
    tags: ['page:' + data.page],
  };
}
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-ssr-threads-'));
const entryFile = path.join(dir, 'entry-server.js');
fs.writeFileSync(entryFile, ENTRY);

/** Stands for the request a page is rendered for (the server's `rendering` store). */
const pageRequest = new AsyncLocalStorage<string>();
const opened: RenderThreads[] = [];

function threads(count: number) {
  const started = startRenderThreads(entryFile, count, async (url) => {
    // Answered in the async context of the page's render call, not of the thread's message.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const page = `${pageRequest.getStore() ?? 'no request'} asked ${new URL(url, 'http://x').searchParams.get('path')}`;
    return new Response(JSON.stringify({ page }), { headers: { 'content-type': 'application/json' } });
  });
  opened.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(opened.map((started) => started.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('render threads (decision 068)', () => {
  it('renders pages on a thread, answering each page’s API calls in the context of its own request', async () => {
    const pool = threads(2);
    const pages = await Promise.all(
      ['alice', 'bob', 'carol'].map((who) =>
        pageRequest.run(who, () => pool.render(new URL(`http://x/p/${who}`), `agent-${who}`, 'https://site')),
      ),
    );
    expect(pages.map((page) => (page.kind === 'page' ? page.html.toString() : page.location))).toEqual(
      ['alice', 'bob', 'carol'].map(
        (who) => `<main>${who} asked /p/${who}</main><script>https://site agent-${who}</script>`,
      ),
    );
    expect(pages[1]).toMatchObject({ tags: ['page:bob asked /p/bob'] });
  });

  it('passes a redirect on, and fails a page whose render throws', async () => {
    const pool = threads(1);
    expect(await pool.render(new URL('http://x/moved'), '', 'https://site')).toEqual({
      kind: 'redirect',
      location: '/elsewhere',
    });
    await expect(pool.render(new URL('http://x/throw'), '', 'https://site')).rejects.toThrow('the page broke');
  });

  it('fails the pages of a thread that dies, and renders the next page on a new thread', async () => {
    const pool = threads(1);
    await expect(pool.render(new URL('http://x/exit'), '', 'https://site')).rejects.toThrow(/exit code 3/);
    const next = await pageRequest.run('dave', () => pool.render(new URL('http://x/p/after'), '', 'https://site'));
    expect(next.kind === 'page' && next.html.toString()).toContain('<main>dave asked /p/after</main>');
  });

  it('refuses pages once closed', async () => {
    const pool = threads(1);
    await pool.close();
    await expect(pool.render(new URL('http://x/p/late'), '', 'https://site')).rejects.toThrow('closed');
  });
});
