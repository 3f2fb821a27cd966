import type { Session } from '@tradeloop/contracts/auth';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth-constants';
import { touchActivity } from '../../lib/activity.ts';
import { isApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearSession, getToken, saveSession } from '../../lib/session.ts';
import { logout } from './api/logout.ts';

/** A new session (sign-up, sign-in, autologin): nothing cached for a previous user survives. */
export function startSession(session: Pick<Session, 'token' | 'user'>) {
  queryClient.clear();
  saveSession(session);
  touchActivity();
}

/**
 * Signs out: the server revokes the token first (GET auth/logout), then the token, its cookie and
 * the user data go. The local part always happens, even when the server cannot be reached.
 * Returns the message to show, or null when the client catalogue already told the user.
 */
export async function signOut(): Promise<string | null> {
  if (!getToken()) return AUTH_MESSAGES.loggedOut;
  let message: string | null = AUTH_MESSAGES.loggedOut;
  try {
    const result = await logout();
    message = result.message ?? AUTH_MESSAGES.loggedOut;
  } catch (error) {
    // A 401 means the token was already dead: the catalogue cleared everything and redirected.
    if (isApiError(error) && error.notified) message = null;
  }
  clearSession();
  queryClient.clear();
  return message;
}
