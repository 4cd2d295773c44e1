import type { FeatureRoutes } from '../../lib/feature-routes';

export const commsRoutes: FeatureRoutes = {
  admin: [
    {
      path: 'comms',
      handle: { title: 'Comms' },
      lazy: async () => ({ Component: (await import('./pages/AdminCommsPage')).AdminCommsPage }),
    },
  ],
};
