import type { FeatureRoutes } from '../../lib/feature-routes';
// The landing page ships in the entry chunk: no lazy-chunk round trip before the first paint (product.md §17).
import { LandingPage } from './pages/LandingPage';
import { ReferralLandingPage } from './pages/ReferralLandingPage';

const LANDING = {
  title: 'Small gains, big wins',
  description:
    'RoundUp teaches and tracks the reverse-split round-up strategy: buy one share before a reverse split, sell the rounded-up share. Start free.',
};

/** Public marketing and learning pages (product.md §2), plus the signed-in Quick Start. */
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
      handle: {
        title: 'Services and pricing',
        pageView: '/reverse-splits',
        description:
          'RoundUp plans: Starter is free; Pro is $50/mo. with the full reverse-split calendar and real-time alerts. Cancel anytime.',
      },
      lazy: async () => ({ Component: (await import('./pages/ServicesPage')).ServicesPage }),
    },
    {
      path: 'learn',
      handle: {
        title: 'Learn',
        description:
          'How the reverse-split round-up strategy works, with a profit calculator for every fractional-share outcome.',
      },
      lazy: async () => ({ Component: (await import('./pages/LearnPage')).LearnPage }),
    },
    {
      path: 'learn/:page',
      handle: { title: 'Learn' },
      lazy: async () => ({ Component: (await import('./pages/LearnPage')).LearnPage }),
    },
    {
      path: 'policies',
      handle: { title: 'Terms of Service', description: 'RoundUp Terms of Service and Privacy Policy.' },
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).PoliciesPage }),
    },
    {
      path: 'policies/:page',
      handle: { title: 'Policies', description: 'RoundUp Terms of Service and Privacy Policy.' },
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).PoliciesPage }),
    },
    {
      path: 'terms-of-service',
      handle: { title: 'Terms of Service', description: 'RoundUp Terms of Service.' },
      lazy: async () => ({ Component: (await import('./pages/PoliciesPage')).TermsOfServicePage }),
    },
    {
      path: 'privacy-policy',
      handle: { title: 'Privacy Policy', description: 'RoundUp Privacy Policy.' },
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
