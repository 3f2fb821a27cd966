import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { sampleCsv } from '../../apps/server/src/modules/catalog/sample-csv.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { measure, percentile, type Figures } from '../lib.ts';

type Api = (
  path: string,
  init?: { method?: string; body?: unknown; form?: FormData },
) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

function client(base: string, token?: string): Api {
  return async (path, init = {}) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    return { status: response.status, json: await response.json() };
  };
}

/** A product with 5 × 10 = 50 combinations, priced by quantity. */
function fiftyCombinations(ids: Record<string, number>) {
  return {
    name: 'Bench Flanged Ball Valve',
    description: 'Benchmark product with fifty combinations.',
    choice_options: [
      { name: 'Size', values: ['15 mm', '20 mm', '25 mm', '32 mm', '40 mm'] },
      { name: 'Material', values: ['WCB', 'CF8', 'CF8M', 'LCC', 'WC6', 'Brass', 'Bronze', 'PVC', 'CPVC', 'PP'] },
    ],
    category_lists: [ids.category],
    brand_id: ids.brand,
    sea_: 'Nhava Sheva (INNSA)',
    port_: 'Mumbai (BOM)',
    price_term: ids.priceTerm,
    validity: '6 months',
    manufacturer_year: 2025,
    dispatch_in: 7,
    dispatch_day: 'Days',
    existence_place: 'Pune',
    country_origin_id: ids.country,
    order_quantity: [
      { min: 1, max: 99, per_unit: 40 },
      { min: 100, max: 999, per_unit: 35 },
    ],
    qty_unit: 1,
    qty_currency: 1,
    specifications: [{ name: 'General', items: [{ name: 'Pressure Rating', value: 'PN 16' }] }],
  };
}

/** Imports a 5,000-row file `runs` times into fresh companies; req/s holds rows per second. */
async function importFigures(
  api: (token: string) => Api,
  signUpSeller: () => Promise<string>,
  brand: string,
  runs: number,
): Promise<Figures> {
  const { csv } = sampleCsv(5000, { brand, invalidEvery: 500 });
  const times: number[] = [];
  let errors = 0;
  for (let run = 0; run < runs; run += 1) {
    const token = await signUpSeller();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const started = performance.now();
    const response = await api(token)('/api/v1/product/import', { form });
    times.push(performance.now() - started);
    if (response.status !== 200 || response.json.data.created !== 4990) errors += 1;
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  return {
    scenario: 'POST /api/v1/product/import, 5,000 rows (req/s = rows/s)',
    rps: Math.round(5000 / (median / 1000)),
    p50: median,
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    requests: runs,
  };
}

export async function catalogScenarios(options: { seconds: number; databaseUrl?: string }): Promise<Figures[]> {
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DATABASE_URL: options.databaseUrl ?? '' });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const anonymous = client(base);
  let sellers = 0;
  const signUpSeller = async () => {
    sellers += 1;
    const response = await anonymous('/api/v1/auth/signup', {
      body: {
        full_name: 'Bench Seller',
        email_id: `bench.catalog.${Date.now()}.${sellers}@example.test`,
        password: DEMO_PASSWORD,
        user_type: 'seller',
        company_name: `Bench Catalogue ${sellers}`,
        company_type: 'Manufacturers',
      },
    });
    if (response.status !== 201) throw new Error(`bench sign-up failed: ${response.status}`);
    return response.json.data.token as string;
  };
  try {
    const token = await signUpSeller();
    const seller = client(base, token);
    const brands = await anonymous('/api/v1/brands/list?search=audco');
    const categories = await anonymous('/api/v1/category/all');
    const terms = await anonymous('/api/v1/front/price_terms/list?type=price_term');
    const countries = await anonymous('/api/v1/countries');
    const ids = {
      brand: brands.json.data.data[0].id,
      category: categories.json.data.find((c: { slug: string }) => c.slug === 'ball-valves').id,
      priceTerm: terms.json.data.find((t: { name: string }) => t.name === 'FOB').id,
      country: countries.json.data.find((c: { iso2: string }) => c.iso2 === 'IN').id,
    };
    const body = fiftyCombinations(ids);
    const first = await seller('/api/v1/product/create', { body });
    if (first.status !== 201) throw new Error(`bench product failed: ${JSON.stringify(first.json)}`);
    const headers = { authorization: `Bearer ${token}` };
    const seconds = options.seconds;
    return [
      await measure('baseline: POST /api/v1/product/view/single/list', {
        url: `${base}/api/v1/product/view/single/list`,
        method: 'POST',
        body: { id: first.json.data.id },
        headers,
        connections: 4,
        seconds,
      }),
      await measure('POST /api/v1/product/create, 50 combinations', {
        url: `${base}/api/v1/product/create`,
        method: 'POST',
        body,
        headers,
        connections: 4,
        seconds,
      }),
      await measure('POST /api/v1/product/update/:id, 50 combinations', {
        url: `${base}/api/v1/product/update/${first.json.data.id}`,
        method: 'POST',
        body: { ...body, name: 'Bench Flanged Ball Valve, saved again' },
        headers,
        connections: 4,
        seconds,
      }),
      await measure('POST /api/v1/product/matrix/list (50 rows)', {
        url: `${base}/api/v1/product/matrix/list`,
        method: 'POST',
        body: { product_id: first.json.data.id },
        headers,
        connections: 4,
        seconds,
      }),
      await importFigures((t) => client(base, t), signUpSeller, brands.json.data.data[0].name, 3),
    ];
  } finally {
    await app.close();
  }
}
