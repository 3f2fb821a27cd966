import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { MINI_SITE_AREAS, miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { getSession } from '../lib/session.ts';
import { profileQueryOptions } from '../features/accounts/api/get-profile.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { appRules, companyOnly, guestOnly, signedInOnly } from './guards.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { pageData, type QueryClientOf } from './page-data.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/**
 * The app's routes. Their loaders use the query client `queryClientOf` answers when they run: the
 * browser's one client, or on the server that of the page being rendered (decision 029). Public pages
 * name their data in a loader (`pageData`): in the browser it starts the query while the page's code
 * loads; on the server the render waits for it, so the HTML carries the products.
 */
export function appRoutes(queryClientOf: QueryClientOf): RouteObject[] {
  /** Starts a page's main query while its code loads; the page shows skeletons until it answers. */
  function prefetchProfile() {
    const { token, user } = getSession();
    if (token) void queryClientOf().prefetchQuery(profileQueryOptions(user));
    return null;
  }

  async function homePage() {
    const [page, data] = await Promise.all([
      import('../features/home/pages/HomePage.tsx'),
      import('../features/home/page-data.ts'),
    ]);
    return { Component: page.HomePage, loader: pageData(queryClientOf, data.homePageQueries) };
  }

  /** Password reset (decision 051), open to everyone: a signed-in user may have forgotten it too. */
  async function resetPasswordPage() {
    return {
      Component: (await import('../features/auth/pages/ResetPasswordPage.tsx')).ResetPasswordPage,
    };
  }

  return [
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
            { index: true, lazy: homePage },
            // The spec's `home` area answers as the home page (its canonical address stays /).
            { path: 'home', lazy: homePage },
            {
              path: 'productlist',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/market/pages/ProductListPage.tsx'),
                  import('../features/market/page-data.ts'),
                ]);
                return { Component: page.ProductListPage, loader: pageData(queryClientOf, data.productListQueries) };
              },
            },
            {
              // Every URL form of spec section 2: {id}, {product_url}, {category}/{company}/{product-slug}.
              path: 'productdetail/*',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/market/pages/ProductDetailPage.tsx'),
                  import('../features/market/page-data.ts'),
                ]);
                return { Component: page.ProductDetailPage, loader: pageData(queryClientOf, data.productPageQueries) };
              },
            },
            {
              // Category pages (decision 051): /category/{slug}, nested as /category/{top}/{…}/{slug}.
              path: 'category/*',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/market/pages/CategoryPage.tsx'),
                  import('../features/market/page-data.ts'),
                ]);
                return { Component: page.CategoryPage, loader: data.categoryPageLoader(queryClientOf) };
              },
            },
            // The store's pages under the spec's own area names (/about-us/{slug}, …) lead to the store (decision 044).
            ...Object.entries(MINI_SITE_AREAS).map(([area, page]) => ({
              path: `${area}/:slug`,
              loader: ({ params }: LoaderFunctionArgs) => redirect(miniSitePath(params.slug ?? '', page), 301),
            })),
            {
              // A seller's store (decision 044): the layout reads the company; its pages share that answer.
              path: 'mini-site/:slug',
              lazy: async () => {
                const [layout, data] = await Promise.all([
                  import('../features/mini-site/components/MiniSiteLayout.tsx'),
                  import('../features/mini-site/page-data.ts'),
                ]);
                return { Component: layout.MiniSiteLayout, loader: data.miniSiteLoader(queryClientOf) };
              },
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/mini-site/pages/MiniSiteHomePage.tsx')).MiniSiteHomePage,
                  }),
                },
                {
                  path: 'about-us',
                  lazy: async () => ({
                    Component: (await import('../features/mini-site/pages/MiniSiteAboutPage.tsx')).MiniSiteAboutPage,
                  }),
                },
                {
                  path: 'our-products',
                  lazy: async () => ({
                    Component: (await import('../features/mini-site/pages/MiniSiteProductsPage.tsx'))
                      .MiniSiteProductsPage,
                  }),
                },
                {
                  path: 'blog',
                  lazy: async () => {
                    const [page, data] = await Promise.all([
                      import('../features/mini-site/pages/MiniSiteBlogPage.tsx'),
                      import('../features/blogs/page-data.ts'),
                    ]);
                    return {
                      Component: page.MiniSiteBlogPage,
                      loader: pageData(
                        queryClientOf,
                        data.blogListQueriesFor((params) => ({ company: params.slug })),
                      ),
                    };
                  },
                },
                {
                  path: 'contact-us',
                  lazy: async () => ({
                    Component: (await import('../features/mini-site/pages/MiniSiteContactPage.tsx'))
                      .MiniSiteContactPage,
                  }),
                },
              ],
            },
            {
              path: 'blog',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/blogs/pages/BlogListPage.tsx'),
                  import('../features/blogs/page-data.ts'),
                ]);
                return { Component: page.BlogListPage, loader: pageData(queryClientOf, data.blogListQueries) };
              },
            },
            {
              path: 'blogdetail/:slug',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/blogs/pages/BlogDetailPage.tsx'),
                  import('../features/blogs/page-data.ts'),
                ]);
                return { Component: page.BlogDetailPage, loader: pageData(queryClientOf, data.blogPostQueries) };
              },
            },
            {
              path: 'user/set-password',
              lazy: async () => ({
                Component: (await import('../features/accounts/pages/SetPasswordPage.tsx')).SetPasswordPage,
              }),
            },
            {
              // The site's own pages (decision 051): about, terms, privacy, help, contact.
              path: 'page/:slug',
              lazy: async () => {
                const [page, data] = await Promise.all([
                  import('../features/site-pages/pages/SitePageView.tsx'),
                  import('../features/site-pages/page-data.ts'),
                ]);
                return { Component: page.SitePageView, loader: pageData(queryClientOf, data.sitePageQueries) };
              },
            },
            {
              // Buying requests (decision 055): the form is open to every visitor (who signs in to send it) and
              // sub-user; the buyer's requests are under the same area, so sub-users may open them too.
              path: 'questionnaire',
              lazy: async () => ({
                Component: (await import('../features/buying-requests/pages/QuestionnairePage.tsx')).QuestionnairePage,
              }),
            },
            {
              path: 'questionnaire/requests',
              middleware: [signedInOnly],
              lazy: async () => ({
                Component: (await import('../features/buying-requests/pages/BuyingRequestsPage.tsx'))
                  .BuyingRequestsPage,
              }),
            },
            {
              path: 'questionnaire/requests/:id',
              middleware: [signedInOnly],
              lazy: async () => ({
                Component: (await import('../features/buying-requests/pages/BuyingRequestPage.tsx')).BuyingRequestPage,
              }),
            },
            {
              path: 'dev/inbox',
              lazy: async () => ({
                Component: (await import('../features/dev-inbox/DevInboxPage.tsx')).DevInboxPage,
              }),
            },
            { path: 'user/resetPassword', lazy: resetPasswordPage },
            // The spec's route name for the same page.
            { path: 'resetPassword', lazy: resetPasswordPage },
            {
              path: 'user/confirm-email',
              lazy: async () => ({
                Component: (await import('../features/accounts/pages/ConfirmEmailPage.tsx')).ConfirmEmailPage,
              }),
            },
            {
              middleware: [guestOnly],
              children: [
                {
                  path: 'user/signin',
                  lazy: async () => {
                    const [page, data] = await Promise.all([
                      import('../features/auth/pages/SigninPage.tsx'),
                      import('../features/auth/page-data.ts'),
                    ]);
                    return { Component: page.SigninPage, loader: pageData(queryClientOf, data.authPageQueries) };
                  },
                },
                {
                  path: 'user/signup',
                  lazy: async () => {
                    const [page, data] = await Promise.all([
                      import('../features/auth/pages/SignupPage.tsx'),
                      import('../features/auth/page-data.ts'),
                    ]);
                    return { Component: page.SignupPage, loader: pageData(queryClientOf, data.authPageQueries) };
                  },
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
                  path: 'OnBoardingStepForm',
                  loader: prefetchProfile,
                  lazy: async () => ({
                    Component: (await import('../features/accounts/onboarding/OnboardingPage.tsx')).OnboardingPage,
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
                  lazy: async () => ({
                    Component: (await import('../features/crm/CrmLayout.tsx')).CrmLayout,
                  }),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({
                        Component: (await import('../features/crm/statistics/pages/CrmHomePage.tsx')).CrmHomePage,
                      }),
                    },
                    {
                      path: 'kanban',
                      lazy: async () => ({
                        Component: (await import('../features/crm/kanban/pages/KanbanPage.tsx')).KanbanPage,
                      }),
                    },
                    {
                      path: 'forms',
                      lazy: async () => ({
                        Component: (await import('../features/crm/forms/pages/FormBuilderPage.tsx')).FormBuilderPage,
                      }),
                    },
                    {
                      path: 'my-day',
                      lazy: async () => ({
                        Component: (await import('../features/crm/activities/my-day/MyDayPage.tsx')).MyDayPage,
                      }),
                    },
                    {
                      // The company-wide lists of the spec's index calls (issue 45).
                      path: 'activities/all',
                      lazy: async () => ({
                        Component: (await import('../features/crm/activities/pages/ActivityIndexPage.tsx'))
                          .ActivityIndexPage,
                      }),
                    },
                    {
                      path: 'activities',
                      lazy: async () => ({
                        Component: (await import('../features/crm/activities/pages/ActivitiesPage.tsx')).ActivitiesPage,
                      }),
                    },
                    {
                      path: 'settings',
                      lazy: async () => ({
                        Component: (await import('../features/crm/CrmSettingsPage.tsx')).CrmSettingsPage,
                      }),
                    },
                    {
                      path: 'scoring',
                      lazy: async () => ({
                        Component: (await import('../features/crm/scoring/ScoringSettingsPage.tsx'))
                          .ScoringSettingsPage,
                      }),
                    },
                    {
                      path: 'automation',
                      lazy: async () => ({
                        Component: (await import('../features/crm/automation/AutomationListPage.tsx'))
                          .AutomationListPage,
                      }),
                    },
                    {
                      path: 'automation/new',
                      lazy: async () => ({
                        Component: (await import('../features/crm/automation/AutomationBuilderPage.tsx'))
                          .AutomationBuilderPage,
                      }),
                    },
                    {
                      path: 'automation/:ruleId',
                      lazy: async () => ({
                        Component: (await import('../features/crm/automation/AutomationRulePage.tsx'))
                          .AutomationRulePage,
                      }),
                    },
                    {
                      path: 'automation/:ruleId/edit',
                      lazy: async () => ({
                        Component: (await import('../features/crm/automation/AutomationBuilderPage.tsx'))
                          .AutomationBuilderPage,
                      }),
                    },
                    {
                      // The company's orders (issue 44), where sub-users with orders.view may open them.
                      path: 'orders',
                      lazy: async () => {
                        const { OrdersPage } = await import('../features/orders/pages/OrdersPage.tsx');
                        return { Component: () => <OrdersPage side="sold" /> };
                      },
                    },
                    {
                      path: 'orders/:id',
                      lazy: async () => {
                        const { OrderPage } = await import('../features/orders/pages/OrderPage.tsx');
                        return { Component: () => <OrderPage side="sold" /> };
                      },
                    },
                    {
                      // Sub-users may open CRM pages only (spec section 2): they answer enquiries here.
                      path: 'enquiries',
                      lazy: async () => ({
                        Component: (await import('../features/quotes/pages/EnquiriesPage.tsx')).EnquiriesPage,
                      }),
                    },
                    {
                      // Chart.js loads with this page only.
                      path: 'engagement',
                      lazy: async () => ({
                        Component: (await import('../features/crm/engagement/EngagementReportPage.tsx'))
                          .EngagementReportPage,
                      }),
                    },
                    {
                      path: 'tags',
                      lazy: async () => ({
                        Component: (await import('../features/crm/tags/TagsPage.tsx')).TagsPage,
                      }),
                    },
                    {
                      path: ':type',
                      lazy: async () => ({
                        Component: (await import('../features/crm/listing/pages/RecordListPage.tsx')).RecordListPage,
                      }),
                    },
                    {
                      path: ':type/:id',
                      lazy: async () => {
                        const [page] = await Promise.all([
                          import('../features/crm/records/pages/RecordDetailPage.tsx'),
                          import('../features/crm/register-tabs.ts'),
                          // The lead's Quotation tab: orders plug into the CRM's page, the CRM does not import orders.
                          import('../features/orders/lead-register.ts'),
                        ]);
                        return { Component: page.RecordDetailPage };
                      },
                    },
                  ],
                },
                {
                  path: 'sub-accounts',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/accounts/pages/SubAccountsPage.tsx')).SubAccountsPage,
                  }),
                },
                {
                  path: 'roles',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/accounts/pages/RolesPage.tsx')).RolesPage,
                  }),
                },
                {
                  path: 'audit-log',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/accounts/pages/AuditLogPage.tsx')).AuditLogPage,
                  }),
                },
                {
                  path: 'products',
                  middleware: [companyOnly],
                  children: [
                    {
                      path: 'List',
                      lazy: async () => ({
                        Component: (await import('../features/catalog/pages/ProductListPage.tsx')).ProductListPage,
                      }),
                    },
                    {
                      // The seller's catalogs in one place (issue 45).
                      path: 'catalogs',
                      lazy: async () => ({
                        Component: (await import('../features/catalog/pages/CatalogsPage.tsx')).CatalogsPage,
                      }),
                    },
                    {
                      path: 'create',
                      lazy: async () => ({
                        Component: (await import('../features/catalog/pages/ProductEditorPage.tsx')).ProductEditorPage,
                      }),
                    },
                    {
                      path: 'edit/:id',
                      lazy: async () => ({
                        Component: (await import('../features/catalog/pages/ProductEditorPage.tsx')).ProductEditorPage,
                      }),
                    },
                  ],
                },
                {
                  path: 'enquiries',
                  lazy: async () => ({
                    Component: (await import('../features/quotes/pages/EnquiriesPage.tsx')).EnquiriesPage,
                  }),
                },
                {
                  path: 'my-orders',
                  lazy: async () => {
                    const { OrdersPage } = await import('../features/orders/pages/OrdersPage.tsx');
                    return { Component: () => <OrdersPage side="bought" /> };
                  },
                },
                {
                  path: 'my-orders/quotations/:id',
                  lazy: async () => ({
                    Component: (await import('../features/orders/pages/QuotationPage.tsx')).QuotationPage,
                  }),
                },
                {
                  path: 'my-orders/:id',
                  lazy: async () => {
                    const { OrderPage } = await import('../features/orders/pages/OrderPage.tsx');
                    return { Component: () => <OrderPage side="bought" /> };
                  },
                },
                {
                  path: 'contacts',
                  lazy: async () => ({
                    Component: (await import('../features/quotes/pages/ContactsPage.tsx')).ContactsPage,
                  }),
                },
                {
                  path: 'following',
                  lazy: async () => ({
                    Component: (await import('../features/presence/pages/FollowingPage.tsx')).FollowingPage,
                  }),
                },
                {
                  path: 'company-page',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/presence/pages/CompanyPresencePage.tsx')).CompanyPresencePage,
                  }),
                },
                {
                  path: 'ads',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/promotion/pages/AdsPage.tsx')).AdsPage,
                  }),
                },
                {
                  path: 'banners',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/promotion/pages/BannersPage.tsx')).BannersPage,
                  }),
                },
                {
                  path: 'reviews',
                  middleware: [companyOnly],
                  lazy: async () => ({
                    Component: (await import('../features/reviews/pages/SellerReviewsPage.tsx')).SellerReviewsPage,
                  }),
                },
                {
                  path: 'reviews/of/:companyId',
                  lazy: async () => ({
                    Component: (await import('../features/reviews/pages/ReviewsOfSellerPage.tsx')).ReviewsOfSellerPage,
                  }),
                },
                {
                  path: 'operator/jobs',
                  lazy: async () => ({
                    Component: (await import('../features/market/pages/BackgroundJobsPage.tsx')).BackgroundJobsPage,
                  }),
                },
                {
                  path: 'operator/exchange-rates',
                  lazy: async () => ({
                    Component: (await import('../features/market/pages/ExchangeRatesPage.tsx')).ExchangeRatesPage,
                  }),
                },
                {
                  path: 'operator/sellers',
                  lazy: async () => ({
                    Component: (await import('../features/market/pages/SellerVerificationPage.tsx'))
                      .SellerVerificationPage,
                  }),
                },
                {
                  // The platform operator's (the server refuses anyone else: 403).
                  path: 'operator/site-pages',
                  lazy: async () => ({
                    Component: (await import('../features/site-pages/pages/SitePagesEditorPage.tsx'))
                      .SitePagesEditorPage,
                  }),
                },
                {
                  path: 'operator/reviews',
                  lazy: async () => ({
                    Component: (await import('../features/reviews/pages/ReportedReviewsPage.tsx')).ReportedReviewsPage,
                  }),
                },
                {
                  path: 'company-blog',
                  middleware: [companyOnly],
                  lazy: async () => {
                    const { BlogWriterPage } = await import('../features/blogs/pages/BlogWriterPage.tsx');
                    return { Component: () => <BlogWriterPage writer="company" /> };
                  },
                },
                {
                  // The platform operator's (the server refuses anyone else: 403).
                  path: 'marketplace-blog',
                  lazy: async () => {
                    const { BlogWriterPage } = await import('../features/blogs/pages/BlogWriterPage.tsx');
                    return { Component: () => <BlogWriterPage writer="operator" /> };
                  },
                },
                {
                  path: 'wishlist',
                  lazy: async () => ({
                    Component: (await import('../features/market/pages/WishlistPage.tsx')).WishlistPage,
                  }),
                },
                {
                  path: 'notifications',
                  lazy: async () => ({
                    Component: (await import('../features/notifications/pages/NotificationsPage.tsx'))
                      .NotificationsPage,
                  }),
                },
                {
                  path: 'chat',
                  lazy: async () => ({ Component: (await import('../features/chat/pages/ChatPage.tsx')).ChatPage }),
                },
                {
                  // Sub-users may open CRM pages only (spec section 2): their chat window lives here.
                  path: 'crm/chat',
                  middleware: [companyOnly],
                  lazy: async () => ({ Component: (await import('../features/chat/pages/ChatPage.tsx')).ChatPage }),
                },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
