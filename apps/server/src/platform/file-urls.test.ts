import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IN_MEMORY, loadConfig } from '../config.ts';
import { createFileUrls, fileUrlSecret, SECRET_FILE } from './file-urls.ts';

const HOUR_MS = 3_600_000;
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1]));

describe('signed addresses of private files', () => {
  const urls = createFileUrls('s'.repeat(40));
  const now = Date.UTC(2026, 10, 25, 1, 20);

  it('hold for the user, the path and one to two hours, and for nothing else', () => {
    const signed = urls.sign('/chat/v1/files/a.png', 7, now);
    expect(signed).toMatch(/^\/chat\/v1\/files\/a\.png\?uid=7&exp=\d+&sig=[\w-]{43}$/);
    expect(Number(query(signed).exp) * 1000 - now).toBeGreaterThanOrEqual(HOUR_MS);
    expect(Number(query(signed).exp) * 1000 - now).toBeLessThanOrEqual(2 * HOUR_MS);
    // Within the hour the address stays the same (the browser's cache keeps it).
    expect(urls.sign('/chat/v1/files/a.png', 7, now + 60_000)).toBe(signed);
    expect(urls.verify('/chat/v1/files/a.png', query(signed), now)).toBe(7);
    expect(urls.verify('/chat/v1/files/a.png', query(signed), now + HOUR_MS - 1)).toBe(7);
    expect(urls.verify('/chat/v1/files/a.png', query(signed), now + 2 * HOUR_MS)).toBeNull();
    expect(urls.verify('/chat/v1/files/b.png', query(signed), now)).toBeNull();
    expect(urls.verify('/chat/v1/files/a.png', { ...query(signed), uid: '8' }, now)).toBeNull();
    expect(urls.verify('/chat/v1/files/a.png', {}, now)).toBeNull();
    expect(urls.verify('/chat/v1/files/a.png', { uid: ['7'], exp: '1', sig: 'x' }, now)).toBeNull();
    expect(createFileUrls('t'.repeat(40)).verify('/chat/v1/files/a.png', query(signed), now)).toBeNull();
  });

  it('are signed wherever an answer holds a private path, and nowhere else', () => {
    const answer = {
      files: [{ url: '/crm/v1/crm/files/1/x.pdf', name: '/crm/v1/crm/files/ is a path' }],
      avatar: '/uploads/a/thumb.webp',
      at: new Date(now),
      count: 2,
    };
    const signed = urls.signAll(answer, ['/crm/v1/crm/files/'], 3);
    expect(signed.files[0].url).toMatch(/^\/crm\/v1\/crm\/files\/1\/x\.pdf\?uid=3&/);
    expect(signed.files[0].name).toMatch(/\?uid=3&/);
    expect(signed).toMatchObject({ avatar: '/uploads/a/thumb.webp', at: new Date(now), count: 2 });
    expect(answer.files[0].url).toBe('/crm/v1/crm/files/1/x.pdf');
    expect(urls.signAll(signed, ['/crm/v1/crm/files/'], 4)).toEqual(signed);
  });
});

describe('the signing secret', () => {
  it('is FILE_URL_SECRET when set, of at least 32 characters', async () => {
    const secret = 'x'.repeat(32);
    expect(await fileUrlSecret(loadConfig({ DATA_DIR: IN_MEMORY, FILE_URL_SECRET: secret }))).toBe(secret);
    expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
  });

  it('is generated once and kept in the data directory, readable by its owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = await fileUrlSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await fileUrlSecret(config)).toBe(first);
      const file = path.join(dir, SECRET_FILE);
      expect(fs.readFileSync(file, 'utf8')).toBe(first);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is random per process for an in-memory data directory', async () => {
    const config = loadConfig({ DATA_DIR: IN_MEMORY });
    expect(await fileUrlSecret(config)).not.toBe(await fileUrlSecret(config));
  });
});
