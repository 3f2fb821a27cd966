import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IN_MEMORY } from '../config.ts';
import { sendRouteNotFound } from './http.ts';

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads, a temporary folder when the data
 * directory is in memory (tests, benchmarks). Keys are relative paths of lower-case letters,
 * digits, dots, dashes and underscores, so a key can never leave the root. Files are public at
 * /uploads/<key>, except those in the private folders, which only their module's routes serve, to
 * callers allowed to see them (docs/decisions/027).
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes a file, or a folder of files, if present. */
  remove(key: string): Promise<void>;
  url(key: string): string;
  open(key: string): Promise<{ stream: fs.ReadStream; bytes: number } | null>;
  /** Whether a file is stored under the key. */
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const UPLOADS_PATH = '/uploads/';
/** Folders of private files: CRM record files, chat files, buying requests' attachments; /uploads never serves them. */
export const PRIVATE_FOLDERS = { crmFiles: 'crm-files', chat: 'chat', buyingRequests: 'buying-requests' } as const;
const privateFolders = Object.values(PRIVATE_FOLDERS).map((folder) => `${folder}/`);
const validKey = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

function checkedKey(key: string): string {
  if (!validKey.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export async function createStorage(dataDir: string): Promise<Storage> {
  const temporary = dataDir === IN_MEMORY;
  const root = temporary
    ? await fsp.mkdtemp(path.join(os.tmpdir(), 'tradeloop-uploads-'))
    : path.join(dataDir, 'uploads');
  await fsp.mkdir(root, { recursive: true });
  const fullPath = (key: string) => path.join(root, checkedKey(key));

  return {
    async put(key, data) {
      const target = fullPath(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, data);
    },
    async copy(fromKey, toKey) {
      const target = fullPath(toKey);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.cp(fullPath(fromKey), target, { recursive: true });
    },
    async remove(key) {
      await fsp.rm(fullPath(key), { recursive: true, force: true });
    },
    url: (key) => `${UPLOADS_PATH}${checkedKey(key)}`,
    async open(key) {
      if (!validKey.test(key) || key.includes('..')) return null;
      const file = path.join(root, key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: fs.createReadStream(file), bytes: stat.size };
    },
    async has(key) {
      const stat = await fsp.stat(fullPath(key)).catch(() => null);
      return stat?.isFile() ?? false;
    },
    async close() {
      if (temporary) await fsp.rm(root, { recursive: true, force: true });
    },
  };
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};

/** Demo pictures are drawn after the first start (decision 035); until then their addresses show this. */
const DEMO_FOLDER = 'demo/';
const PICTURE_PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">' +
  '<rect width="600" height="600" fill="#eef1f4"/>' +
  '<g fill="none" stroke="#a9b4c0" stroke-width="14" stroke-linejoin="round">' +
  '<rect x="190" y="210" width="220" height="180" rx="18"/><path d="M200 370l70-80 55 55 35-35 50 60"/>' +
  '<circle cx="355" cy="260" r="20"/></g></svg>';

/** Serves stored files. Keys hold a random id, so a file never changes: browsers may keep it. */
export function registerUploads(app: FastifyInstance) {
  app.get(`${UPLOADS_PATH}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const type = contentTypes[path.extname(key).toLowerCase()];
    const isPublic = !privateFolders.some((folder) => key.startsWith(folder));
    const file = type && isPublic ? await app.storage.open(key) : null;
    if (!file && type?.startsWith('image/') && key.startsWith(DEMO_FOLDER)) {
      // Not drawn yet: a placeholder, asked again next time, rather than a broken picture.
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'no-cache')
        .send(PICTURE_PLACEHOLDER);
    }
    if (!file) return sendRouteNotFound(reply);
    return reply
      .header('content-type', type)
      .header('content-length', file.bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.stream);
  });
}
