import './lib/zod-config.ts';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { startActivityTracking } from './lib/activity.ts';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { getCurrencyId, storeCurrencyParam } from './lib/currency.ts';
import { notifyError, notifyInfo } from './lib/notify.ts';
import { PATHS } from './lib/paths.ts';
import { queryClient } from './lib/query-client.ts';
import { isSignedIn } from './lib/session.ts';
import { signOut } from './features/auth/session-actions.ts';
import { createBrowserRouter, matchRoutes, RouterProvider } from './boot/router.ts';
import { CURRENCY_PARAM } from './app/guards.ts';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/routes.tsx';
import { readServedPage, type ServedPage } from './app/served-page.ts';
import { yieldToBrowser } from './lib/yield.ts';

/**
 * A page the server rendered (decision 029) is hydrated when this browser would render the same:
 * signed out, in the currency the server assumed. Otherwise the app renders afresh over it.
 */
function servedPageToHydrate(): ServedPage | null {
  const served = readServedPage();
  if (!served) return null;
  // The route rules do not run while hydrating: the ?currency of the URL is stored here.
  storeCurrencyParam(new URL(window.location.href).searchParams.get(CURRENCY_PARAM));
  if (isSignedIn() || getCurrencyId() !== served.currency) return null;
  return served;
}

/**
 * Marks the document interactive (`<html data-interactive>`) once React has hydrated or rendered it. Until
 * then a served page only looks ready: what is typed into its form is not in React's state yet, and a click
 * on its buttons does nothing. Browser stories wait for the mark after loading a page (e2e/test.ts).
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}

/** Lazy routes of the first page load before hydrating, so the first render matches the HTML. */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
}

/** Hydrates the page the server rendered, or renders the app (main.tsx imports this). */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const served = servedPageToHydrate();
  const routes = appRoutes(() => queryClient);
  if (served) {
    hydrate(queryClient, served.queries);
    await loadMatchedRoutes(routes);
    // Each step of starting a served page is a task of its own (main.tsx).
    await yieldToBrowser();
  }
  const router = createBrowserRouter(routes, served ? { hydrationData: served.router } : undefined);

  // Spec section 8, HTTP 401: the client has cleared every local trace; the router takes the user to sign-in.
  setUnauthorizedHandler((message) => {
    queryClient.clear();
    notifyError(message);
    void router.navigate(PATHS.signin, { replace: true });
  });

  // Spec sections 1 and 9: signed out after 48 hours without activity.
  startActivityTracking(() => {
    void signOut().then(() => {
      notifyInfo('You were signed out after a long time without activity.', { autoClose: 5000 });
      return router.navigate(PATHS.signin, { replace: true });
    });
  });

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <MarkInteractive />
      </AppProviders>
    </StrictMode>
  );
  if (served) {
    await yieldToBrowser();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (a click meanwhile hydrates its part first).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}
