import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetDoneSchema,
  passwordResetRequestBodySchema,
} from '@tradeloop/contracts/auth-password';
import { messageOnlySchema } from '@tradeloop/contracts/common';
import { routes, withMessage } from '../../platform/routes.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password.ts';

/** Password reset by e-mail and password change from the profile (decision 051). */
export async function passwordRoutes(app: FastifyInstance) {
  const route = routes(app);
  const deps = () => ({
    db: app.db,
    mailer: app.mailer,
    rateLimiter: app.rateLimiter,
    publicUrl: app.config.publicUrl,
    endSockets: (userId: number, exceptTokenId?: number) => app.realtime.disconnectUser(userId, exceptTokenId),
  });
  const limitAddress = (name: string, request: FastifyRequest, limit: number, windowMs: number) =>
    app.rateLimiter.consume(name, windowMs, [{ key: `ip:${request.ip}`, limit }]);

  route.post(
    '/api/v1/auth/resetPassword/request',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'E-mail a single-use link to reset the password (one hour)',
      description:
        'Answers the same whether or not the address has an account. Requests are limited per client address (429); ' +
        'over an account’s hourly mails nothing more is sent and the answer stays the same. Signing in is never affected.',
      body: passwordResetRequestBodySchema,
      response: { 200: messageOnlySchema },
    },
    async ({ request }) => {
      await limitAddress(
        'password-reset-request',
        request,
        PASSWORD_LIMITS.requestsPerAddress,
        PASSWORD_LIMITS.requestWindowMs,
      );
      await requestPasswordReset(deps(), request.body.email_id);
      return { status: true as const, message: PASSWORD_MESSAGES.resetLinkSent };
    },
  );

  route.post(
    '/api/v1/auth/resetPassword',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'Set a new password with a reset link; every session and socket of the account ends',
      body: passwordResetBodySchema,
      data: passwordResetDoneSchema,
    },
    async ({ request }) => {
      await limitAddress('password-reset', request, PASSWORD_LIMITS.resetsPerAddress, PASSWORD_LIMITS.resetWindowMs);
      return withMessage(
        await resetPassword(deps(), request.body.token, request.body.password),
        PASSWORD_MESSAGES.passwordReset,
      );
    },
  );

  route.post(
    '/api/v1/profile/password/change',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Change the password: the current one is required when the account has one',
      description: 'This device stays signed in; every other session and socket of the account ends.',
      body: passwordChangeBodySchema,
      data: passwordResetDoneSchema,
    },
    async ({ request, user }) =>
      withMessage(await changePassword(deps(), user, request.body), PASSWORD_MESSAGES.passwordChanged),
  );
}
