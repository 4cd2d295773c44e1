import { PAGE_HEADS } from '@roundup/shared/pages';
import type { FeatureRoutes } from '../../lib/feature-routes';

export const brokersRoutes: FeatureRoutes = {
  user: [
    {
      path: 'brokers',
      handle: PAGE_HEADS.brokers,
      lazy: async () => ({ Component: (await import('./pages/BrokersPage')).BrokersPage }),
    },
  ],
};
