import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import {
  BANNER_LIMITS,
  BANNER_TOGGLES,
  PROMOTION_MESSAGES,
  type BannerCreateFields,
  type BannerPage,
  type BannerSetting,
  type BannerUpdateFields,
} from '@tradeloop/contracts/promotion';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import { UPLOADS_PATH, type Storage } from '../../platform/storage.ts';
import { bannerImages, bannerSettings } from './tables.ts';

type SettingRow = typeof bannerSettings.$inferSelect;
type ImageRow = typeof bannerImages.$inferSelect;

/** A banner image checked by content and resized, not stored yet. */
export type PreparedImage = { large: Buffer; small: Buffer; width: number; height: number };

const imageRejected = () => invalid({ images: [PROMOTION_MESSAGES.imageType] });

/**
 * PNG or JPEG by its bytes, decodable by sharp (a file that only starts like one is refused the
 * same way), re-encoded (EXIF and GPS dropped) into two WebP widths; the large one's size is kept.
 */
export async function prepareImage(data: Buffer): Promise<PreparedImage> {
  const kind = imageKind(data);
  if (!kind) throw imageRejected();
  const input = () => sharp(data, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' }).rotate();
  try {
    const metadata = await sharp(data, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' }).metadata();
    if (metadata.format !== (kind === 'png' ? 'png' : 'jpeg')) throw imageRejected();
    const { sizes } = BANNER_LIMITS;
    const [large, small] = await Promise.all([
      input()
        .resize({ width: sizes.large, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      input().resize({ width: sizes.small, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { large: large.data, small, width: large.info.width, height: large.info.height };
  } catch {
    throw imageRejected();
  }
}

const urls = (storageKey: string) => ({
  large: `${UPLOADS_PATH}${storageKey}/large.webp`,
  small: `${UPLOADS_PATH}${storageKey}/small.webp`,
});

function present(row: SettingRow, images: ImageRow[]): BannerSetting {
  return {
    id: row.id,
    page: row.page,
    background_color: row.backgroundColor,
    alt_tag: row.altTag,
    active_banner: row.activeBanner,
    default_banner: row.defaultBanner,
    swap_banner: row.swapBanner,
    indicator_banner: row.indicatorBanner,
    navigation_button: row.navigationButton,
    nav_button_visible: row.navButtonVisible,
    full_height_hover: row.fullHeightHover,
    images: images
      .filter((image) => image.bannerId === row.id)
      .map((image) => ({ id: image.id, ...urls(image.storageKey), width: image.width, height: image.height })),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withImages(db: Db | Tx, rows: SettingRow[]): Promise<BannerSetting[]> {
  if (rows.length === 0) return [];
  const images = await db
    .select()
    .from(bannerImages)
    .where(
      inArray(
        bannerImages.bannerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(bannerImages.position), asc(bannerImages.id));
  return rows.map((row) => present(row, images));
}

const TOGGLE_COLUMNS = {
  active_banner: 'activeBanner',
  default_banner: 'defaultBanner',
  swap_banner: 'swapBanner',
  indicator_banner: 'indicatorBanner',
  navigation_button: 'navigationButton',
  nav_button_visible: 'navButtonVisible',
  full_height_hover: 'fullHeightHover',
} as const;

function toggleColumns(fields: Partial<Record<(typeof BANNER_TOGGLES)[number], 'on' | 'off' | undefined>>) {
  const set: Partial<Record<(typeof TOGGLE_COLUMNS)[keyof typeof TOGGLE_COLUMNS], boolean>> = {};
  for (const name of BANNER_TOGGLES) {
    const value = fields[name];
    if (value !== undefined) set[TOGGLE_COLUMNS[name]] = value === 'on';
  }
  return set;
}

/** Stores prepared images under a new key each; returns the keys (to remove if the save fails). */
export async function storeImages(storage: Storage, companyId: number, images: PreparedImage[]) {
  const stored: { storageKey: string; width: number; height: number }[] = [];
  for (const image of images) {
    const storageKey = `banners/${companyId}/${randomUUID()}`;
    await storage.put(`${storageKey}/large.webp`, image.large);
    await storage.put(`${storageKey}/small.webp`, image.small);
    stored.push({ storageKey, width: image.width, height: image.height });
  }
  return stored;
}

async function pageTaken(tx: Tx, companyId: number, page: BannerPage, exceptId?: number) {
  const [row] = await tx
    .select({ id: bannerSettings.id })
    .from(bannerSettings)
    .where(
      and(
        eq(bannerSettings.companyId, companyId),
        eq(bannerSettings.page, page),
        exceptId ? ne(bannerSettings.id, exceptId) : undefined,
      ),
    );
  if (row) throw invalid({ page: [PROMOTION_MESSAGES.bannerPageTaken] });
}

/** One default banner per company: setting one clears the others. */
async function soleDefault(tx: Tx, companyId: number, id: number) {
  await tx
    .update(bannerSettings)
    .set({ defaultBanner: false })
    .where(
      and(eq(bannerSettings.companyId, companyId), ne(bannerSettings.id, id), eq(bannerSettings.defaultBanner, true)),
    );
}

export async function createBanner(
  tx: Tx,
  companyId: number,
  fields: BannerCreateFields,
  images: { storageKey: string; width: number; height: number }[],
): Promise<BannerSetting> {
  await pageTaken(tx, companyId, fields.page);
  const [row] = await tx
    .insert(bannerSettings)
    .values({
      companyId,
      page: fields.page,
      backgroundColor: fields.background_color,
      altTag: fields.alt_tag,
      activeBanner: fields.active_banner === 'on',
      defaultBanner: fields.default_banner === 'on',
      swapBanner: fields.swap_banner === 'on',
      indicatorBanner: fields.indicator_banner === 'on',
      navigationButton: fields.navigation_button === 'on',
      navButtonVisible: fields.nav_button_visible === 'on',
      fullHeightHover: fields.full_height_hover === 'on',
    })
    .returning();
  await tx.insert(bannerImages).values(images.map((image, position) => ({ bannerId: row.id, position, ...image })));
  if (row.defaultBanner) await soleDefault(tx, companyId, row.id);
  return (await withImages(tx, [row]))[0];
}

async function ownedBanner(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(bannerSettings)
    .where(and(eq(bannerSettings.id, id), eq(bannerSettings.companyId, companyId)))
    .for('update');
  if (!row) throw notFound(PROMOTION_MESSAGES.bannerNotFound);
  return row;
}

/**
 * POST users/banner_setting/update/{id} (`_method` patch): fields sent change, new images are
 * added after the kept ones, `delete_image_ids` are removed; at least one image must remain.
 * Returns the banner and the storage keys of removed images (to delete once committed).
 */
export async function updateBanner(
  tx: Tx,
  companyId: number,
  id: number,
  fields: BannerUpdateFields,
  added: { storageKey: string; width: number; height: number }[],
): Promise<{ banner: BannerSetting; removedKeys: string[] }> {
  await ownedBanner(tx, companyId, id);
  if (fields.page) await pageTaken(tx, companyId, fields.page, id);
  const current = await tx.select().from(bannerImages).where(eq(bannerImages.bannerId, id));
  const known = new Set(current.map((image) => image.id));
  const errors: Record<string, string[]> = {};
  if (fields.delete_image_ids.some((imageId) => !known.has(imageId)))
    errors.delete_image_ids = [PROMOTION_MESSAGES.imageUnknown];
  const kept = current.filter((image) => !fields.delete_image_ids.includes(image.id));
  if (!errors.delete_image_ids && kept.length + added.length === 0) errors.images = [PROMOTION_MESSAGES.imagesRequired];
  if (kept.length + added.length > BANNER_LIMITS.imagesMax) errors.images = [PROMOTION_MESSAGES.imagesTooMany];
  if (Object.keys(errors).length) throw invalid(errors);
  const [row] = await tx
    .update(bannerSettings)
    .set({
      ...(fields.page ? { page: fields.page } : {}),
      ...(fields.background_color ? { backgroundColor: fields.background_color } : {}),
      ...(fields.alt_tag ? { altTag: fields.alt_tag } : {}),
      ...toggleColumns(fields),
      updatedAt: new Date(),
    })
    .where(eq(bannerSettings.id, id))
    .returning();
  const removed = current.filter((image) => fields.delete_image_ids.includes(image.id));
  if (removed.length)
    await tx.delete(bannerImages).where(
      inArray(
        bannerImages.id,
        removed.map((image) => image.id),
      ),
    );
  const start = Math.max(-1, ...kept.map((image) => image.position)) + 1;
  if (added.length)
    await tx
      .insert(bannerImages)
      .values(added.map((image, index) => ({ bannerId: id, position: start + index, ...image })));
  if (row.defaultBanner) await soleDefault(tx, companyId, id);
  return { banner: (await withImages(tx, [row]))[0], removedKeys: removed.map((image) => image.storageKey) };
}

export async function listBanners(db: Db | Tx, companyId: number): Promise<BannerSetting[]> {
  const rows = await db
    .select()
    .from(bannerSettings)
    .where(eq(bannerSettings.companyId, companyId))
    .orderBy(asc(bannerSettings.id));
  return withImages(db, rows);
}

/**
 * The banner a mini-site page shows: the page's own when active, else the company's default banner
 * when active, else none.
 */
export async function pageBanner(db: Db, companyId: number, page: BannerPage): Promise<BannerSetting | null> {
  const rows = await db
    .select()
    .from(bannerSettings)
    .where(and(eq(bannerSettings.companyId, companyId), eq(bannerSettings.activeBanner, true)));
  const chosen = rows.find((row) => row.page === page) ?? rows.find((row) => row.defaultBanner) ?? null;
  return chosen ? (await withImages(db, [chosen]))[0] : null;
}
