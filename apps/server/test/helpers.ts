import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { IN_MEMORY, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadDemoData } from '../src/db/demo-data.ts';

/**
 * A server on a database of its own: an in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database created for this app and dropped when it closes.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<FastifyInstance> {
  return startTestApp(env, options, process.env.TEST_PGLITE_SNAPSHOT, process.env.TEST_PG_TEMPLATE);
}

/**
 * A server on a database of its own that holds the demo data (db/demo-data.ts), for tests that only read
 * it. The data is loaded once per run, by the first test file to ask, into a dump (PGlite) or a template
 * database (PostgreSQL) that every demo server copies: loading it took each such file 15–40 s.
 */
export async function createDemoApp(): Promise<FastifyInstance> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return startTestApp({}, {}, undefined, await demoTemplate(adminUrl));
  return startTestApp({}, {}, await demoSnapshot(), undefined);
}

async function startTestApp(
  env: Record<string, string>,
  options: Omit<BuildOptions, 'database'>,
  snapshotFile: string | undefined,
  template: string | undefined,
): Promise<FastifyInstance> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const config = testConfig(env);
  // Redis outlives a test server: each counts its own limits, as the in-memory store does.
  options = { rateLimitKey: `ratelimit:test:${randomBytes(6).toString('hex')}:`, ...options };
  if (!adminUrl) {
    const snapshot =
      config.dataDir === IN_MEMORY && !config.databaseUrl && snapshotFile
        ? await readSnapshot(snapshotFile)
        : undefined;
    if (!snapshot) return answeringSettled(await buildApp(config, options));
    const database = await openDatabase({ databaseUrl: '', dataDir: IN_MEMORY, loadDataDir: snapshot });
    const app = answeringSettled(await buildApp(config, { ...options, database }));
    app.addHook('onClose', () => database.close());
    return app;
  }

  const name = `tradeloop_test_${randomBytes(6).toString('hex')}`;
  // The template (test/global-setup.ts) is migrated and holds the reference data, like the PGlite snapshot.
  await withAdmin(adminUrl, (client) =>
    client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, name), dataDir: IN_MEMORY });
  const app = answeringSettled(await buildApp(config, { ...options, database }));
  app.addHook('onClose', async () => {
    await database.close();
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  return app;
}

function testConfig(env: Record<string, string> = {}) {
  return loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env });
}

/** Loads the demo data through a server on `database` (its modules seed what the demo data refers to). */
async function loadDemoDataInto(database: Awaited<ReturnType<typeof openDatabase>>) {
  const app = await buildApp(testConfig(), { database });
  await app.ready();
  await loadDemoData(app.crm, app.db);
  await app.jobs.drain();
  await app.close();
}

const snapshotsRead = new Map<string, Promise<Blob>>();

/**
 * An embedded database dumped once for the whole run (test/global-setup.ts: migrated, with the reference
 * data): starting from its dump takes a fraction of the time a new PGlite and every migration take.
 */
function readSnapshot(file: string): Promise<Blob> {
  let read = snapshotsRead.get(file);
  if (!read) {
    read = fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
    snapshotsRead.set(file, read);
  }
  return read;
}

/** The PGlite dump with the demo data, made by whichever test process asks first while the others wait. */
async function demoSnapshot(): Promise<string> {
  const base = process.env.TEST_PGLITE_SNAPSHOT;
  if (!base) throw new Error('createDemoApp needs the run’s snapshot (test/global-setup.ts)');
  const file = path.join(path.dirname(base), 'demo.tar');
  await onceAcrossProcesses(`${file}.lock`, file, async () => {
    const database = await openDatabase({ databaseUrl: '', dataDir: IN_MEMORY, loadDataDir: await readSnapshot(base) });
    await loadDemoDataInto(database);
    const dump = await (
      database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }
    ).$client.dumpDataDir('none');
    await database.close();
    fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${file}.partial`, file);
  });
  return file;
}

/** The PostgreSQL template with the demo data, made under an advisory lock by whichever process asks first. */
async function demoTemplate(adminUrl: string): Promise<string> {
  const base = process.env.TEST_PG_TEMPLATE;
  if (!base) throw new Error('createDemoApp needs the run’s template database (test/global-setup.ts)');
  const name = `${base}_demo`;
  await withAdmin(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building} TEMPLATE ${base}`);
      const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, building), dataDir: IN_MEMORY });
      await loadDemoDataInto(database);
      await database.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/** Runs `make` in one process of the run, the first to take `lock`; the others wait until `made` exists. */
async function onceAcrossProcesses(lock: string, made: string, make: () => Promise<void>) {
  if (fs.existsSync(made)) return;
  let handle: number;
  try {
    handle = fs.openSync(lock, 'wx');
  } catch {
    while (!fs.existsSync(made)) {
      if (!fs.existsSync(lock)) throw new Error(`the test process making ${made} failed`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return;
  }
  try {
    await make();
  } catch (error) {
    fs.rmSync(lock, { force: true });
    throw error;
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * API tests see the system settled: a request answers once the background work it caused (event
 * deliveries, mail) has run, so an assertion after it sees its effects on PGlite and PostgreSQL alike.
 * Work that fails waits for its retry as in production (loop-failure.test.ts); the asynchrony itself is
 * tested on servers of their own (loop-crash.test.ts, jobs.test.ts).
 */
function answeringSettled(app: FastifyInstance) {
  app.addHook('onSend', async (_request, _reply, payload) => {
    await app.jobs.drain();
    return payload;
  });
  return app;
}

/** The address of database `name` on the server `adminUrl` names. */
export function databaseUrlNamed(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

export type TestUser = { token: string; id: number; email: string; companyId: number | null };

export async function signUp(
  app: FastifyInstance,
  kind: 'seller' | 'buyer' = 'seller',
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = uniqueEmail(kind);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      full_name: kind === 'seller' ? 'Sam Seller' : 'Bea Buyer',
      email_id: email,
      password: DEMO_PASSWORD,
      user_type: kind,
      ...(kind === 'seller' ? { company_name: 'Acme Industrial', company_type: 'Manufacturers' } : {}),
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { token: data.token, id: data.user.id, email, companyId: data.user.company_id };
}

/** app.inject with the bearer token of `user`. */
export function as(app: FastifyInstance, user: { token: string }, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${user.token}` } });
}

/** Waits until the background work the last requests caused (event deliveries, mail) is done. */
export function settled(app: FastifyInstance) {
  return app.jobs.drain();
}

/** Reads until `done` holds for what was read (work of another process, or of a retry with back-off). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A database that outlives a server: a PGlite directory, or, when TEST_DATABASE_URL is set, a PostgreSQL
 * database of the caller's own (created here, dropped by `cleanup`). `env` is the servers' configuration.
 */
export async function persistentDatabase(env: Record<string, string> = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const settings: Record<string, string> = { LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env };
  let cleanup: () => Promise<void>;
  if (adminUrl) {
    const name = `tradeloop_restart_${randomBytes(6).toString('hex')}`;
    await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    Object.assign(settings, { DATABASE_URL: databaseUrlNamed(adminUrl, name), DATA_DIR: IN_MEMORY });
    cleanup = async () => {
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-restart-'));
    settings.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig(settings);
  return {
    /** The servers' environment (for a server in a process of its own). */
    env: settings,
    /** A server on the database, ready (its job runner started). */
    start: async (overrides: Record<string, string> = {}) => {
      const app = await buildApp(loadConfig({ ...settings, ...overrides }));
      await app.ready();
      return app;
    },
    /** Works on the database while no server runs. */
    offline: async (work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<unknown>) => {
      const database = await openDatabase(config);
      try {
        await work(database.db);
      } finally {
        await database.close();
      }
    },
    cleanup,
  };
}
