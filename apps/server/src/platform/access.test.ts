import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import type { Access } from './access.ts';

/** Who may not call a route of each access level, and the status they get. */
const refusals: Record<Access, { who: 'anonymous' | 'buyer' | 'seller'; status: number }[]> = {
  public: [],
  user: [{ who: 'anonymous', status: 401 }],
  company: [
    { who: 'anonymous', status: 401 },
    { who: 'buyer', status: 403 },
  ],
  owner: [
    { who: 'anonymous', status: 401 },
    { who: 'buyer', status: 403 },
  ],
  buyer: [
    { who: 'anonymous', status: 401 },
    { who: 'seller', status: 403 },
  ],
};

describe('authorisation of every route', () => {
  let app: FastifyInstance;
  let callers: Record<'buyer' | 'seller', TestUser>;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    callers = { buyer: await signUp(app, 'buyer'), seller: await signUp(app, 'seller') };
  });
  afterAll(() => app.close());

  it('every API route states who may call it, and every company route the permission it needs', () => {
    expect(app.accessTable.length).toBeGreaterThan(10);
    const company = app.accessTable.filter((route) => route.access === 'company' || route.access === 'owner');
    expect(company.filter((route) => !route.permission)).toEqual([]);
  });

  it('refuses to start with a company route that names no permission', async () => {
    const bare = await createTestApp();
    try {
      expect(() =>
        bare.get('/api/v1/test/unguarded', { config: { access: 'company' } }, async () => ({ ok: true })),
      ).toThrow('does not state the permission it needs');
    } finally {
      await bare.close();
    }
  });

  it('refuses the wrong caller of every route, before reading its input', async () => {
    const failures: string[] = [];
    for (const route of app.accessTable) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const { who, status } of refusals[route.access]) {
        const options = { method: route.method as 'GET', url };
        const response = who === 'anonymous' ? await app.inject(options) : await as(app, callers[who], options);
        if (response.statusCode !== status)
          failures.push(`${route.method} ${route.url} as ${who}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a forged token is refused like no token', async () => {
    for (const route of app.accessTable.filter((entry) => entry.access !== 'public')) {
      const response = await as(
        app,
        { token: 'forged-token' },
        { method: route.method as 'GET', url: route.url.replace(/:\w+/g, '1') },
      );
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
