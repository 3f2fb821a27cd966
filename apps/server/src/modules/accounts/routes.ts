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
import { envelope } from '@tradeloop/contracts/common';
import { caller } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { deleteStatus, getProfile, updateProfile } from './service.ts';

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profileResponse = { 200: envelope(profileSchema) };

  app.post(
    '/api/v1/profile/view',
    {
      config: { access: 'company' },
      schema: {
        tags: ['accounts'],
        summary: 'Profile of a seller or sub-user',
        body: profileViewBodySchema,
        response: profileResponse,
      },
    },
    async (request) => {
      const user = caller(request);
      if (request.body.user_type !== user.userType) throw forbidden(PROFILE_MESSAGES.userTypeMismatch);
      return ok(await getProfile(app.db, user.id));
    },
  );

  app.get(
    '/api/v1/profile/view',
    {
      config: { access: 'user' },
      schema: { tags: ['accounts'], summary: 'Profile of the signed-in user', response: profileResponse },
    },
    async (request) => ok(await getProfile(app.db, caller(request).id)),
  );

  app.patch(
    '/api/v1/profile/updateProfile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['accounts'],
        summary: 'Update basic and job details',
        body: updateProfileBodySchema,
        response: profileResponse,
      },
    },
    async (request) => {
      const userId = caller(request).id;
      const profile = await app.db.transaction((tx) => updateProfile(tx, userId, request.body));
      return ok(profile, PROFILE_MESSAGES.updated);
    },
  );

  app.get(
    '/api/v1/profile/verify/user_delete_status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['accounts'],
        summary: 'Whether the signed-in account has been deleted',
        querystring: z.object({ user_id: z.string().optional() }),
        response: { 200: envelope(deleteStatusSchema) },
      },
    },
    async (request) => ok(await deleteStatus(app.db, caller(request).id)),
  );
}
