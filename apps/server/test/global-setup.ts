import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IN_MEMORY } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadReferenceData } from '../src/modules/reference/public.ts';
import { databaseUrlNamed, withAdmin } from './helpers.ts';

/**
 * Once per test run: an embedded database with every migration and the reference data, dumped to a file
 * that each test's in-memory PGlite starts from (helpers.ts createTestApp). A new PGlite and the
 * migrations took about ten seconds per test server on a slow two-core machine; loading the dump, two.
 * Against PostgreSQL (TEST_DATABASE_URL) the same is done in a template database, which each test server's
 * database copies (CREATE DATABASE … TEMPLATE): a copy takes a fraction of a second, the migrations seconds.
 */
export default async function setup() {
  buildWebAppWhenChanged();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return migratedTemplate(adminUrl);
  const database = await openDatabase({ databaseUrl: '', dataDir: IN_MEMORY });
  await database.migrate();
  await loadReferenceData(database.db);
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.TEST_PGLITE_SNAPSHOT = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function migratedTemplate(adminUrl: string) {
  const name = `tradeloop_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, name), dataDir: IN_MEMORY });
  await database.migrate();
  await loadReferenceData(database.db);
  await database.close();
  process.env.TEST_PG_TEMPLATE = name;
  // createDemoApp's copy with the demo data, when a test file asked for one.
  return () =>
    withAdmin(adminUrl, async (client) => {
      for (const database of [`${name}_demo_building`, `${name}_demo`, name]) {
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      }
    });
}

/**
 * The server-rendered web app the page tests serve, built here once, before any test process starts, when
 * its sources changed since the last build (CI and `npm test` build first), as `npm start` does.
 */
function buildWebAppWhenChanged() {
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle: build as `npm run build` does.
  const { NODE_ENV: _testMode, ...env } = process.env;
  execFileSync('node', ['scripts/build-if-changed.ts'], {
    cwd: new URL('../../..', import.meta.url).pathname,
    stdio: 'ignore',
    env,
  });
}
