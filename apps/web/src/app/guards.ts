import { replace, type MiddlewareFunction } from 'react-router';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth-constants';
import { isApiError } from '../lib/api-client.ts';
import { storeCurrencyParam } from '../lib/currency.ts';
import { notifySuccess } from '../lib/notify.ts';
import { getSession, isSignedIn } from '../lib/session.ts';
import { autologin } from '../features/auth/api/autologin.ts';
import { startSession } from '../features/auth/session-actions.ts';
import { NEXT_PARAM, PATHS, safeNextPath } from '../lib/paths.ts';
import { subuserMayOpen } from './route-rules.ts';

/**
 * Route rules of spec section 2 as router middleware: they run, parent first, before any loader
 * or page of a navigation, so a page never renders for someone it would send away.
 */

export const AUTOLOGIN_PARAM = 'autologin';
export const CURRENCY_PARAM = 'currency';

/** On every page: store ?currency, sign in with ?autologin, keep sub-users inside their areas. */
export const appRules: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  storeCurrencyParam(url.searchParams.get(CURRENCY_PARAM));

  const linkToken = url.searchParams.get(AUTOLOGIN_PARAM);
  if (linkToken !== null) {
    url.searchParams.delete(AUTOLOGIN_PARAM);
    try {
      const { data, message } = await autologin(linkToken);
      startSession({ token: data.accessToken, user: data.user });
      notifySuccess(message ?? AUTH_MESSAGES.signedIn);
    } catch (error) {
      // A used or expired link is a 401: the client catalogue cleared everything; go to sign-in.
      if (isApiError(error) && error.status === 401) throw replace(PATHS.signin);
    }
    throw replace(`${url.pathname}${url.search}`);
  }

  const { user } = getSession();
  if (user?.user_type === 'subuser' && !subuserMayOpen(url.pathname)) throw replace(PATHS.dashboard);
};

/** /user/signin and /user/signup: a signed-in user goes to /dashboard. */
export const guestOnly: MiddlewareFunction = () => {
  if (isSignedIn()) throw replace(PATHS.dashboard);
};

/** Private pages: an anonymous visitor goes to /user/signin, and comes back after signing in. */
export const signedInOnly: MiddlewareFunction = ({ request }) => {
  if (isSignedIn()) return;
  const url = new URL(request.url);
  const next = safeNextPath(`${url.pathname}${url.search}`);
  throw replace(next ? `${PATHS.signin}?${NEXT_PARAM}=${encodeURIComponent(next)}` : PATHS.signin);
};

/** Company pages (the CRM): sellers and their sub-users only; a buyer goes to /dashboard. */
export const companyOnly: MiddlewareFunction = () => {
  const { user } = getSession();
  if (user && user.user_type === 'others') throw replace(PATHS.dashboard);
};
