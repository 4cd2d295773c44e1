import { PAGE_HEADS } from '@roundup/shared/pages';
import type { FeatureRoutes } from '../../lib/feature-routes';

export const faqsRoutes: FeatureRoutes = {
  public: [
    {
      path: 'faq',
      handle: PAGE_HEADS.faq,
      lazy: async () => ({ Component: (await import('./pages/FaqPage')).FaqPage }),
    },
  ],
};
