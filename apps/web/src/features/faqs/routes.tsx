import { PAGE_HEADS } from '@roundup/shared/pages';
import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

export const faqsRoutes: FeatureRoutes = {
  public: [lazyPage('faq', PAGE_HEADS.faq, async () => (await import('./pages/FaqPage')).FaqPage)],
  admin: [
    lazyPage('faqs', { title: 'FAQs' }, async () => (await import('./pages/AdminFaqsPage')).AdminFaqsPage),
    lazyPage('faqs/add', { title: 'Add FAQ' }, async () => (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage),
    lazyPage('faqs/view/:faqId', { title: 'FAQ' }, async () => (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage),
  ],
};
