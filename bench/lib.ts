import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';

export type Load = {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  /** Load run first and not measured, so the figures are of a warmed-up server (JIT, caches, pools). */
  warmupSeconds?: number;
};

export type Figures = {
  scenario: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
};

/** The p-th percentile of sorted numbers (NaN for none). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Drives a URL with autocannon and keeps every response time, so the percentiles are exact. */
export async function measure(scenario: string, load: Load): Promise<Figures> {
  if (load.warmupSeconds) await measure(scenario, { ...load, seconds: load.warmupSeconds, warmupSeconds: 0 });
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        method: load.method ?? 'GET',
        body: load.body === undefined ? undefined : JSON.stringify(load.body),
        headers: { 'content-type': 'application/json', ...load.headers },
        connections: load.connections ?? 16,
        duration: load.seconds ?? 10,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1;
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    scenario,
    rps: Math.round(result.requests.total / (result.duration || 1)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

export function table(rows: Figures[]): string {
  const header = '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | requests |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|';
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '-');
  const lines = rows.map(
    (row) =>
      `| ${row.scenario} | ${row.rps} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.p99)} | ${row.errors} | ${row.requests} |`,
  );
  return [header, rule, ...lines].join('\n');
}

/**
 * Drives a URL with `connections` clients in a loop, each on its own keep-alive connection, and
 * times every answer twice: to its first byte and to its last. Two rows: "… first byte", "… full".
 */
export async function measureFirstByte(scenario: string, load: Load): Promise<[Figures, Figures]> {
  if (load.warmupSeconds) await measureFirstByte(scenario, { ...load, seconds: load.warmupSeconds, warmupSeconds: 0 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections ?? 16 });
  const body = load.body === undefined ? undefined : JSON.stringify(load.body);
  const firstBytes: number[] = [];
  const fulls: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + (load.seconds ?? 10) * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const begin = performance.now();
      let first = 0;
      const request = http.request(
        load.url,
        {
          agent,
          method: load.method ?? 'GET',
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...load.headers },
        },
        (response) => {
          if ((response.statusCode ?? 500) >= 400) errors += 1;
          response.on('data', () => {
            if (!first) first = performance.now();
          });
          response.on('end', () => {
            const end = performance.now();
            firstBytes.push((first || end) - begin);
            fulls.push(end - begin);
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const client = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: load.connections ?? 16 }, client));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const figures = (name: string, times: number[]): Figures => {
    times.sort((a, b) => a - b);
    return {
      scenario: name,
      rps: Math.round(times.length / seconds),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      errors,
      requests: times.length,
    };
  };
  return [figures(`${scenario}: first byte`, firstBytes), figures(`${scenario}: full answer`, fulls)];
}

/**
 * A bench database beside the one DATABASE_URL names (`<database>_<suffix>`), created on first use and
 * kept: scenarios that build large data sets reuse them in later runs.
 */
export async function keptBenchDatabase(databaseUrl: string, suffix: string) {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.replace(/^\//, '') || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Where a scenario's data lives: in-memory PGlite (no URL), or a PostgreSQL database created beside
 * DATABASE_URL's for this run and dropped by `drop`.
 */
export async function benchDatabaseUrl(databaseUrl: string | undefined, prefix: string) {
  if (!databaseUrl) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${process.pid}`;
  await admin(databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  return { url: url.toString(), drop };
}
