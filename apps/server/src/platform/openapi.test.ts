import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { createTestApp } from '../../test/helpers.ts';
import { OPENAPI_FILE, openApiDocument } from '../openapi-export.ts';

describe('GET /api/docs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('serves an OpenAPI document generated from the route schemas, listing every API route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    for (const route of app.accessTable) expect(documented).toContain(`${route.method} ${route.url}`);
    const signup = document.paths['/api/v1/auth/signup'].post;
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toContain('company_type');
  });

  it('serves the explorer page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('docs/openapi.json', () => {
  it('is the document the server generates (run `npm run openapi` after changing a route)', async () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(await openApiDocument());
  });
});
