import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { rowsOf } from '../db/sql.ts';

/*
 * Liveness and readiness for an orchestrator (docs/decisions/049). `/live`: the process answers. `/ready`:
 * it can do its work — the database answers, every migration of this release is applied, and Redis (when
 * configured) answers. Both are public and say nothing more than each check's state.
 */

const journal = new URL('../db/migrations/meta/_journal.json', import.meta.url);
/** Migrations this release ships. */
const shippedMigrations = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
const CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'failed';

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance) {
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => {});
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }

  app.get('/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, Check> = {};
    try {
      const [row] = rowsOf<{ applied: number }>(
        await within(app.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)),
      );
      checks.database = 'ok';
      checks.migrations = row.applied >= shippedMigrations ? 'ok' : 'failed';
    } catch {
      checks.database = 'failed';
      checks.migrations = 'failed';
    }
    if (redis) {
      try {
        if (redis.status === 'wait') await within(redis.connect());
        checks.redis = (await within(redis.ping())) === 'PONG' ? 'ok' : 'failed';
      } catch {
        checks.redis = 'failed';
      }
    }
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
