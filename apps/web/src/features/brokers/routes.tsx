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
  admin: [
    {
      path: 'brokers',
      handle: { title: 'Brokers' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokersPage')).AdminBrokersPage }),
    },
    {
      path: 'brokers/add',
      handle: { title: 'Add broker' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage }),
    },
    {
      path: 'brokers/view/:brokerId',
      handle: { title: 'Broker' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage }),
    },
  ],
};
