import type { FeatureRoutes } from '../../lib/feature-routes';

/** /admin/discoveries: the review queue of split proposals read from SEC filings (docs/discovery.md). */
export const discoveryRoutes: FeatureRoutes = {
  admin: [
    {
      path: 'discoveries',
      handle: { title: 'Discoveries' },
      lazy: async () => ({ Component: (await import('./pages/AdminDiscoveriesPage')).AdminDiscoveriesPage }),
    },
  ],
};
