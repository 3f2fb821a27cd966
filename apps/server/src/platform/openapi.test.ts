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

  it('marks public routes as needing no token, and only those', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.security).toEqual([{ bearer: [] }]);
    for (const route of app.accessTable) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path][route.method.toLowerCase()];
      if (route.access === 'public') expect(operation.security, `${route.method} ${route.url}`).toEqual([]);
      else expect(operation.security, `${route.method} ${route.url}`).toBeUndefined();
    }
    expect(app.accessTable.some((route) => route.access === 'public')).toBe(true);
  });

  it('states on every operation the access and any permission the server enforces (x-access, x-permission)', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of app.accessTable) {
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      const documented = { access: operation['x-access'], permission: operation['x-permission'] ?? null };
      expect(documented, `${route.method} ${route.url}`).toEqual({
        access: route.access,
        permission: route.permission,
      });
    }
  });

  it('lists every socket event with the permission its handler checks (x-socket-events)', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document['x-socket-events']).toEqual(app.realtime.socketEvents);
    expect(app.realtime.socketEvents.map((declared) => declared.event)).toContain('message:send');
  });

  it('gives every operation a unique id and declares every tag it uses', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = Object.values(
      document.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>,
    ).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = document.tags.map((tag: { name: string }) => tag.name);
    for (const operation of operations) for (const tag of operation.tags) expect(declared).toContain(tag);
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
