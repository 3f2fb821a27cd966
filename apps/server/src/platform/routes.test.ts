import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/sql.ts';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import { invalid } from './errors.ts';
import { routes, withMessage } from './routes.ts';

describe('routes()', () => {
  let app: FastifyInstance;
  let seller: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    const route = routes(app);
    const tags = ['test'];
    route.post(
      '/api/v1/test/echo',
      { access: 'public', tags, summary: 'Echo', body: z.object({ n: z.number() }), data: z.object({ n: z.number() }) },
      async ({ request }) => ({ n: request.body.n }),
    );
    route.post(
      '/api/v1/test/created',
      { access: 'public', tags, summary: 'Created', data: z.object({ id: z.number() }), status: 201 },
      async () => withMessage({ id: 7 }, 'Made'),
    );
    route.get(
      '/api/v1/test/member',
      { access: 'company', permission: 'crm.work', tags, summary: 'Member', data: z.object({ companyId: z.number() }) },
      async ({ member, user }) => ({ companyId: user.companyId === member.companyId ? member.companyId : -1 }),
    );
    route.get(
      '/api/v1/test/raw',
      { access: 'public', tags, summary: 'Raw', produces: ['text/plain'] },
      async ({ reply }) => reply.type('text/plain').send('plain'),
    );
    route.post(
      '/api/v1/test/rollback',
      { access: 'public', tags, summary: 'Rollback', data: z.null(), transaction: true },
      async ({ tx }) => {
        await tx.execute(sql`create table routes_test_rollback (id int)`);
        throw invalid({ id: ['No'] });
      },
    );
    await app.ready();
    seller = await signUp(app, 'seller');
  });
  afterAll(() => app.close());

  it('answers the data in the envelope, with the schema checking the input', async () => {
    const echo = await app.inject({ method: 'POST', url: '/api/v1/test/echo', payload: { n: 3 } });
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toEqual({ status: true, data: { n: 3 } });
    const refused = await app.inject({ method: 'POST', url: '/api/v1/test/echo', payload: { n: 'x' } });
    expect(refused.statusCode).toBe(422);
  });

  it('answers the declared status with the message', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/v1/test/created' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ status: true, data: { id: 7 }, message: 'Made' });
  });

  it('states the access and gives a company route the caller and its company', async () => {
    expect(app.accessTable).toContainEqual({
      method: 'GET',
      url: '/api/v1/test/member',
      access: 'company',
      permission: 'crm.work',
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/test/member' })).statusCode).toBe(401);
    const answer = await as(app, seller, { method: 'GET', url: '/api/v1/test/member' });
    expect(answer.json()).toEqual({ status: true, data: { companyId: seller.companyId } });
  });

  it('lets a handler answer through the reply itself', async () => {
    const raw = await app.inject({ method: 'GET', url: '/api/v1/test/raw' });
    expect(raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(raw.body).toBe('plain');
  });

  it('runs a transactional handler in one transaction, undone when it throws', async () => {
    const failed = await app.inject({ method: 'POST', url: '/api/v1/test/rollback' });
    expect(failed.statusCode).toBe(422);
    const [table] = rowsOf<{ name: string | null }>(
      await app.db.execute(sql`select to_regclass('routes_test_rollback')::text as name`),
    );
    expect(table.name).toBeNull();
  });
});
