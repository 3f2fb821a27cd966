import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import type { ProductImage } from '@tradeloop/contracts/catalog';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import { UPLOADS_PATH, type Storage } from '../../platform/storage.ts';
import { productImages, productVariations } from './tables.ts';

/** Spec section 5: the name must end in .png, .jpg or .jpeg too. */
export function hasImageExtension(fileName: string): boolean {
  return (IMAGE_RULES.extensions as readonly string[]).includes(path.extname(fileName).toLowerCase());
}

const rejected = () => invalid({ file: [FILE_MESSAGES.imageType] });

type Derivatives = { original: Buffer; thumb: Buffer; card: Buffer; full: Buffer; width: number; height: number };

/**
 * Re-encodes the picture (which drops EXIF, GPS included) and makes the three WebP sizes the
 * pages use. A file that is PNG or JPEG only by its first bytes fails here, with the same message.
 */
export async function makeDerivatives(data: Buffer, kind: 'png' | 'jpeg'): Promise<Derivatives> {
  const input = () => sharp(data, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' }).rotate();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' }).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw invalid({ file: [FILE_MESSAGES.imageTooManyPixels] });
    }
    throw rejected();
  }
  if (metadata.format !== (kind === 'png' ? 'png' : 'jpeg') || !metadata.width || !metadata.height) throw rejected();
  try {
    const { sizes } = IMAGE_RULES;
    const [original, thumb, card, full] = await Promise.all([
      kind === 'png' ? input().png().toBuffer() : input().jpeg({ quality: 100 }).toBuffer(),
      input().resize(sizes.thumb, sizes.thumb, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
      input()
        .resize(sizes.card, sizes.card, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      input()
        .resize(sizes.full, sizes.full, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer(),
    ]);
    const swapped = (metadata.orientation ?? 1) >= 5;
    return {
      original,
      thumb,
      card,
      full,
      width: swapped ? metadata.height : metadata.width,
      height: swapped ? metadata.width : metadata.height,
    };
  } catch {
    throw rejected();
  }
}

const ORIGINAL = { 'image/png': 'original.png', 'image/jpeg': 'original.jpg' } as Record<string, string>;

export function imageUrls(storageKey: string, mime: string) {
  const base = `${UPLOADS_PATH}${storageKey}`;
  return {
    thumb: `${base}/thumb.webp`,
    card: `${base}/card.webp`,
    full: `${base}/full.webp`,
    original: `${base}/${ORIGINAL[mime] ?? 'original.jpg'}`,
  };
}

export type ImageFacts = Pick<
  typeof productImages.$inferSelect,
  'id' | 'storageKey' | 'mime' | 'width' | 'height' | 'bytes' | 'originalName'
>;

export function toImage(row: ImageFacts): ProductImage {
  return {
    id: row.id,
    ...imageUrls(row.storageKey, row.mime),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    original_name: row.originalName,
  };
}

/** Uploads that no product save attached within a day are left-overs of abandoned forms. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

export async function uploadImage(
  db: Db,
  storage: Storage,
  companyId: number,
  file: { fileName: string; data: Buffer },
): Promise<ProductImage> {
  const kind = imageKind(file.data);
  if (!kind || !hasImageExtension(file.fileName)) throw rejected();
  const derivatives = await makeDerivatives(file.data, kind);
  const mime = kind === 'png' ? 'image/png' : 'image/jpeg';
  const storageKey = `products/${companyId}/${randomUUID()}`;
  await Promise.all([
    storage.put(`${storageKey}/${ORIGINAL[mime]}`, derivatives.original),
    storage.put(`${storageKey}/thumb.webp`, derivatives.thumb),
    storage.put(`${storageKey}/card.webp`, derivatives.card),
    storage.put(`${storageKey}/full.webp`, derivatives.full),
  ]);
  try {
    const [row] = await db
      .insert(productImages)
      .values({
        companyId,
        storageKey,
        originalName: path.basename(file.fileName).slice(0, 200),
        mime,
        bytes: derivatives.original.length,
        width: derivatives.width,
        height: derivatives.height,
      })
      .returning();
    await purgeOrphans(db, storage, companyId);
    return toImage(row);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

async function purgeOrphans(db: Db, storage: Storage, companyId: number) {
  const stale = await db
    .delete(productImages)
    .where(
      and(
        eq(productImages.companyId, companyId),
        isNull(productImages.productId),
        lt(productImages.createdAt, new Date(Date.now() - ORPHAN_AGE_MS)),
      ),
    )
    .returning({ storageKey: productImages.storageKey });
  await Promise.all(stale.map((row) => storage.remove(row.storageKey)));
}

/** Deletes an upload of the company, attached or not; combinations stop showing it. Returns the key to remove. */
/** Deletes an image; answers its storage key and the product it was attached to (null: none). */
export async function deleteImage(
  tx: Tx,
  companyId: number,
  imageId: number,
): Promise<{ storageKey: string; productId: number | null }> {
  const [row] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.companyId, companyId)))
    .returning();
  if (!row) throw notFound();
  if (row.productId) await forgetImagesInMatrix(tx, row.productId, [row.id]);
  return { storageKey: row.storageKey, productId: row.productId };
}

export async function forgetImagesInMatrix(tx: Tx, productId: number, imageIds: number[]) {
  if (imageIds.length === 0) return;
  const variations = await tx
    .select({ id: productVariations.id, imageIds: productVariations.imageIds })
    .from(productVariations)
    .where(eq(productVariations.productId, productId));
  const gone = new Set(imageIds);
  for (const variation of variations.filter((row) => row.imageIds.some((id) => gone.has(id)))) {
    await tx
      .update(productVariations)
      .set({ imageIds: variation.imageIds.filter((id) => !gone.has(id)) })
      .where(eq(productVariations.id, variation.id));
  }
}

/** Ids of photos the product may use: the company's uploads that are free or already the product's. */
export async function usablePhotos(tx: Tx, companyId: number, productId: number | null, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(
      and(
        inArray(productImages.id, ids),
        eq(productImages.companyId, companyId),
        productId === null
          ? isNull(productImages.productId)
          : or(isNull(productImages.productId), eq(productImages.productId, productId)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Attaches the photos in order and detaches (deletes) the product's others. Returns keys to remove from storage. */
export async function syncPhotos(tx: Tx, companyId: number, productId: number, ids: number[]): Promise<string[]> {
  const current = await tx
    .select({ id: productImages.id, storageKey: productImages.storageKey })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const keep = new Set(ids);
  const removed = current.filter((row) => !keep.has(row.id));
  if (removed.length) {
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        removed.map((row) => row.id),
      ),
    );
    await forgetImagesInMatrix(
      tx,
      productId,
      removed.map((row) => row.id),
    );
  }
  for (const [position, id] of ids.entries()) {
    await tx
      .update(productImages)
      .set({ productId, position })
      .where(and(eq(productImages.id, id), eq(productImages.companyId, companyId)));
  }
  return removed.map((row) => row.storageKey);
}
