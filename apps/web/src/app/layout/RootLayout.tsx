import { useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { pageNameOf, SELF_DESCRIBED_PAGES, trackPageView } from '../../lib/tracking.ts';
import { DeletedAccountWatcher } from '../../features/accounts/components/DeletedAccountWatcher.tsx';
import { CRM_BODY_CLASS, isCrmPath } from '../route-rules.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';

export const MAIN_CONTENT_ID = 'main-content';

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
          <Outlet />
          <AppFooter />
        </AppShell.Main>
      </AppShell>
      {token && <DeletedAccountWatcher />}
      <ScrollRestoration />
    </>
  );
}
