import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_MESSAGES, type Permission } from '@tradeloop/contracts/accounts-roles';
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

/**
 * What a sub-user's role must grant to call a route (decision 038): a permission; one chosen from the
 * validated input (a CRM record type); or `per-record`, checked by the module on the object it loads.
 * Every `company` and `owner` route states one; a `user` route may (chat). Sellers and buyers pass.
 */
export type RoutePermission = Permission | 'per-record' | ((request: FastifyRequest) => Permission);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every guarded route with who may call it, for the authorisation tests and the docs. */
    accessTable: { method: string; url: string; access: Access; permission: string | null }[];
  }
}

const guardedPrefixes = ['/api/', '/crm/', '/chat/', '/broadcasting/'];

/** The permission a route states, as the access table and the OpenAPI document name it. */
export function namedPermission(permission: RoutePermission | undefined): string | null {
  return typeof permission === 'function' ? 'by input' : (permission ?? null);
}

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
    const permission = route.config?.permission;
    if (!permission && (access === 'company' || access === 'owner')) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not state the permission it needs (config.permission)`,
      );
    }
    const named = namedPermission(permission);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.accessTable.push({ method, url: route.url, access, permission: named });
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
    const permission = request.routeOptions.config.permission;
    if (typeof permission === 'string') requirePermission(request, permission);
  });

  // A permission chosen from the input is checked after validation, on the parsed input.
  app.addHook('preHandler', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (typeof permission === 'function') requirePermission(request, permission(request));
  });
}

/** 403 when the caller's role lacks the permission; a caller not limited by a role passes. */
function requirePermission(request: FastifyRequest, permission: Permission | 'per-record') {
  const held = request.user?.permissions;
  if (held && permission !== 'per-record' && !held.includes(permission)) throw forbidden(ROLE_MESSAGES.forbidden);
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
