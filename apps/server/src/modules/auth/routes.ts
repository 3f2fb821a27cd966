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
import { consumeAutologin, sendAutologinLink, signin, signup } from './service.ts';

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const limit = (name: keyof typeof RATE_LIMITS, request: FastifyRequest, account: string) => {
    const rule = RATE_LIMITS[name];
    return app.rateLimiter.consume(name, rule.windowMs, [
      { key: `ip:${request.ip}`, limit: rule.perAddress },
      { key: `account:${account}`, limit: rule.perAccount },
    ]);
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
      await limit('signup', request, request.body.email_id);
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
    async ({ request }) => {
      await limit('signin', request, request.body.email_id);
      const session = await signin(app.db, request.body.email_id, request.body.password, meta(request));
      return withMessage(session, AUTH_MESSAGES.signedIn);
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
      await limit('autologinLink', request, request.body.email_id);
      await sendAutologinLink(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
        request.body.email_id,
      );
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
      await limit('signin', request, `link:${request.ip}`);
      return withMessage(await consumeAutologin(app.db, request.query.id, meta(request)), AUTH_MESSAGES.signedIn);
    },
  );
}
