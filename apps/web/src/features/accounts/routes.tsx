import type { FeatureRoutes } from '../../lib/feature-routes';

/** This feature currently contributes a settings tab only (see components/), no routes. */
export const accountsRoutes: FeatureRoutes = {};
