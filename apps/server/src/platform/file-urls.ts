import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IN_MEMORY, type Config } from '../config.ts';
import type { Realtime } from './realtime.ts';

/**
 * Addresses of private files (CRM record files, chat files; docs/decisions/027). A file is served to
 * a signed-in caller (bearer token) or through an address signed for one user: the file's path,
 * `?uid=<user>&exp=<unix seconds>&sig=<HMAC-SHA256 of path, user and expiry>`. The route that serves
 * the file still checks that this user may see it now, so a signed address of someone who has left
 * the room or the company opens nothing. An <img> tag cannot send the bearer token: that is what the
 * signed address is for.
 *
 * Expiries are rounded up to the hour and lie one to two hours ahead, so an address stays the same
 * for an hour (the browser's cache serves it) and a leaked one is short-lived.
 */
export type FileUrls = {
  /** The path with a signature for this user. */
  sign(filePath: string, userId: number, now?: number): string;
  /** The user an address was signed for, when its signature holds and it has not expired; otherwise null. */
  verify(filePath: string, query: unknown, now?: number): number | null;
  /**
   * Signs, for this user, every string in `value` (objects and arrays, walked) that is a path under
   * one of `prefixes`; answers a copy. Anything else is left as it is.
   */
  signAll<T>(value: T, prefixes: readonly string[], userId: number): T;
};

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrls;
  }
}

const HOUR_S = 3600;
/** Where the generated secret is kept when FILE_URL_SECRET is not set (a persistent data directory). */
export const SECRET_FILE = path.join('secrets', 'file-url-secret');

/** FILE_URL_SECRET; else a secret generated once and kept in the data directory; else (memory) one per process. */
export async function fileUrlSecret(config: Pick<Config, 'fileUrlSecret' | 'dataDir'>): Promise<string> {
  if (config.fileUrlSecret) return config.fileUrlSecret;
  if (config.dataDir === IN_MEMORY) return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, SECRET_FILE);
  const existing = await fsp.readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': when two instances start together on one data directory, the second one reads the first's.
  const written = await fsp.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).then(
    () => true,
    () => false,
  );
  return written ? secret : (await fsp.readFile(file, 'utf8')).trim();
}

const signedQuery = (query: unknown) => {
  const { uid, exp, sig } = (query ?? {}) as Record<string, unknown>;
  if (typeof uid !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return null;
  if (!/^\d{1,15}$/.test(uid) || !/^\d{1,12}$/.test(exp) || !/^[\w-]{43}$/.test(sig)) return null;
  return { userId: Number(uid), expires: Number(exp), signature: Buffer.from(sig, 'base64url') };
};

export function createFileUrls(secret: string): FileUrls {
  const mac = (filePath: string, userId: number, expires: number) =>
    createHmac('sha256', secret).update(`${filePath}\n${userId}\n${expires}`).digest();

  const sign = (filePath: string, userId: number, now = Date.now()) => {
    const expires = (Math.ceil(now / 1000 / HOUR_S) + 1) * HOUR_S;
    const signature = mac(filePath, userId, expires).toString('base64url');
    return `${filePath}?uid=${userId}&exp=${expires}&sig=${signature}`;
  };

  const signAll = <T>(value: T, prefixes: readonly string[], userId: number): T => {
    if (typeof value === 'string') {
      const isFile = prefixes.some((prefix) => value.startsWith(prefix)) && !value.includes('?');
      return (isFile ? sign(value, userId) : value) as T;
    }
    if (Array.isArray(value)) return value.map((item) => signAll(item, prefixes, userId)) as T;
    if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, signAll(item, prefixes, userId)]),
      ) as T;
    }
    return value;
  };

  return {
    sign,
    signAll,
    verify(filePath, query, now = Date.now()) {
      const given = signedQuery(query);
      if (!given || given.expires * 1000 <= now) return null;
      const expected = mac(filePath, given.userId, given.expires);
      return given.signature.length === expected.length && timingSafeEqual(given.signature, expected)
        ? given.userId
        : null;
    },
  };
}

/** The user a private file is asked for by: the signed-in caller, else the one its address was signed for. */
export function fileViewer(app: FastifyInstance, request: FastifyRequest): number | null {
  if (request.user) return request.user.id;
  return app.fileUrls.verify(request.url.split('?')[0], request.query);
}

/**
 * Signs, for the signed-in caller, the private file paths (under `prefixes`) in every answer of the
 * routes of this plugin scope. Without a caller nothing is signed (such a route shows no private file).
 */
export function signFileUrlsInAnswers(scope: FastifyInstance, prefixes: readonly string[]) {
  scope.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.user || !payload || typeof payload !== 'object') return payload;
    return scope.fileUrls.signAll(payload, prefixes, request.user.id);
  });
}

/** The signature of a private file's address, as its route reads it (absent when the caller is signed in). */
export const signedFileQuerySchema = z.object({
  uid: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(64).optional(),
});

/**
 * Sends a private file: its type as stored, a download name, never sniffed, kept only by the
 * caller's browser, and nothing in it may run as the site (a PDF may show in the site's own frame).
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { stream: ReadStream; bytes: number; mime: string; fileName: string },
) {
  const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.bytes)
    .header('cache-control', 'private, max-age=7200')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header(
      'content-security-policy',
      file.mime === 'application/pdf' ? "frame-ancestors 'self'" : "default-src 'none'; sandbox",
    )
    .send(file.stream);
}

/**
 * Real-time events carrying private file paths (under `prefixes`) go to each user with the paths
 * signed for them; other events go out once, as before.
 */
export function signingRealtime(realtime: Realtime, fileUrls: FileUrls, prefixes: readonly string[]): Realtime {
  return {
    ...realtime,
    toUsers(userIds, event, payload, permission) {
      const text = JSON.stringify(payload) ?? '';
      if (!prefixes.some((prefix) => text.includes(`"${prefix}`))) {
        return realtime.toUsers(userIds, event, payload, permission);
      }
      for (const userId of new Set(userIds)) {
        realtime.toUsers([userId], event, fileUrls.signAll(payload, prefixes, userId), permission);
      }
    },
  };
}
