import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What the web app may use of the browser: the camera and microphone for chat calls, nothing else.
 * Only features Chromium knows: an unknown one (such as bluetooth) is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** One year, this host and its subdomains; sent only on answers that went out over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers of every answer (decision 025): the content security policy, nosniff, no referrer
 * (links may carry a sign-in token), a permissions policy, and HSTS when the server stands behind a
 * proxy it trusts (TRUST_PROXY) and the request came over HTTPS: a plain-HTTP server cannot promise HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean }) {
  // Built once: @fastify/helmet built this middleware again on every request (its CSP parsing was about
  // 5 % of a tracking call's CPU time, decision 036); the headers are the same.
  const secure = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    secure(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (options.trustProxy && request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
