import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CONTENT_LIMITS, CONTENT_MESSAGES, CONTENT_TIMELINE } from '@tradeloop/contracts/crm/records';
import type { CrmFile, FilePreview } from '@tradeloop/contracts/crm/files';
import type { Db, Tx } from '../../../db/client.ts';
import { requireAllFound } from '../../../platform/errors.ts';
import { fileKind, fileNameFor, refused, type FileKind } from '../../../platform/file-kinds.ts';
import { PRIVATE_FOLDERS, type Storage } from '../../../platform/storage.ts';
import { sessionUserSql, userNameSql } from '../../accounts/public.ts';
import { authorOf, type Actor } from '../records/content.ts';
import { crmFiles } from './tables.ts';
import { addTimeline } from '../timeline/service.ts';

/**
 * Files kept on a record. The bytes live in the platform's private storage folder with a random
 * name, and are served by GET /crm/v1/crm/files/{id}/{name} only to a member of the company, signed
 * in or through an address signed for them, which the answers listing files carry (so an <img> or a
 * PDF frame can load it without the bearer token; docs/decisions/027).
 */

const FOLDER = PRIVATE_FOLDERS.crmFiles;
const THUMB = '.thumb.webp';
const THUMB_SIZE = 320;

/** The last part of a file's address: its random name, or that name's thumbnail. */
export const FILE_NAME_PATTERN = /^([a-f0-9]{32})(\.thumb\.webp|\.[a-z0-9]{1,5})$/;

const nameOf = (storageKey: string) => storageKey.slice(FOLDER.length + 1);
const thumbKeyOf = (storageKey: string) => storageKey.replace(/\.[a-z0-9]+$/, THUMB);
/** Where record files are served; answers sign these paths for the caller (platform/file-urls.ts). */
export const FILES_PATH = '/crm/v1/crm/files/';
const fileUrl = (id: number, name: string) => `${FILES_PATH}${id}/${name}`;

const fileColumns = {
  id: crmFiles.id,
  recordId: crmFiles.recordId,
  storageKey: crmFiles.storageKey,
  fileName: crmFiles.fileName,
  mimeType: crmFiles.mimeType,
  sizeBytes: crmFiles.sizeBytes,
  authorId: crmFiles.uploadedBy,
  authorName: userNameSql(crmFiles.uploadedBy),
  createdAt: crmFiles.createdAt,
};

function selectFiles(tx: Tx) {
  return tx.select(fileColumns).from(crmFiles);
}
type FileRow = Awaited<ReturnType<typeof selectFiles>>[number];

export function previewOf(mime: string): FilePreview {
  if (mime.startsWith('image/')) return 'image';
  return mime === 'application/pdf' ? 'pdf' : 'other';
}

function toFile(row: FileRow): CrmFile {
  const name = nameOf(row.storageKey);
  const preview = previewOf(row.mimeType);
  return {
    id: row.id,
    record_id: row.recordId,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size: row.sizeBytes,
    url: fileUrl(row.id, name),
    thumb_url: preview === 'image' ? fileUrl(row.id, nameOf(thumbKeyOf(row.storageKey))) : null,
    preview,
    uploaded_by: authorOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** GET crm/show_crm_images/{unique_id}/{typeId}: a record's files, newest first. */
export async function listFiles(tx: Tx, recordId: number) {
  const rows = await selectFiles(tx)
    .where(eq(crmFiles.recordId, recordId))
    .orderBy(desc(crmFiles.createdAt), desc(crmFiles.id));
  return rows.map(toFile);
}

export type IncomingFile = { fileName: string; data: Buffer };
type CheckedFile = { name: string; kind: FileKind; data: Buffer; thumb: Buffer | null };

/** Checks a file by content and makes an image's thumbnail; refuses it with its name otherwise. */
async function checkFile(file: IncomingFile): Promise<CheckedFile> {
  const kind = fileKind(file.data, file.fileName);
  const name = fileNameFor(file.fileName, kind, CONTENT_LIMITS.fileNameMaxChars);
  if (kind.preview !== 'image') return { name, kind, data: file.data, thumb: null };
  try {
    const thumb = await sharp(file.data)
      .rotate()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { name, kind, data: file.data, thumb };
  } catch {
    throw refused(file.fileName, CONTENT_MESSAGES.imageUnreadable);
  }
}

/**
 * POST crm/crm_save_file: checks every file first (nothing is kept when one is refused), stores the
 * bytes, then records the files and "File added" in one transaction; stored bytes are removed again
 * if that fails.
 */
export async function saveFiles(db: Db, storage: Storage, actor: Actor, recordId: number, files: IncomingFile[]) {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkFile(file));
  const keys: string[] = [];
  try {
    const stored: (CheckedFile & { storageKey: string })[] = [];
    for (const file of checked) {
      const storageKey = `${FOLDER}/${randomBytes(16).toString('hex')}.${file.kind.extension}`;
      await storage.put(storageKey, file.data);
      keys.push(storageKey);
      if (file.thumb) {
        await storage.put(thumbKeyOf(storageKey), file.thumb);
        keys.push(thumbKeyOf(storageKey));
      }
      stored.push({ ...file, storageKey });
    }
    return await db.transaction(async (tx) => {
      const rows = await tx
        .insert(crmFiles)
        .values(
          stored.map((file) => ({
            companyId: actor.companyId,
            recordId,
            uploadedBy: actor.userId,
            storageKey: file.storageKey,
            fileName: file.name,
            mimeType: file.kind.mime,
            sizeBytes: file.data.length,
          })),
        )
        .returning({ id: crmFiles.id, fileName: crmFiles.fileName });
      await addTimeline(
        tx,
        rows.map((row) => ({
          companyId: actor.companyId,
          recordId,
          kind: 'file' as const,
          action: 'added',
          actorId: actor.userId,
          summary: CONTENT_TIMELINE.fileAdded(row.fileName),
          details: { file_id: row.id, file_name: row.fileName },
        })),
      );
      const saved = await selectFiles(tx).where(
        inArray(
          crmFiles.id,
          rows.map((row) => row.id),
        ),
      );
      return saved.map(toFile);
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key)));
    throw error;
  }
}

/**
 * POST crm/delete_crm_images: deletes the company's files of these ids with "File removed" in their
 * records' histories. Answers the storage keys to remove once the transaction has committed.
 */
export async function deleteFiles(tx: Tx, actor: Actor, ids: number[]) {
  const rows = await tx
    .delete(crmFiles)
    .where(and(eq(crmFiles.companyId, actor.companyId), inArray(crmFiles.id, [...new Set(ids)])))
    .returning({
      id: crmFiles.id,
      recordId: crmFiles.recordId,
      fileName: crmFiles.fileName,
      storageKey: crmFiles.storageKey,
      mimeType: crmFiles.mimeType,
    });
  requireAllFound(
    ids,
    rows.map((row) => row.id),
  );
  await addTimeline(
    tx,
    rows.map((row) => ({
      companyId: actor.companyId,
      recordId: row.recordId,
      kind: 'file' as const,
      action: 'removed',
      actorId: actor.userId,
      summary: CONTENT_TIMELINE.fileRemoved(row.fileName),
      details: { file_id: row.id, file_name: row.fileName },
    })),
  );
  return {
    count: rows.length,
    keys: rows.flatMap((row) =>
      previewOf(row.mimeType) === 'image' ? [row.storageKey, thumbKeyOf(row.storageKey)] : [row.storageKey],
    ),
  };
}

/** True when the file's company is that of the live user whose id is `viewerId`. */
const viewerCompanyOwns = (viewerId: number) =>
  sql`${crmFiles.companyId} = (${sessionUserSql(sql`${viewerId}::bigint`)} ->> 'companyId')::bigint`;

/**
 * The stored file behind an address (file id and random name), with how to serve it, when the
 * viewer belongs to the file's company; null otherwise, exactly as when there is no such file.
 */
export async function openFile(db: Db, storage: Storage, viewerId: number, id: number, name: string) {
  const match = FILE_NAME_PATTERN.exec(name);
  if (!match) return null;
  const [row] = await db
    .select({ storageKey: crmFiles.storageKey, fileName: crmFiles.fileName, mimeType: crmFiles.mimeType })
    .from(crmFiles)
    .where(and(eq(crmFiles.id, id), viewerCompanyOwns(viewerId)));
  if (!row || !nameOf(row.storageKey).startsWith(`${match[1]}.`)) return null;
  const thumb = match[2] === THUMB;
  if (thumb && previewOf(row.mimeType) !== 'image') return null;
  if (!thumb && nameOf(row.storageKey) !== name) return null;
  const stored = await storage.open(thumb ? thumbKeyOf(row.storageKey) : row.storageKey);
  if (!stored) return null;
  return { ...stored, fileName: row.fileName, mime: thumb ? 'image/webp' : row.mimeType };
}
