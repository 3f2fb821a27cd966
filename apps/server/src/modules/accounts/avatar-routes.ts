import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PROFILE_MESSAGES, profileSchema } from '@tradeloop/contracts/accounts';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { routes, withMessage } from '../../platform/routes.ts';
import { readUpload } from '../../platform/uploads.ts';
import { removeAvatar, uploadAvatar } from './avatar.ts';
import { getProfile } from './service.ts';

/** The profile photo, uploaded or removed; multipart is parsed only in this scope. */
export async function avatarRoutes(app: FastifyInstance) {
  await app.register(multipart);
  const route = routes(app);
  const tags = ['accounts'];

  route.post(
    '/api/v1/profile/avatar',
    {
      access: 'user',
      tags,
      summary: 'Upload the profile photo (PNG or JPEG by content), cut to a square',
      description: 'multipart/form-data with one field `file`; it replaces the photo the profile had.',
      consumes: ['multipart/form-data'],
      data: profileSchema,
    },
    async ({ request, user }) => {
      const upload = await readUpload(request, IMAGE_RULES.maxBytes, FILE_MESSAGES.imageTooLarge);
      await uploadAvatar(app.db, app.storage, user.id, upload);
      return withMessage(await getProfile(app.db, user.id), PROFILE_MESSAGES.avatarSaved);
    },
  );

  route.post(
    '/api/v1/profile/avatar/delete',
    { access: 'user', tags, summary: 'Remove the profile photo', data: profileSchema },
    async ({ user }) => {
      await removeAvatar(app.db, app.storage, user.id);
      return withMessage(await getProfile(app.db, user.id), PROFILE_MESSAGES.avatarRemoved);
    },
  );
}
