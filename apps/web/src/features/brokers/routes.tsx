import type { FeatureRoutes } from '../../lib/feature-routes';

export const brokersRoutes: FeatureRoutes = {
  user: [
    {
      path: 'brokers',
      handle: {
        title: 'Brokers',
        description: 'Brokers for the round-up strategy: account types, share return times, fees and sign-up promos.',
      },
      lazy: async () => ({ Component: (await import('./pages/BrokersPage')).BrokersPage }),
    },
  ],
};
