import fs from 'node:fs';
import { buildApp } from './app.ts';
import { IN_MEMORY, loadConfig } from './config.ts';

/** Writes the OpenAPI document to docs/openapi.json, where reviewers see every change to the API. */
export const OPENAPI_FILE = new URL('../../../docs/openapi.json', import.meta.url);

export async function openApiDocument(): Promise<string> {
  const app = await buildApp(loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }));
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  return document;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(OPENAPI_FILE, await openApiDocument());
  console.log(`wrote ${OPENAPI_FILE.pathname}`);
}
