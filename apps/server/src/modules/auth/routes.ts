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
import { envelope, messageOnlySchema } from '@tradeloop/contracts/common';
import { caller } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { revokeSession } from '../../platform/sessions.ts';
import { consumeAutologin, sendAutologinLink, signin, signup } from './service.ts';

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = (name: keyof typeof RATE_LIMITS, request: FastifyRequest, account: string) => {
    const rule = RATE_LIMITS[name];
    return app.rateLimiter.consume(name, rule.windowMs, [
      { key: `ip:${request.ip}`, limit: rule.perAddress },
      { key: `account:${account}`, limit: rule.perAccount },
    ]);
  };

  app.post(
    '/api/v1/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create a seller or buyer account',
        body: signupBodySchema,
        response: { 201: envelope(sessionSchema) },
      },
    },
    async (request, reply) => {
      await limit('signup', request, request.body.email_id);
      const session = await signup(app, request.body, meta(request));
      return reply.status(201).send(ok(session, AUTH_MESSAGES.signedUp));
    },
  );

  app.post(
    '/api/v1/auth/signin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: signinBodySchema,
        response: { 200: envelope(sessionSchema) },
      },
    },
    async (request) => {
      await limit('signin', request, request.body.email_id);
      const session = await signin(app.db, request.body.email_id, request.body.password, meta(request));
      return ok(session, AUTH_MESSAGES.signedIn);
    },
  );

  app.get(
    '/api/v1/auth/logout',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: messageOnlySchema } },
    },
    async (request) => {
      await revokeSession(app.db, caller(request).tokenId);
      return { status: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/v1/auth/autologin-link',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use sign-in link (15 minutes)',
        body: autologinLinkBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await limit('autologinLink', request, request.body.email_id);
      await sendAutologinLink(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
        request.body.email_id,
      );
      return { status: true as const, message: AUTH_MESSAGES.linkSent };
    },
  );

  app.get(
    '/api/v1/autologin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a single-use link token',
        querystring: autologinQuerySchema,
        response: { 200: envelope(autologinSessionSchema) },
      },
    },
    async (request) => {
      await limit('signin', request, `link:${request.ip}`);
      return ok(await consumeAutologin(app.db, request.query.id, meta(request)), AUTH_MESSAGES.signedIn);
    },
  );
}
