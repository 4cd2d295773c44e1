import { PAGE_HEADS } from '@roundup/shared/pages';
import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';
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
      handle: PAGE_HEADS.referral,
      Component: ReferralLandingPage,
    },
    lazyPage(
      'services',
      { ...PAGE_HEADS.services, pageView: '/reverse-splits' },
      async () => (await import('./pages/ServicesPage')).ServicesPage,
    ),
    lazyPage('learn', PAGE_HEADS.learn, async () => (await import('./pages/LearnPage')).LearnPage),
    lazyPage('learn/:page', { title: 'Learn' }, async () => (await import('./pages/LearnPage')).LearnPage),
    lazyPage('policies', PAGE_HEADS.policies, async () => (await import('./pages/PoliciesPage')).PoliciesPage),
    lazyPage(
      'policies/:page',
      { title: 'Policies', description: 'RoundUp Terms of Service and Privacy Policy.' },
      async () => (await import('./pages/PoliciesPage')).PoliciesPage,
    ),
    lazyPage('terms-of-service', PAGE_HEADS.terms, async () => (await import('./pages/PoliciesPage')).TermsOfServicePage),
    lazyPage('privacy-policy', PAGE_HEADS.privacy, async () => (await import('./pages/PoliciesPage')).PrivacyPolicyPage),
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
