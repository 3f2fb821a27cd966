import { TIMINGS } from '@tradeloop/contracts/common-constants';
import { isSignedIn } from './session.ts';
import { COOKIE_NAMES, getCookie, readLocal, randomId, setCookie, STORAGE_KEYS, writeLocal } from './storage.ts';

/**
 * User activity (spec sections 1 and 9): the last activity is kept in localStorage so every tab
 * shares it; 48 hours without activity signs the user out; the `sessionId` cookie is renewed
 * when the user comes back after 5 minutes without activity.
 */
const WRITE_EVERY_MS = 15_000;
const CHECK_EVERY_MS = 60_000;

function lastActivity(): number | null {
  const value = Number(readLocal(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The session id sent as X-Session-Hash, or null when none was made yet. */
export function getSessionId(): string | null {
  return getCookie(COOKIE_NAMES.sessionId);
}

function renewSessionId() {
  setCookie(COOKIE_NAMES.sessionId, randomId());
}

/** Records activity now; renews the session id after TIMINGS.sessionRenewMs of inactivity. */
export function touchActivity(now = Date.now()) {
  const last = lastActivity();
  if (!getSessionId() || (last !== null && now - last > TIMINGS.sessionRenewMs)) renewSessionId();
  if (last === null || now - last > WRITE_EVERY_MS) writeLocal(STORAGE_KEYS.lastActivity, String(now));
}

export function isIdleTooLong(now = Date.now()): boolean {
  const last = lastActivity();
  return last !== null && now - last > TIMINGS.inactivityLogoutMs;
}

/**
 * Starts listening for activity. `onIdleTimeout` runs when a signed-in user has been inactive for
 * TIMINGS.inactivityLogoutMs (checked at start, every minute and when the tab becomes visible).
 */
export function startActivityTracking(onIdleTimeout: () => void): () => void {
  const check = () => {
    if (isSignedIn() && isIdleTooLong()) onIdleTimeout();
  };
  check();
  touchActivity();

  const handleActivity = () => {
    if (isSignedIn() && isIdleTooLong()) {
      onIdleTimeout();
      return;
    }
    touchActivity();
  };
  const handleVisibility = () => {
    if (document.visibilityState === 'visible') handleActivity();
  };
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  for (const name of events) window.addEventListener(name, handleActivity, { passive: true });
  document.addEventListener('visibilitychange', handleVisibility);
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  return () => {
    for (const name of events) window.removeEventListener(name, handleActivity);
    document.removeEventListener('visibilitychange', handleVisibility);
    window.clearInterval(timer);
  };
}
