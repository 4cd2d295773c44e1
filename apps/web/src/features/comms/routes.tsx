import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

export const commsRoutes: FeatureRoutes = {
  admin: [lazyPage('comms', { title: 'Comms' }, async () => (await import('./pages/AdminCommsPage')).AdminCommsPage)],
};
