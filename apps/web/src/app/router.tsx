import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { Spinner } from '../components/Spinner';
import { accountsRoutes } from '../features/accounts/routes';
import { adminRoutes } from '../features/admin/routes';
import { commsRoutes } from '../features/comms/routes';
import { discoveryRoutes } from '../features/discovery/routes';
import { affiliatesRoutes } from '../features/affiliates/routes';
import { analyticsRoutes } from '../features/analytics/routes';
import { authRoutes } from '../features/auth/routes';
import { billingRoutes } from '../features/billing/routes';
import { brokersRoutes } from '../features/brokers/routes';
import { faqsRoutes } from '../features/faqs/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { publicRoutes } from '../features/public/routes';
import { splitsRoutes } from '../features/splits/routes';
import { usersRoutes } from '../features/users/routes';
import type { FeatureRoutes } from '../lib/feature-routes';
import { composedRoutes } from './composed-routes';
import { LoggedOutOnly, RequireAdmin, RequireBeyondStarter, RequireUser } from './guards';
import { RootLayout } from './layout/RootLayout';
import { RefreshPage } from './RefreshPage';

/** Every feature's routes; add a new feature's `routes.tsx` export here once. */
const FEATURES: readonly FeatureRoutes[] = [
  composedRoutes,
  publicRoutes,
  authRoutes,
  usersRoutes,
  splitsRoutes,
  accountsRoutes,
  analyticsRoutes,
  brokersRoutes,
  faqsRoutes,
  billingRoutes,
  affiliatesRoutes,
  adminRoutes,
  feedbackRoutes,
  commsRoutes,
  discoveryRoutes,
];

function collect(group: keyof FeatureRoutes): RouteObject[] {
  return FEATURES.flatMap((f) => f[group] ?? []);
}

/** The whole route tree (exported for tests, which mount it in a memory router). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: Spinner,
    children: [
      {
        // Errors inside a page render within the page chrome.
        ErrorBoundary: RouteErrorPage,
        children: [
          ...collect('public'),
          { path: 'refresh', handle: { title: 'Refreshing' }, Component: RefreshPage },
          { Component: LoggedOutOnly, children: collect('loggedOut') },
          { Component: RequireUser, children: collect('user') },
          { Component: RequireBeyondStarter, children: collect('beyondStarter') },
          {
            path: 'admin',
            Component: RequireAdmin,
            children: [
              {
                lazy: async () => ({ Component: (await import('../features/admin/components/AdminLayout')).AdminLayout }),
                children: [...collect('admin'), { path: '*', handle: { title: 'Page not found' }, Component: NotFoundPage }],
              },
            ],
          },
          { path: '*', handle: { title: 'Page not found' }, Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
