import type { FastifyRequest } from 'fastify';

/** The value of the cookie `name` when it matches `shape`; anything else is no cookie. */
export function readCookie(request: FastifyRequest, name: string, shape: RegExp): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name && shape.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

/** An HttpOnly, SameSite=Lax cookie for the API; Secure when the public address is https. */
export function httpOnlyCookie(
  publicUrl: string,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${cookie.name}=${cookie.value}; Path=${cookie.path}; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}
