import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_SIZE } from '@tradeloop/contracts/accounts';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import { UPLOADS_PATH, type Storage } from '../../platform/storage.ts';
import type { Upload } from '../../platform/uploads.ts';
import { userProfiles } from './tables.ts';

const AVATARS_FOLDER = 'avatars';

/** The stored file an avatar address names, when it is one of ours (a pasted address is not). */
function storedAvatarKey(address: string | null): string | null {
  const prefix = `${UPLOADS_PATH}${AVATARS_FOLDER}/`;
  return address?.startsWith(prefix) ? address.slice(UPLOADS_PATH.length) : null;
}

/** The picture as the avatar: PNG or JPEG by its bytes, turned upright, cut to a centred square, WebP. */
async function squareAvatar(file: Upload): Promise<Buffer> {
  if (!imageKind(file.data)) throw invalid({ file: [FILE_MESSAGES.imageType] });
  try {
    return await sharp(file.data, { limitInputPixels: IMAGE_RULES.maxPixels })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // A file that starts like a picture but does not decode as one.
    throw invalid({ file: [FILE_MESSAGES.imageType] });
  }
}

/** Points the profile at the address, then removes the uploaded photo it replaced (once no row names it). */
async function replaceAvatar(db: Db, storage: Storage, userId: number, address: string | null) {
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatar: userProfiles.avatar_original })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId))
      .for('update');
    await tx
      .update(userProfiles)
      .set({ avatar_original: address, updatedAt: new Date() })
      .where(eq(userProfiles.userId, userId));
    return storedAvatarKey(current?.avatar ?? null);
  });
  if (replaced) await storage.remove(replaced);
}

/**
 * POST profile/avatar: the uploaded picture becomes the user's profile photo (`avatar_original`). The file
 * is written before the row names it (and removed if the row cannot be written).
 */
export async function uploadAvatar(db: Db, storage: Storage, userId: number, file: Upload) {
  const key = `${AVATARS_FOLDER}/${userId}/${randomUUID()}.webp`;
  await storage.put(key, await squareAvatar(file));
  try {
    await replaceAvatar(db, storage, userId, `${UPLOADS_PATH}${key}`);
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** POST profile/avatar/delete: no profile photo; an uploaded one is removed. */
export function removeAvatar(db: Db, storage: Storage, userId: number) {
  return replaceAvatar(db, storage, userId, null);
}
