import { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { getSession } from '../lib/session.ts';
import { profileQueryOptions } from '../features/accounts/api/get-profile.ts';
import { countriesQueryOptions } from '../features/reference/api/get-countries.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { appRules, companyOnly, guestOnly, signedInOnly } from './guards.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** Starts a page's main query while its code loads; the page shows skeletons until it answers. */
function prefetchProfile() {
  const { token, user } = getSession();
  if (token) void queryClient.prefetchQuery(profileQueryOptions(user));
  return null;
}

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => <PageLoader />,
    ErrorBoundary: RouteErrorPage,
    middleware: [appRules],
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            loader: () => {
              void queryClient.prefetchQuery(countriesQueryOptions());
              return null;
            },
            lazy: async () => ({ Component: (await import('../features/home/pages/HomePage.tsx')).HomePage }),
          },
          {
            middleware: [guestOnly],
            children: [
              {
                path: 'user/signin',
                lazy: async () => ({ Component: (await import('../features/auth/pages/SigninPage.tsx')).SigninPage }),
              },
              {
                path: 'user/signup',
                lazy: async () => ({ Component: (await import('../features/auth/pages/SignupPage.tsx')).SignupPage }),
              },
            ],
          },
          {
            middleware: [signedInOnly],
            children: [
              {
                path: 'dashboard',
                loader: prefetchProfile,
                lazy: async () => ({
                  Component: (await import('../features/dashboard/pages/DashboardPage.tsx')).DashboardPage,
                }),
              },
              {
                path: 'profile',
                loader: prefetchProfile,
                lazy: async () => ({
                  Component: (await import('../features/accounts/pages/ProfilePage.tsx')).ProfilePage,
                }),
              },
              {
                path: 'crm',
                middleware: [companyOnly],
                lazy: async () => ({ Component: (await import('../features/crm/pages/CrmHomePage.tsx')).CrmHomePage }),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
