import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './http.ts';

const apiPrefixes = ['/api/', '/crm/v1/', '/chat/v1/', '/broadcasting/'];

/** Serves the built web app; unknown non-API paths get index.html so the client router decides. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (apiPrefixes.some((prefix) => urlPath.startsWith(prefix))) return sendRouteNotFound(reply);
    const file = path.normalize(urlPath).replace(/^(\.\.(\/|\\|$))+/, '');
    const candidate = path.join(webDist, file);
    if (file !== '/' && candidate.startsWith(webDist) && path.extname(file)) {
      return reply.sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  app.setNotFoundHandler((_request, reply) => sendRouteNotFound(reply));
}
