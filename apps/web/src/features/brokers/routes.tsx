import { PAGE_HEADS } from '@roundup/shared/pages';
import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

export const brokersRoutes: FeatureRoutes = {
  user: [lazyPage('brokers', PAGE_HEADS.brokers, async () => (await import('./pages/BrokersPage')).BrokersPage)],
  admin: [
    lazyPage('brokers', { title: 'Brokers' }, async () => (await import('./pages/AdminBrokersPage')).AdminBrokersPage),
    lazyPage(
      'brokers/add',
      { title: 'Add broker' },
      async () => (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage,
    ),
    lazyPage(
      'brokers/view/:brokerId',
      { title: 'Broker' },
      async () => (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage,
    ),
  ],
};
