import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { forbidden, unauthenticated } from './errors.ts';
import { resolveSession, type AuthUser } from './sessions.ts';

/**
 * Who may call a route. Every API route states one in `config.access`:
 * - public: anyone; a valid token still identifies the caller;
 * - user: any signed-in user;
 * - company: a seller or one of its sub-users, acting inside the seller's company;
 * - owner: the seller who owns the company (not its sub-users);
 * - buyer: a buyer (user_type others).
 */
export type Access = 'public' | 'user' | 'company' | 'owner' | 'buyer';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every guarded route with who may call it, for the authorisation tests and the docs. */
    accessTable: { method: string; url: string; access: Access }[];
  }
}

const guardedPrefixes = ['/api/', '/crm/', '/chat/', '/broadcasting/'];

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token && token.length <= 200 ? token : undefined;
}

function allowed(access: Access, user: AuthUser): boolean {
  switch (access) {
    case 'public':
    case 'user':
      return true;
    case 'company':
      return user.companyId !== null && (user.userType === 'seller' || user.userType === 'subuser');
    case 'owner':
      return user.userType === 'seller' && user.companyId !== null;
    case 'buyer':
      return user.userType === 'others';
  }
}

export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorate('accessTable', []);

  app.addHook('onRoute', (route) => {
    const guarded =
      guardedPrefixes.some((prefix) => route.url.startsWith(prefix)) && !route.url.startsWith('/api/docs');
    if (!guarded) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not state who may call it (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.accessTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const token = bearer(request);
    if (token) request.user = await resolveSession(app.db, token);
    if (access === 'public') return;
    if (!request.user) {
      throw unauthenticated(token ? SERVER_MESSAGES.sessionExpired : SERVER_MESSAGES.unauthenticated);
    }
    if (!allowed(access, request.user)) throw forbidden();
  });
}

/** The signed-in caller of a route whose access is not public. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller of a `company` route: a seller or its sub-user, acting in the seller's company. */
export function companyMember(request: FastifyRequest): { companyId: number; userId: number } {
  const user = caller(request);
  if (user.companyId === null) throw forbidden();
  return { companyId: user.companyId, userId: user.id };
}
