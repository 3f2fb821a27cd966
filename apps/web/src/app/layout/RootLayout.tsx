import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useInBrowser } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';
import { pageNameOf, SELF_DESCRIBED_PAGES, trackPageView } from '../../lib/tracking.ts';
import { CRM_BODY_CLASS, isCrmPath } from '../route-rules.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';

export const MAIN_CONTENT_ID = 'main-content';

const MobilePrompt = lazy(async () => ({
  default: (await import('../../features/accounts/components/MobilePrompt.tsx')).MobilePrompt,
}));
const WelcomeModal = lazy(async () => ({
  default: (await import('../../features/accounts/components/WelcomeModal.tsx')).WelcomeModal,
}));
const DeletedAccountWatcher = lazy(async () => ({
  default: (await import('../../features/accounts/components/DeletedAccountWatcher.tsx')).DeletedAccountWatcher,
}));

/**
 * Until a server-rendered page has hydrated, its controls wait (links work at once): what is typed
 * or chosen before would not reach the app (decision 029). Only this element re-renders when the page
 * starts running: its children are the same element, so React keeps the page as it hydrated it
 * instead of rendering it all again in one long task.
 */
function PageControls({ children }: { children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <fieldset disabled={!inBrowser} className="tl-page-controls" role="presentation">
      {children}
    </fieldset>
  );
}

/** The frame of every page: header, main area, footer, and the page-wide route effects. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { token } = useSession();

  useEffect(() => {
    document.body.classList.toggle(CRM_BODY_CLASS, isCrmPath(pathname));
    // Public pages are tracked (lib/tracking.ts); a product page records its own view with its product.
    if (!isCrmPath(pathname) && !SELF_DESCRIBED_PAGES.test(pathname)) {
      trackPageView({ page_name: pageNameOf(pathname), type: 'page' });
    }
  }, [pathname]);

  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className="tl-skip-link">
        Skip to main content
      </a>
      <NavigationProgress />
      <AppShell header={{ height: 64 }} padding={0}>
        <AppShell.Header withBorder>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <PageControls>
            <Outlet />
          </PageControls>
          <AppFooter />
        </AppShell.Main>
      </AppShell>
      {token && (
        <Suspense fallback={null}>
          <DeletedAccountWatcher />
          <MobilePrompt />
          <WelcomeModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
