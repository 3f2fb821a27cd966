import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import {
  COMPANY_PROFILE_LIMITS,
  COMPANY_PROFILE_MESSAGES,
  type ProfileImage,
  type ProfileImageKind,
} from '@tradeloop/contracts/company-profile';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import type { Storage } from '../../platform/storage.ts';
import { hasImageExtension, imageUrls, makeDerivatives } from '../catalog/public.ts';
import { companyProfileImages, companyProfiles } from './tables.ts';

type Row = typeof companyProfileImages.$inferSelect;

export const toProfileImage = (row: Row): ProfileImage => {
  const { thumb, card, full } = imageUrls(row.storageKey, row.mime);
  return { id: row.id, kind: row.kind, thumb, card, full, width: row.width, height: row.height };
};

/** The PNG a logo is printed from on the PDFs: at most 600 px a side, so documents stay small. */
const LOGO_PRINT_SIZE = 600;
const LOGO_PRINT_FILE = 'print.png';

/**
 * Writes an image's files under `storageKey`: the re-encoded original, the catalogue's three WebP sizes and,
 * for a logo, the PNG the PDFs embed (pdfkit reads PNG and JPEG). Answers what the image's row records.
 */
export async function storeProfileImageFiles(
  storage: Storage,
  storageKey: string,
  kind: ProfileImageKind,
  data: Buffer,
  type: 'png' | 'jpeg',
) {
  const derivatives = await makeDerivatives(data, type);
  const print =
    kind === 'logo'
      ? await sharp(derivatives.original)
          .resize(LOGO_PRINT_SIZE, LOGO_PRINT_SIZE, { fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer()
      : null;
  await Promise.all([
    storage.put(`${storageKey}/${type === 'png' ? 'original.png' : 'original.jpg'}`, derivatives.original),
    storage.put(`${storageKey}/thumb.webp`, derivatives.thumb),
    storage.put(`${storageKey}/card.webp`, derivatives.card),
    storage.put(`${storageKey}/full.webp`, derivatives.full),
    ...(print ? [storage.put(`${storageKey}/${LOGO_PRINT_FILE}`, print)] : []),
  ]);
  return {
    mime: type === 'png' ? 'image/png' : 'image/jpeg',
    bytes: derivatives.original.length,
    width: derivatives.width,
    height: derivatives.height,
  };
}

/**
 * A factory picture, certificate scan or logo: PNG or JPEG by its bytes and its name, re-encoded by sharp
 * (EXIF dropped) into the catalogue's three WebP sizes. It shows once a profile save names it. A logo is
 * at most 2 MB; an SVG logo is refused with a message saying to save it as PNG (a script-free raster is
 * what the pages and the PDFs show).
 */
export async function uploadProfileImage(
  db: Db,
  storage: Storage,
  companyId: number,
  kind: ProfileImageKind,
  file: { fileName: string; data: Buffer },
): Promise<ProfileImage> {
  const logo = kind === 'logo';
  const type = imageKind(file.data);
  if (!type || !hasImageExtension(file.fileName))
    throw invalid({ file: [logo ? COMPANY_PROFILE_MESSAGES.logoType : FILE_MESSAGES.imageType] });
  if (logo && file.data.length > COMPANY_PROFILE_LIMITS.logoBytes)
    throw invalid({ file: [COMPANY_PROFILE_MESSAGES.logoTooLarge] });
  const storageKey = `company-profile/${companyId}/${randomUUID()}`;
  const stored = await storeProfileImageFiles(storage, storageKey, kind, file.data, type);
  try {
    const [row] = await db
      .insert(companyProfileImages)
      .values({
        companyId,
        kind,
        storageKey,
        ...stored,
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

/**
 * The company's logo as the PDFs print it (a PNG of at most 600 px a side), or null when it has none
 * (the documents then print the company's name alone).
 */
export async function companyLogo(db: Tx, storage: Storage, companyId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ storageKey: companyProfileImages.storageKey })
    .from(companyProfiles)
    .innerJoin(companyProfileImages, eq(companyProfileImages.id, companyProfiles.logoImageId))
    .where(eq(companyProfiles.companyId, companyId));
  if (!row) return null;
  const file = await storage.open(`${row.storageKey}/${LOGO_PRINT_FILE}`);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The card-size logo of each of these companies that has one, by company id (the supplier directory's cards). */
export async function companyLogoCards(db: Tx, companyIds: number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: companyProfiles.companyId,
      storageKey: companyProfileImages.storageKey,
      mime: companyProfileImages.mime,
    })
    .from(companyProfiles)
    .innerJoin(companyProfileImages, eq(companyProfileImages.id, companyProfiles.logoImageId))
    .where(sql`${companyProfiles.companyId} = any(${sql.param([...new Set(companyIds)])}::bigint[])`);
  return new Map(rows.map((row) => [row.companyId, imageUrls(row.storageKey, row.mime).card]));
}
