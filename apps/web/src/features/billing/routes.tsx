import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

export const billingRoutes: FeatureRoutes = {
  public: [
    lazyPage(
      'register/success/:sessionId',
      { title: 'Welcome to Pro' },
      async () => (await import('./pages/RegisterSuccessPage')).RegisterSuccessPage,
    ),
    // level lifetime or og means lifetime, anything else pro (product.md#screens); visitors register first.
    lazyPage('upgrade/:level', { title: 'Upgrade' }, async () => (await import('./pages/UpgradePage')).UpgradePage),
  ],
  user: [
    lazyPage(
      'billing/update-card',
      { title: 'Update your card' },
      async () => (await import('./pages/UpdateCardPage')).UpdateCardPage,
    ),
    lazyPage(
      'checkout/test/:sessionId',
      { title: 'Test checkout' },
      async () => (await import('./pages/TestCheckoutPage')).TestCheckoutPage,
    ),
  ],
  admin: [
    lazyPage(
      'billing',
      { title: 'Billing reconciliation' },
      async () => (await import('./pages/AdminBillingPage')).AdminBillingPage,
    ),
  ],
};
