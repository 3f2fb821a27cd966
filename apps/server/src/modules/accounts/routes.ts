import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteStatusSchema,
  PROFILE_MESSAGES,
  profileSchema,
  profileViewBodySchema,
  updateProfileBodySchema,
} from '@tradeloop/contracts/accounts';
import { forbidden } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { deleteStatus, getProfile, updateProfile } from './service.ts';

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.post(
    '/api/v1/profile/view',
    {
      access: 'company',
      tags: ['accounts'],
      summary: 'Profile of a seller or sub-user',
      body: profileViewBodySchema,
      data: profileSchema,
    },
    async ({ request, user }) => {
      if (request.body.user_type !== user.userType) throw forbidden(PROFILE_MESSAGES.userTypeMismatch);
      return getProfile(app.db, user.id);
    },
  );

  route.get(
    '/api/v1/profile/view',
    { access: 'user', tags: ['accounts'], summary: 'Profile of the signed-in user', data: profileSchema },
    async ({ user }) => getProfile(app.db, user.id),
  );

  route.patch(
    '/api/v1/profile/updateProfile',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Update basic and job details',
      body: updateProfileBodySchema,
      data: profileSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const userId = user.id;
      const profile = await updateProfile(tx, userId, request.body);
      return withMessage(profile, PROFILE_MESSAGES.updated);
    },
  );

  route.get(
    '/api/v1/profile/verify/user_delete_status',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Whether the signed-in account has been deleted',
      querystring: z.object({ user_id: z.string().optional() }),
      data: deleteStatusSchema,
    },
    async ({ user }) => deleteStatus(app.db, user.id),
  );
}
