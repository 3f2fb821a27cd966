import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helpers.ts';

/** Compression of answers and built files (decision 029). */
describe('compressed answers', () => {
  let app: FastifyInstance;
  let webDist: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word${index}`))};\n`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
    );
    const file = path.join(webDist, 'assets', 'app-3f9a1c.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    app = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends an API answer of 1 KB or more as brotli or gzip, whichever the client accepts', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/front/filters' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url: '/api/v1/front/filters', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await app.inject({
      method: 'GET',
      url: '/api/v1/front/filters',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/no-such-route',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().status).toBe(false);
  });

  it('serves a built file compressed at build time, cached for good as its name carries its hash', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('shows a placeholder, not a 404, for a demo picture not drawn yet, and asks again next time', async () => {
    const waiting = await app.inject({ method: 'GET', url: '/uploads/demo/market/p424242/card.webp' });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['content-type']).toBe('image/svg+xml');
    expect(waiting.headers['cache-control']).toBe('no-cache');
    expect(waiting.body).toMatch(/^<svg [^>]*viewBox="0 0 600 600"/);
    expect(waiting.body).not.toContain('<text');
    await app.storage.put('demo/market/p424242/card.webp', Buffer.from('RIFF-drawn'));
    const drawn = await app.inject({ method: 'GET', url: '/uploads/demo/market/p424242/card.webp' });
    expect(drawn.headers['content-type']).toBe('image/webp');
    expect(drawn.body).toBe('RIFF-drawn');
    for (const url of ['/uploads/products/p424242/card.webp', '/uploads/demo/market/p424242/notes.csv']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
