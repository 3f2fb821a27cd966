import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startActivityTracking } from './lib/activity.ts';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { notifyError, notifyInfo } from './lib/notify.ts';
import { PATHS } from './lib/paths.ts';
import { queryClient } from './lib/query-client.ts';
import { signOut } from './features/auth/session-actions.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';

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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
