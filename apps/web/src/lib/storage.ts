import type { z } from 'zod';
/**
 * Browser storage the product relies on (spec sections 4, 8 and 9). Keys are spelled as the spec
 * spells them; nothing else in the app touches localStorage, sessionStorage or document.cookie.
 */
export const STORAGE_KEYS = {
  token: 'Token',
  user: 'userData',
  currency: 'currency',
  lastActivity: 'lastActivity',
  defaultCountry: 'defaultCountry',
} as const;

export const COOKIE_NAMES = {
  token: 'token',
  sessionId: 'sessionId',
  /** Spec section 9: the mobile prompt was closed; it expires after TIMINGS.mobilePromptDismissalMs. */
  mobileDismissed: 'isMobileVerificationDismissed',
} as const;

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working for this page view.
  }
}

export function removeLocal(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignored, as above
  }
}

/** This tab's session storage (work kept across a sign-in, such as a quote being configured). */
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A value this tab keeps as JSON, if it is there and still fits `schema`; otherwise null. */
export function readSessionJson<T>(key: string, schema: z.ZodType<T>): T | null {
  const raw = readSession(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // ignored, as above
  }
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null; // rendering on the server
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds?: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${maxAge}${secure}`;
}

export function deleteCookie(name: string) {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  // A cookie set by an older page may carry the current path instead of '/'.
  document.cookie = `${name}=; Max-Age=0`;
}

/** Spec section 4 and 8 (HTTP 401, deleted account): all local and session data and cookies go. */
export function clearAllBrowserState() {
  try {
    window.localStorage.clear();
  } catch {
    // ignored
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // ignored
  }
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}

/** A random id for sessions and tracking (spec section 9: "Session and tracking ids are random strings"). */
export function randomId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
