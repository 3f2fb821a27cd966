import { useSyncExternalStore } from 'react';
import type { LocalUser, Session } from '@tradeloop/contracts/auth';
import { TOKEN_IDLE_TTL_MS } from '@tradeloop/contracts/auth-constants';
import {
  clearAllBrowserState,
  COOKIE_NAMES,
  deleteCookie,
  readLocal,
  removeLocal,
  setCookie,
  STORAGE_KEYS,
  writeLocal,
} from './storage.ts';

/**
 * The signed-in session as the browser keeps it: the token in localStorage `Token` and the cookie
 * `token`, the local user data of spec section 3 in localStorage `userData`. React reads it through
 * useSession(); other tabs see changes through the storage event.
 */
export type SessionSnapshot = {
  token: string | null;
  /** Null when signed out, or when a token exists without user data (then the server decides). */
  user: LocalUser | null;
};

let snapshot: SessionSnapshot = readSnapshot();
const listeners = new Set<() => void>();

function readSnapshot(): SessionSnapshot {
  const token = readLocal(STORAGE_KEYS.token);
  if (!token) return { token: null, user: null };
  let user: LocalUser | null = null;
  const raw = readLocal(STORAGE_KEYS.user);
  if (raw) {
    try {
      user = JSON.parse(raw) as LocalUser;
    } catch {
      user = null;
    }
  }
  return { token, user };
}

function emit() {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) emit();
  });
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function isSignedIn(): boolean {
  return snapshot.token !== null;
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Stores a session answered by sign-up, sign-in or autologin. */
export function saveSession(session: Pick<Session, 'token' | 'user'>) {
  writeLocal(STORAGE_KEYS.token, session.token);
  setCookie(COOKIE_NAMES.token, session.token, TOKEN_IDLE_TTL_MS / 1000);
  writeLocal(STORAGE_KEYS.user, JSON.stringify(session.user));
  emit();
}

/** Keeps local user data in step with the latest profile (spec section 7: avatar and online flag). */
export function updateStoredUser(patch: Partial<LocalUser>) {
  const current = snapshot.user;
  if (!snapshot.token || !current) return;
  const next = { ...current, ...patch };
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  writeLocal(STORAGE_KEYS.user, JSON.stringify(next));
  emit();
}

/** Logout success (spec section 4): the stored token, its cookie and user data go. */
export function clearSession() {
  removeLocal(STORAGE_KEYS.token);
  removeLocal(STORAGE_KEYS.user);
  deleteCookie(COOKIE_NAMES.token);
  emit();
}

/** An expired session (HTTP 401) or a deleted account: every local trace goes. */
export function resetClientState() {
  clearAllBrowserState();
  emit();
}
