import type { FeatureRoutes } from '../../lib/feature-routes';

export const billingRoutes: FeatureRoutes = {
  public: [
    {
      path: 'register/success/:sessionId',
      handle: { title: 'Welcome to Pro' },
      lazy: async () => ({ Component: (await import('./pages/RegisterSuccessPage')).RegisterSuccessPage }),
    },
    // level lifetime or og means lifetime, anything else pro (product.md#screens); visitors register first.
    {
      path: 'upgrade/:level',
      handle: { title: 'Upgrade' },
      lazy: async () => ({ Component: (await import('./pages/UpgradePage')).UpgradePage }),
    },
  ],
  user: [
    {
      path: 'checkout/test/:sessionId',
      handle: { title: 'Test checkout' },
      lazy: async () => ({ Component: (await import('./pages/TestCheckoutPage')).TestCheckoutPage }),
    },
  ],
};
