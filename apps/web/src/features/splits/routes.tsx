import type { FeatureRoutes } from '../../app/feature-routes';

const adminSplits = async () => ({ Component: (await import('./pages/AdminSplitsPage')).AdminSplitsRoute });

export const splitsRoutes: FeatureRoutes = {
  user: [
    {
      path: 'reverse-splits',
      handle: {
        title: 'Reverse Splits',
        description: 'The reverse-split calendar: upcoming round-up splits, purchase dates, ratios and estimated profit.',
      },
      lazy: async () => ({ Component: (await import('./pages/ReverseSplitsPage')).ReverseSplitsPage }),
    },
  ],
  admin: [
    { path: 'reverse-splits', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
    { path: 'reverse-splits/:action', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
    { path: 'reverse-splits/:action/:rsId', handle: { title: 'Reverse Splits' }, lazy: adminSplits },
  ],
};
