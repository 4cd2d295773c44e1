import type { FeatureRoutes } from '../../lib/feature-routes';

const adminSplits = async () => ({ Component: (await import('./pages/AdminSplitsPage')).AdminSplitsRoute });

export const splitsRoutes: FeatureRoutes = {
  // /reverse-splits shows the trades feature's tracker: app/composed-routes.tsx mounts it.
  admin: [
    { path: 'reverse-splits', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
    { path: 'reverse-splits/:action', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
    { path: 'reverse-splits/:action/:rsId', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
  ],
};
