import { randomBytes } from 'node:crypto';
import type fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import { invalid } from '../../platform/errors.ts';
import { imageKind, startsWithBytes as startsWith } from '../../platform/file-types.ts';
import { PRIVATE_FOLDERS, type Storage } from '../../platform/storage.ts';

/** What a file really is, judged by its first bytes; the name only picks among look-alike containers. */
export type SniffedFile = { kind: 'image' | 'document'; mime: string; extension: string };

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OFFICE_LEGACY: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'heic', 'tif', 'tiff']);

function extensionOf(name: string) {
  return path.extname(name).slice(1).toLowerCase();
}

function isPlainText(buffer: Buffer) {
  if (buffer.subarray(0, 8192).includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

/** Identifies an upload by content: PNG and JPEG images; PDF, Office and text documents. */
export function sniffFile(buffer: Buffer, fileName: string, declaredMime = ''): SniffedFile {
  const extension = extensionOf(fileName);
  const image = imageKind(buffer);
  if (image === 'png') return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (image === 'jpeg') return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  // Anything named or sent as an image that is not PNG or JPEG gets the spec's image message.
  if (IMAGE_EXTENSIONS.has(extension) || declaredMime.startsWith('image/')) {
    throw invalid({ 'files[]': [CHAT_MESSAGES.imagesOnly] });
  }
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return { kind: 'document', mime: 'application/pdf', extension: 'pdf' };
  }
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) && OFFICE_ZIP[extension] && buffer.includes('[Content_Types].xml')) {
    return { kind: 'document', mime: OFFICE_ZIP[extension], extension };
  }
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && OFFICE_LEGACY[extension]) {
    return { kind: 'document', mime: OFFICE_LEGACY[extension], extension };
  }
  if (TEXT_TYPES[extension] && isPlainText(buffer)) {
    return { kind: 'document', mime: TEXT_TYPES[extension], extension };
  }
  throw invalid({ 'files[]': [CHAT_MESSAGES.fileTypeNotAllowed] });
}

/** A name safe to show and to offer as a download name. */
export function cleanFileName(name: string, extension: string) {
  const printable = [...path.basename(name)].map((char) => (char.charCodeAt(0) < 32 || char === '\u007f' ? '_' : char));
  const base = printable
    .join('')
    .replace(/["\\/<>:|?*]+/g, '_')
    .trim()
    .slice(0, 150);
  return base || `file.${extension}`;
}

/**
 * Chat files in the platform's storage, under chat/ with unguessable keys. They are served by the
 * chat's own file route (which knows their content type and download name).
 */
export type ChatStorage = {
  save(buffer: Buffer, extension: string): Promise<string>;
  open(key: string): Promise<{ stream: fs.ReadStream; bytes: number } | null>;
  remove(keys: string[]): Promise<void>;
};

const KEY_PATTERN = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

export function createChatStorage(storage: Storage): ChatStorage {
  return {
    async save(buffer, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      await storage.put(`${PRIVATE_FOLDERS.chat}/${key}`, buffer);
      return key;
    },
    async open(key) {
      return KEY_PATTERN.test(key) ? storage.open(`${PRIVATE_FOLDERS.chat}/${key}`) : null;
    },
    async remove(keys) {
      await Promise.all(
        keys.filter((key) => KEY_PATTERN.test(key)).map((key) => storage.remove(`${PRIVATE_FOLDERS.chat}/${key}`)),
      );
    },
  };
}

export type StoredFile = {
  kind: 'image' | 'document';
  fileName: string;
  mime: string;
  size: number;
  storageKey: string;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
};

export type IncomingFile = { fileName: string; mime: string; buffer: Buffer };

/** Checks every file first, then stores them with image thumbnails; nothing is stored when one is refused. */
export async function storeFiles(storage: ChatStorage, files: IncomingFile[]): Promise<StoredFile[]> {
  if (files.length > CHAT_LIMITS.filesPerMessage) throw invalid({ 'files[]': [CHAT_MESSAGES.tooManyFiles] });
  const checked = await Promise.all(
    files.map(async (file) => {
      const sniffed = sniffFile(file.buffer, file.fileName, file.mime);
      if (sniffed.kind !== 'image') return { file, sniffed, image: null };
      try {
        const metadata = await sharp(file.buffer).metadata();
        const thumbnail = await sharp(file.buffer)
          .rotate()
          .resize({ width: CHAT_LIMITS.thumbnailWidth, withoutEnlargement: true })
          .jpeg({ quality: 80 })
          .toBuffer();
        return { file, sniffed, image: { width: metadata.width ?? null, height: metadata.height ?? null, thumbnail } };
      } catch {
        throw invalid({ 'files[]': [CHAT_MESSAGES.imagesOnly] });
      }
    }),
  );
  const stored: StoredFile[] = [];
  try {
    for (const { file, sniffed, image } of checked) {
      const storageKey = await storage.save(file.buffer, sniffed.extension);
      const thumbKey = image ? await storage.save(image.thumbnail, 'jpg') : null;
      stored.push({
        kind: sniffed.kind,
        fileName: cleanFileName(file.fileName, sniffed.extension),
        mime: sniffed.mime,
        size: file.buffer.length,
        storageKey,
        thumbKey,
        width: image?.width ?? null,
        height: image?.height ?? null,
      });
    }
  } catch (error) {
    await storage.remove(stored.flatMap((file) => [file.storageKey, file.thumbKey ?? '']));
    throw error;
  }
  return stored;
}
