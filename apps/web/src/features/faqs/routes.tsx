import type { FeatureRoutes } from '../../lib/feature-routes';

export const faqsRoutes: FeatureRoutes = {
  public: [
    {
      path: 'faq',
      handle: {
        title: 'FAQ',
        description: 'Answers to common questions about RoundUp, the reverse-split round-up strategy, brokers and membership.',
      },
      lazy: async () => ({ Component: (await import('./pages/FaqPage')).FaqPage }),
    },
  ],
};
