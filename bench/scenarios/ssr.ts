import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { startChild, stopChild } from '../child-process.ts';
import { benchDatabaseUrl, measureFirstByte, percentile, type Figures } from '../lib.ts';

/**
 * Server-rendered public pages (issue 16, acceptance 5; decision 029) and their cache (issue 39,
 * decision 050): 32 clients load the HTML of /productlist?keyword=pump, a product page, the demo
 * seller's mini-site and a blog post, timed to the first byte and to the last, beside the JSON search
 * the list renders (POST front/product/list), on a server with the page cache (warm) and on one
 * without it (cold, PAGE_CACHE=false). Every request accepts brotli, as browsers do. Then:
 * - edit to visible: the demo seller changes a product's price (product/update) and anonymous GETs
 *   of its page and of a list that shows it are repeated until both carry the new price; on one
 *   instance, and (with DATABASE_URL and REDIS_URL) on a second instance sharing PostgreSQL and Redis;
 * - a crawl of SSR_CRAWL_URLS (100,000) distinct list addresses, then the server's resident memory
 *   beside its cache size (PAGE_CACHE_BYTES, 32 MB here).
 * The server runs in its own process on the demo marketplace, with the web app built (`npm run build`).
 */
const CLIENTS = 32;
const WARMUP_SECONDS = 3;
const SERVER = new URL('../app-server.ts', import.meta.url);
const HEADERS = { 'accept-encoding': 'br, gzip' };
const EDITS = Number(process.env.SSR_EDITS ?? 20);
const CRAWL_URLS = Number(process.env.SSR_CRAWL_URLS ?? 100_000);
/** SSR_MODES=cold,warm (the default) picks the page loads to run; SSR_MODES= runs the crawl alone. */
const MODES = (process.env.SSR_MODES ?? 'cold,warm').split(',').filter((mode) => mode === 'cold' || mode === 'warm');
const CRAWL_CACHE_BYTES = 32 * 1024 * 1024;
const CRAWL_CLIENTS = 8;
const CRAWL_WARMUP = 200;
/** Prefix of the PostgreSQL databases made (and dropped) for the servers. */
const DB_PREFIX = process.env.SSR_BENCH_DB_PREFIX ?? 'ssr_bench';

type Demo = { product: string; productId: number; miniSite: string; blogPost: string };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  return (await response.json()) as T;
}

async function demoPages(base: string): Promise<Demo> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const list = await json<{
      data?: { data?: { id: number; product_url: string; company_details: { slug: string } }[] };
    }>(`${base}/api/v1/front/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'pump', page: 1, per_page: 10 }),
    });
    const first = list.data?.data?.[0];
    if (first) {
      const posts = await json<{ data: { data: { slug: string }[] } }>(`${base}/api/v1/blogs/getAll?page=1`);
      return {
        product: first.product_url,
        productId: first.id,
        miniSite: `/mini-site/${first.company_details.slug}`,
        blogPost: `/blogdetail/${posts.data.data[0].slug}`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the demo products did not appear');
}

function startServer(env: Record<string, string>) {
  // One instance: the in-process cache, whatever REDIS_URL the bench itself was given.
  return startChild(SERVER, { BENCH_DEMO_DATA: 'true', REDIS_URL: '', ...env });
}

async function pageLoads(label: string, base: string, demo: Demo, seconds: number): Promise<Figures[]> {
  const load = { connections: CLIENTS, seconds, warmupSeconds: WARMUP_SECONDS, headers: HEADERS };
  const html = await (await fetch(`${base}/productlist?keyword=pump`)).text();
  if (!html.includes('"@type":"ItemList"')) throw new Error('the web app is not built for server rendering');
  const pages: [string, string][] = [
    ['/productlist?keyword=pump', '/productlist?keyword=pump'],
    ['a product page', demo.product],
    ['a mini-site page', demo.miniSite],
    ['a blog post', demo.blogPost],
  ];
  const rows = await measureFirstByte(`${label}: POST front/product/list, keyword pump (JSON, baseline)`, {
    ...load,
    url: `${base}/api/v1/front/product/list`,
    method: 'POST',
    body: { keyword: 'pump', page: 1, per_page: 10 },
  });
  const measured: Figures[] = [...rows];
  for (const [name, path] of pages)
    measured.push(...(await measureFirstByte(`${label}: GET ${name} (HTML)`, { ...load, url: `${base}${path}` })));
  return measured;
}

/** The demo seller's token and a way to set the price of `productId` (its form read back, tiers changed). */
async function priceEditor(base: string, productId: number) {
  const signin = await json<{ data: { token: string } }>(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_id: DEMO_ACCOUNTS.seller, password: DEMO_PASSWORD }),
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${signin.data.token}` };
  const detail = await json<{
    data: Record<string, unknown> & { order_quantity: { min: number; max: number | null; per_unit: number }[] };
  }>(`${base}/api/v1/product/view/single/list`, { method: 'POST', headers, body: JSON.stringify({ id: productId }) });
  return async (price: number) => {
    const form = {
      ...detail.data,
      // The form names its photos by id; the edit state shows them whole.
      photos: (detail.data.photos as { id: number }[] | undefined)?.map((photo) => photo.id),
      // Priced in the currency pages show by default, so the page shows the number as set (no conversion).
      qty_currency: DEFAULT_CURRENCY_ID,
      ...('currency_id' in detail.data ? { currency_id: DEFAULT_CURRENCY_ID } : {}),
      // A fixed price shows its unit price, a quantity price its lowest tier: both become `price`.
      unit_price: price,
      order_quantity: detail.data.order_quantity.map((tier, index) => ({ ...tier, per_unit: price + index })),
    };
    const response = await fetch(`${base}/api/v1/product/update/${productId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(form),
    });
    if (response.status !== 200) throw new Error(`price edit failed: ${response.status} ${await response.text()}`);
  };
}

/** Anonymous GET of `url` (as a browser: brotli) until its HTML holds `text`; answers the ms it took. */
async function visibleAfter(url: string, text: string, since: number, giveUpMs = 15_000) {
  for (;;) {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
          let data = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (data += chunk));
          response.on('end', () => resolve(data));
        })
        .on('error', reject);
    });
    if (body.includes(text)) return performance.now() - since;
    if (performance.now() - since > giveUpMs) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Edits the price EDITS times through `editBase`; each time, both pages on `viewBase` are polled until they show it. */
async function editToVisible(name: string, editBase: string, viewBase: string, demo: Demo): Promise<Figures> {
  const setPrice = await priceEditor(editBase, demo.productId);
  const list = `${viewBase}/productlist?keyword=pump`;
  // Warm both pages first: the figure is for pages a visitor already had from the cache.
  await fetch(`${viewBase}${demo.product}`);
  await fetch(list);
  const times: number[] = [];
  const started = performance.now();
  for (let edit = 0; edit < EDITS; edit += 1) {
    const price = 70_000 + edit * 10 + Math.floor(Math.random() * 5);
    const shown = price.toLocaleString('en-US');
    const since = performance.now();
    await setPrice(price);
    const [page, listed] = await Promise.all([
      visibleAfter(`${viewBase}${demo.product}`, shown, since),
      visibleAfter(list, shown, since),
    ]);
    times.push(Math.max(page, listed));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  times.sort((a, b) => a - b);
  const lost = times.filter((time) => !Number.isFinite(time)).length;
  return {
    scenario: `${name}: price edit until the product page and a list show it (anonymous GET, ms)`,
    rps: Math.round((times.length / (performance.now() - started)) * 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: lost,
    requests: times.length,
  };
}

function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CRAWL_URLS distinct list addresses by CRAWL_CLIENTS clients; the server's memory before and after. */
async function crawl(base: string, pid: number, notes: string[]) {
  const idle = residentMb(pid);
  const prefix = randomBytes(3).toString('hex');
  // A first few pages bring the renderer's heap to its working size; the figure is what the crawl adds to it.
  await crawlRange(base, `${prefix}w`, CRAWL_WARMUP);
  const before = residentMb(pid);
  const started = performance.now();
  // Resident memory at every tenth of the crawl: a leak climbs with the addresses, a bounded cache levels off.
  const samples: string[] = [];
  const sample = (done: number) => {
    if (done % Math.max(1, Math.floor(CRAWL_URLS / 10)) === 0) samples.push(`${done}: ${residentMb(pid).toFixed(0)}`);
  };
  const errors = await crawlRange(base, prefix, CRAWL_URLS, sample);
  const after = residentMb(pid);
  const seconds = (performance.now() - started) / 1000;
  notes.push(`Crawl's resident memory (MiB) by addresses done: ${samples.join(', ')}.`);
  notes.push(
    `Crawl: ${CRAWL_URLS.toLocaleString('en-US')} distinct list addresses (${CRAWL_CLIENTS} clients, ${Math.round(CRAWL_URLS / seconds)} pages/s, ${errors} errors) ` +
      `on a server with PAGE_CACHE_BYTES=${CRAWL_CACHE_BYTES / 2 ** 20} MiB: resident memory ${idle.toFixed(0)} MiB idle, ${before.toFixed(0)} MiB after ${CRAWL_WARMUP} warm-up pages, ` +
      `${after.toFixed(0)} MiB after the crawl (${(after - before).toFixed(0)} MiB more; the bar: at most the cache size plus 50 MiB).`,
  );
}

async function crawlRange(base: string, prefix: string, count: number, onDone: (done: number) => void = () => {}) {
  let next = 0;
  let done = 0;
  let errors = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CRAWL_CLIENTS });
  const client = async () => {
    while (next < count) {
      const index = next++;
      await new Promise<void>((resolve) => {
        http
          .get(
            `${base}/productlist?keyword=${prefix}${index}&utm_source=crawl`,
            { agent, headers: HEADERS },
            (response) => {
              if ((response.statusCode ?? 500) >= 500) errors += 1;
              response.resume();
              response.on('end', () => {
                onDone((done += 1));
                resolve();
              });
            },
          )
          .on('error', () => {
            errors += 1;
            onDone((done += 1));
            resolve();
          });
      });
    }
  };
  await Promise.all(Array.from({ length: CRAWL_CLIENTS }, client));
  agent.destroy();
  return errors;
}

export async function ssrScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] } = { lines: [] },
): Promise<Figures[]> {
  const rows: Figures[] = [];
  const redisUrl = process.env.REDIS_URL;
  // Cold first (no cache), then warm, each on a fresh database of its own.
  for (const mode of MODES) {
    const target = await benchDatabaseUrl(options.databaseUrl, `${DB_PREFIX}_${mode}`);
    const server = await startServer({
      DATABASE_URL: target.url ?? '',
      PAGE_CACHE: mode === 'warm' ? 'true' : 'false',
    });
    let running = true;
    try {
      const base = server.announced.split(' ')[1];
      const demo = await demoPages(base);
      const label = mode === 'warm' ? 'warm (cache on)' : 'cold (PAGE_CACHE=false)';
      rows.push(...(await pageLoads(label, base, demo, options.seconds)));
      if (mode !== 'warm') continue;
      rows.push(await editToVisible('one instance', base, base, demo));
      if (!target.url || !redisUrl) {
        notes.lines.push(
          'Two instances sharing Redis: measured with DATABASE_URL and REDIS_URL set (PGlite is one process).',
        );
        continue;
      }
      // The in-process cache's server stops first: it would deliver page-cache events to its own store.
      await stopChild(server.child);
      running = false;
      const env = {
        DATABASE_URL: target.url,
        REDIS_URL: redisUrl,
        PAGE_CACHE_KEY: `bench-${randomBytes(3).toString('hex')}`,
      };
      const one = await startChild(SERVER, env);
      const two = await startChild(SERVER, env);
      try {
        rows.push(
          await editToVisible(
            'two instances + Redis (edit on one, read on the other)',
            one.announced.split(' ')[1],
            two.announced.split(' ')[1],
            demo,
          ),
        );
      } finally {
        await stopChild(one.child);
        await stopChild(two.child);
      }
    } finally {
      if (running) await stopChild(server.child);
      await target.drop();
    }
  }
  if (CRAWL_URLS > 0) {
    const target = await benchDatabaseUrl(options.databaseUrl, `${DB_PREFIX}_crawl`);
    const server = await startServer({ DATABASE_URL: target.url ?? '', PAGE_CACHE_BYTES: String(CRAWL_CACHE_BYTES) });
    try {
      const base = server.announced.split(' ')[1];
      await demoPages(base);
      await crawl(base, server.child.pid!, notes.lines);
    } finally {
      await stopChild(server.child);
      await target.drop();
    }
  }
  return rows;
}
