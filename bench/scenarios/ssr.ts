import { startChild, stopChild } from '../child-process.ts';
import { benchDatabaseUrl, measureFirstByte, type Figures } from '../lib.ts';

/**
 * Server-rendered public pages (issue 16, acceptance 5; decision 029): 32 clients load the HTML of
 * /productlist?keyword=pump and of a product page, timed to the first byte and to the last, beside
 * the JSON search the list page renders (POST front/product/list) in the same run. Every request
 * accepts brotli, as browsers do, so compression is in the figures. The server runs in its own
 * process on the demo marketplace, with the web app built (`npm run build`: dist and dist-ssr).
 * On PostgreSQL it gets a database of its own, dropped at the end.
 */
const CLIENTS = 32;
const WARMUP_SECONDS = 3;
const SERVER = new URL('../app-server.ts', import.meta.url);
const HEADERS = { 'accept-encoding': 'br, gzip' };

async function waitForProducts(base: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await fetch(`${base}/api/v1/front/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'pump', page: 1, per_page: 10 }),
    });
    const body = (await response.json()) as { data?: { data?: { product_url: string }[] } };
    const first = body.data?.data?.[0]?.product_url;
    if (first) return first;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the demo products did not appear');
}

export async function ssrScenarios(options: { seconds: number; databaseUrl?: string }): Promise<Figures[]> {
  const target = await benchDatabaseUrl(options.databaseUrl, 'ssr_bench');
  const server = await startChild(SERVER, { DATABASE_URL: target.url ?? '', BENCH_DEMO_DATA: 'true' });
  try {
    const base = server.announced.split(' ')[1];
    const product = await waitForProducts(base);
    const html = await (await fetch(`${base}/productlist?keyword=pump`)).text();
    if (!html.includes('"@type":"ItemList"')) throw new Error('the web app is not built for server rendering');
    const load = { connections: CLIENTS, seconds: options.seconds, warmupSeconds: WARMUP_SECONDS, headers: HEADERS };
    return [
      ...(await measureFirstByte('POST front/product/list, keyword pump (JSON, baseline)', {
        ...load,
        url: `${base}/api/v1/front/product/list`,
        method: 'POST',
        body: { keyword: 'pump', page: 1, per_page: 10 },
      })),
      ...(await measureFirstByte('GET /productlist?keyword=pump (HTML)', {
        ...load,
        url: `${base}/productlist?keyword=pump`,
      })),
      ...(await measureFirstByte('GET a product page (HTML)', { ...load, url: `${base}${product}` })),
    ];
  } finally {
    await stopChild(server.child);
    await target.drop();
  }
}
