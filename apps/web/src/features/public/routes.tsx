import { PAGE_HEADS } from '@roundup/shared/pages';
import type { FeatureRoutes } from '../../lib/feature-routes';
// The landing page ships in the entry chunk: no lazy-chunk round trip before the first paint (product.md#budgets).
import { LandingPage } from './pages/LandingPage';
import { ReferralLandingPage } from './pages/ReferralLandingPage';

const LANDING = PAGE_HEADS.landing;

/** Public marketing and learning pages (product.md#screens), plus the signed-in Quick Start. */
export const publicRoutes: FeatureRoutes = {
  public: [
    {
      index: true,
      handle: LANDING,
      Component: LandingPage,
    },
    {
      path: 'r/:refId',
      handle: LANDING,
      Component: ReferralLandingPage,
    },
    {
      path: 'services',
      handle: { ...PAGE_HEADS.services, pageView: '/reverse-splits' },
      lazy: async () => ({ Component: (await import('./pages/ServicesPage')).ServicesPage }),
    },
    {
      path: 'learn',
      handle: PAGE_HEADS.learn,
      lazy: async () => ({ Component: (await import('./pages/LearnPage')).LearnPage }),
    },
    {
      path: 'learn/:page',
      handle: { title: 'Learn' },
      lazy: async () => ({ Component: (await import('./pages/LearnPage')).LearnPage }),
    },
    {
      path: 'policies',
      handle: PAGE_HEADS.policies,
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).PoliciesPage }),
    },
    {
      path: 'policies/:page',
      handle: { title: 'Policies', description: 'RoundUp Terms of Service and Privacy Policy.' },
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).PoliciesPage }),
    },
    {
      path: 'terms-of-service',
      handle: PAGE_HEADS.terms,
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).TermsOfServicePage }),
    },
    {
      path: 'privacy-policy',
      handle: PAGE_HEADS.privacy,
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).PrivacyPolicyPage }),
    },
  ],
  user: [
    {
      path: 'quickstart',
      handle: {
        title: 'Quick Start',
        description:
          'Six steps to your first reverse-split round-up: accounts, the daily calendar, buying, selling, diversifying and taxes.',
      },
      lazy: async () => ({ Component: (await import('./pages/QuickStartPage')).QuickStartPage }),
    },
  ],
};
