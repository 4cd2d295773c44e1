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
  admin: [
    {
      path: 'faqs',
      handle: { title: 'FAQs' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqsPage')).AdminFaqsPage }),
    },
    {
      path: 'faqs/add',
      handle: { title: 'Add FAQ' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage }),
    },
    {
      path: 'faqs/view/:faqId',
      handle: { title: 'FAQ' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage }),
    },
  ],
};
