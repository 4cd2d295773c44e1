import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

/** /admin/discoveries: the review queue of split proposals read from SEC filings (docs/discovery.md). */
export const discoveryRoutes: FeatureRoutes = {
  admin: [
    lazyPage(
      'discoveries',
      { title: 'Discoveries' },
      async () => (await import('./pages/AdminDiscoveriesPage')).AdminDiscoveriesPage,
    ),
  ],
};
