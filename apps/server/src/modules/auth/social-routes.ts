import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SOCIAL_BROWSER_COOKIE,
  SOCIAL_ERROR_PARAM,
  SOCIAL_FLOW_TTL_MS,
  SOCIAL_LIMITS,
  SOCIAL_PROVIDER_NAMES,
  socialCallbackQuerySchema,
  socialProviderParamsSchema,
  socialProvidersSchema,
  socialStartQuerySchema,
  type SocialErrorCode,
} from '@tradeloop/contracts/auth-social';
import { httpOnlyCookie, readCookie } from '../../platform/cookies.ts';
import { routes } from '../../platform/routes.ts';
import { createSocialProviders, finishSocialSignin, SocialSigninError, startSocialSignin } from './social.ts';

const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;
const COOKIE_PATH = '/api/v1/auth/social';
const SIGNIN_PAGE = '/user/signin';
const redirectAnswer = {
  302: z.null().describe('Redirect: to the provider, or back to the web app (signed in, or with `social_error`)'),
};

/** A path of the web app to land on after signing in; anything else (another site, the auth pages) is none. */
function landingPath(value: string | undefined | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/user/signin') || value.startsWith('/user/signup')) return null;
  return value;
}

/** Social sign-in through OpenID Connect (docs/decisions/037). */
export async function socialRoutes(fastify: FastifyInstance) {
  const app = fastify;
  const route = routes(fastify);
  const providers = createSocialProviders(app.config);
  const deps = { db: app.db, events: app.events, providers };

  const toSignin = (reply: FastifyReply, code: SocialErrorCode) =>
    reply.redirect(`${app.config.publicUrl}${SIGNIN_PAGE}?${SOCIAL_ERROR_PARAM}=${code}`, 302);

  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SocialSigninError)) throw error;
    // Only the error's kind and code: provider answers are never logged whole.
    const cause = error.cause as { name?: string; code?: string; error?: string } | undefined;
    request.log.warn(
      { social: error.code, cause: cause && { name: cause.name, code: cause.code, error: cause.error } },
      'social sign-in failed',
    );
    return toSignin(reply, error.code);
  };

  route.get(
    '/api/v1/auth/social/providers',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'The social sign-in providers this server offers',
      data: socialProvidersSchema,
    },
    async () => ({
      providers: providers.configured.map((type) => ({
        type,
        name: SOCIAL_PROVIDER_NAMES[type],
        start_url: `/api/v1/auth/social/${type}/start`,
      })),
    }),
  );

  route.get(
    '/api/v1/auth/social/:provider/start',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'Start a social sign-in (redirects to the provider)',
      description:
        'Authorization code with PKCE; state, nonce and verifier stay on the server, bound to the browser by an HttpOnly cookie. ' +
        'A new account is a buyer unless `user_type` is seller (with `company_name` and `company_type`).',
      params: socialProviderParamsSchema,
      querystring: socialStartQuerySchema,
      response: redirectAnswer,
    },
    async ({ request, reply }) => {
      await app.rateLimiter.consume('socialStart', SOCIAL_LIMITS.windowMs, [
        { key: `ip:${request.ip}`, limit: SOCIAL_LIMITS.startsPerAddress },
      ]);
      const { provider } = request.params;
      if (!providers.isConfigured(provider)) return toSignin(reply, 'unavailable');
      const browserId = readCookie(request, SOCIAL_BROWSER_COOKIE, BROWSER_ID) ?? randomBytes(32).toString('base64url');
      const query = request.query;
      try {
        const url = await startSocialSignin(
          deps,
          provider,
          {
            userType: query.user_type ?? 'buyer',
            companyName: query.company_name,
            companyType: query.company_type,
            nextPath: landingPath(query.next),
          },
          browserId,
        );
        reply.header(
          'set-cookie',
          httpOnlyCookie(app.config.publicUrl, {
            name: SOCIAL_BROWSER_COOKIE,
            value: browserId,
            path: COOKIE_PATH,
            maxAgeSeconds: SOCIAL_FLOW_TTL_MS / 1000,
          }),
        );
        return reply.redirect(url.href, 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    },
  );

  route.get(
    '/api/v1/auth/social/:provider/callback',
    {
      access: 'public',
      tags: ['auth'],
      summary: 'The provider returns here (redirects to the web app with a single-use sign-in token)',
      description:
        'Checks the state against the browser, exchanges the code, validates the ID token and its nonce, then signs in the linked ' +
        'account, links an account with the same verified address, or creates one. The web app gets `?autologin=` (GET /autologin).',
      params: socialProviderParamsSchema,
      querystring: socialCallbackQuerySchema,
      response: redirectAnswer,
    },
    async ({ request, reply }) => {
      const { provider } = request.params;
      if (!providers.isConfigured(provider)) return toSignin(reply, 'unavailable');
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(`${providers.redirectUri(provider)}${search}`);
      try {
        const browserId = readCookie(request, SOCIAL_BROWSER_COOKIE, BROWSER_ID);
        const { token, nextPath } = await finishSocialSignin(deps, provider, callbackUrl, browserId);
        const landing = new URL(nextPath ?? '/dashboard', app.config.publicUrl);
        landing.searchParams.set('autologin', token);
        return reply.redirect(landing.href, 302);
      } catch (error) {
        return failed(request, reply, error);
      }
    },
  );
}
