import type { FeatureRoutes } from '../../lib/feature-routes';

/** /settings composes tabs of several features: app/composed-routes.tsx mounts it. */
export const usersRoutes: FeatureRoutes = {};
