import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const HOUR_MS = 3_600_000;

/**
 * Checks a private file's address (as an answer gave it, signed for `viewer`) the way acceptance
 * point 4 of issue #14 asks: it opens for the viewer, signed or signed in; without a session, with
 * another company's, expired or altered, it answers 404, and /uploads never serves it.
 */
export async function expectPrivateFile(
  app: FastifyInstance,
  signedUrl: string,
  viewer: { id: number; token: string },
  outsider: { id: number; token: string },
) {
  const status = async (url: string, token?: string) =>
    (await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })).statusCode;
  const [filePath, query] = signedUrl.split('?');
  const params = new URLSearchParams(query);
  expect(params.get('uid')).toBe(String(viewer.id));
  const withParams = (change: Record<string, string>) => {
    const changed = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) changed.set(key, value);
    return `${filePath}?${changed}`;
  };
  const signature = params.get('sig')!;
  const altered = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;

  const signed = await app.inject({ method: 'GET', url: signedUrl });
  expect(signed.statusCode).toBe(200);
  expect(signed.headers['x-content-type-options']).toBe('nosniff');
  expect(signed.headers['content-disposition']).toMatch(/^(inline|attachment); filename\*=UTF-8''/);
  expect(await status(filePath, viewer.token)).toBe(200);

  expect(await status(filePath)).toBe(404);
  expect(await status(filePath, outsider.token)).toBe(404);
  expect(await status(app.fileUrls.sign(filePath, outsider.id))).toBe(404);
  expect(await status(withParams({ sig: altered }))).toBe(404);
  expect(await status(withParams({ uid: String(outsider.id) }))).toBe(404);
  expect(await status(withParams({ exp: String(Number(params.get('exp')) + 3600) }))).toBe(404);
  expect(await status(app.fileUrls.sign(filePath, viewer.id, Date.now() - 3 * HOUR_MS))).toBe(404);
  // A signature for one file opens no other.
  expect(await status(`${filePath.replace(/[a-f0-9]{32}/, '0'.repeat(32))}?${query}`)).toBe(404);
}
