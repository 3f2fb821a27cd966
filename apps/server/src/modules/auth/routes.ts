import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  autologinLinkBodySchema,
  autologinQuerySchema,
  autologinSessionSchema,
  RATE_LIMITS,
  sessionSchema,
  signinBodySchema,
  signupBodySchema,
} from '@tradeloop/contracts/auth';
import { messageOnlySchema } from '@tradeloop/contracts/common';
import { revokeSession } from '../../platform/sessions.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { AppError } from '../../platform/errors.ts';
import { consumeAutologin, sendAutologinLink, signin, signup } from './service.ts';
import { signinGuard, sleep, type Pause } from './signin-guard.ts';

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

/** `pause` is how a wrong-password answer waits (decision 026); tests pass one that only records. */
export async function authRoutes(fastify: FastifyInstance, options: { pause?: Pause }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const guard = signinGuard(fastify, options.pause ?? sleep);
  const limitAddress = (name: keyof typeof RATE_LIMITS, request: FastifyRequest) => {
    const rule = RATE_LIMITS[name];
    return app.rateLimiter.consume(name, rule.windowMs, [{ key: `ip:${request.ip}`, limit: rule.perAddress }]);
  };

  route.post(
    '/api/v1/auth/signup',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'Create a seller or buyer account',
      body: signupBodySchema,
      data: sessionSchema,
      status: 201,
    },
    async ({ request }) => {
      const rule = RATE_LIMITS.signup;
      await app.rateLimiter.consume('signup', rule.windowMs, [
        { key: `ip:${request.ip}`, limit: app.config.signupLimitPerAddress },
        { key: `account:${request.body.email_id}`, limit: rule.perAccount },
      ]);
      const session = await signup(app, request.body, meta(request));
      return withMessage(session, AUTH_MESSAGES.signedUp);
    },
  );

  route.post(
    '/api/v1/auth/signin',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      body: signinBodySchema,
      data: sessionSchema,
    },
    async ({ request, reply }) => {
      const email = request.body.email_id;
      const client = await guard.admit(request, email);
      try {
        const session = await signin(app.db, email, request.body.password, meta(request));
        await guard.succeeded(client, email, reply);
        return withMessage(session, AUTH_MESSAGES.signedIn);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 422) await guard.failed(client, email);
        throw error;
      }
    },
  );

  route.get(
    '/api/v1/auth/logout',
    { access: 'user', tags: ['auth'], summary: 'Revoke the current token', response: { 200: messageOnlySchema } },
    async ({ user }) => {
      await revokeSession(app.db, user.tokenId);
      return { status: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  route.post(
    '/api/v1/auth/autologin-link',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'E-mail a single-use sign-in link (15 minutes)',
      body: autologinLinkBodySchema,
      response: { 200: messageOnlySchema },
    },
    async ({ request }) => {
      await limitAddress('autologinLink', request);
      // Over the account's limit nothing more is mailed, but the answer stays the same (decision 026).
      const rule = RATE_LIMITS.autologinLink;
      const forAccount = await app.rateLimiter.hit('autologinLink', `account:${request.body.email_id}`, rule.windowMs);
      if (forAccount <= rule.perAccount) {
        await sendAutologinLink(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
          request.body.email_id,
        );
      }
      return { status: true as const, message: AUTH_MESSAGES.linkSent };
    },
  );

  route.get(
    '/api/v1/autologin',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'Sign in with a single-use link token',
      querystring: autologinQuerySchema,
      data: autologinSessionSchema,
    },
    async ({ request }) => {
      await limitAddress('autologin', request);
      return withMessage(await consumeAutologin(app.db, request.query.id, meta(request)), AUTH_MESSAGES.signedIn);
    },
  );
}
