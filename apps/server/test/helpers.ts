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

/**
 * A server on a database of its own: an in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database created for this app and dropped when it closes.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<FastifyInstance> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env });
  if (!adminUrl) {
    const snapshot = config.dataDir === IN_MEMORY && !config.databaseUrl ? await migratedSnapshot() : undefined;
    if (!snapshot) return answeringSettled(await buildApp(config, options));
    const database = await openDatabase({ databaseUrl: '', dataDir: IN_MEMORY, loadDataDir: snapshot });
    const app = answeringSettled(await buildApp(config, { ...options, database }));
    app.addHook('onClose', () => database.close());
    return app;
  }

  const name = `tradeloop_test_${randomBytes(6).toString('hex')}`;
  // The template (test/global-setup.ts) is migrated and holds the reference data, like the PGlite snapshot.
  const template = process.env.TEST_PG_TEMPLATE;
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

let snapshotRead: Promise<Blob> | undefined;

/**
 * The embedded database as migrated and seeded once for the whole run (test/global-setup.ts): starting from
 * its dump takes a fraction of the time a new PGlite and every migration take.
 */
function migratedSnapshot(): Promise<Blob> | undefined {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  if (!file) return undefined;
  snapshotRead ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return snapshotRead;
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
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
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
