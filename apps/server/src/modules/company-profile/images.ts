import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import type { ProfileImage, ProfileImageKind } from '@tradeloop/contracts/company-profile';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import type { Storage } from '../../platform/storage.ts';
import { hasImageExtension, imageUrls, makeDerivatives } from '../catalog/images.ts';
import { companyProfileImages } from './tables.ts';

type Row = typeof companyProfileImages.$inferSelect;

export const toProfileImage = (row: Row): ProfileImage => {
  const { thumb, card, full } = imageUrls(row.storageKey, row.mime);
  return { id: row.id, kind: row.kind, thumb, card, full, width: row.width, height: row.height };
};

/**
 * A factory picture or certificate scan: PNG or JPEG by its bytes and its name, re-encoded by sharp
 * (EXIF dropped) into the catalogue's three WebP sizes. It shows once a profile save names it.
 */
export async function uploadProfileImage(
  db: Db,
  storage: Storage,
  companyId: number,
  kind: ProfileImageKind,
  file: { fileName: string; data: Buffer },
): Promise<ProfileImage> {
  const type = imageKind(file.data);
  if (!type || !hasImageExtension(file.fileName)) throw invalid({ file: [FILE_MESSAGES.imageType] });
  const derivatives = await makeDerivatives(file.data, type);
  const mime = type === 'png' ? 'image/png' : 'image/jpeg';
  const storageKey = `company-profile/${companyId}/${randomUUID()}`;
  await Promise.all([
    storage.put(`${storageKey}/${type === 'png' ? 'original.png' : 'original.jpg'}`, derivatives.original),
    storage.put(`${storageKey}/thumb.webp`, derivatives.thumb),
    storage.put(`${storageKey}/card.webp`, derivatives.card),
    storage.put(`${storageKey}/full.webp`, derivatives.full),
  ]);
  try {
    const [row] = await db
      .insert(companyProfileImages)
      .values({
        companyId,
        kind,
        storageKey,
        mime,
        bytes: derivatives.original.length,
        width: derivatives.width,
        height: derivatives.height,
        originalName: path.basename(file.fileName).slice(0, 200),
      })
      .returning();
    return toProfileImage(row);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

/** The company's images by id (another company's ids are simply not there). */
export async function imagesOf(db: Tx, companyId: number, ids?: number[]): Promise<Map<number, ProfileImage>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companyProfileImages)
    .where(
      and(
        eq(companyProfileImages.companyId, companyId),
        ids ? sql`${companyProfileImages.id} = any(${sql.param([...new Set(ids)])}::bigint[])` : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.id, toProfileImage(row)]));
}

/** Uploads no save named within a day are left-overs of abandoned forms (as the catalogue's). */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the company's images a save took out of the profile, and day-old uploads no save named
 * (a fresh upload may belong to a form still open); returns their storage keys.
 */
export async function dropUnusedImages(
  tx: Tx,
  companyId: number,
  used: Set<number>,
  previouslyUsed: Set<number>,
): Promise<string[]> {
  const rows = await tx
    .select({
      id: companyProfileImages.id,
      storageKey: companyProfileImages.storageKey,
      createdAt: companyProfileImages.createdAt,
    })
    .from(companyProfileImages)
    .where(eq(companyProfileImages.companyId, companyId));
  const stale = Date.now() - ORPHAN_AGE_MS;
  const unused = rows.filter(
    (row) => !used.has(row.id) && (previouslyUsed.has(row.id) || row.createdAt.getTime() < stale),
  );
  if (unused.length === 0) return [];
  await tx
    .delete(companyProfileImages)
    .where(sql`${companyProfileImages.id} = any(${sql.param(unused.map((row) => row.id))}::bigint[])`);
  return unused.map((row) => row.storageKey);
}
