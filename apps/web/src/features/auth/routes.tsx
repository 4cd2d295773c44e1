import type { FeatureRoutes } from '../../lib/feature-routes';

export const authRoutes: FeatureRoutes = {
  public: [
    {
      path: 'verify-email/:emailCode',
      handle: { title: 'Verify email' },
      lazy: async () => ({ Component: (await import('./pages/VerifyEmailPage')).VerifyEmailPage }),
    },
    {
      path: 'password-reset',
      handle: { title: 'Reset your password' },
      lazy: async () => ({ Component: (await import('./pages/PasswordResetRequestPage')).PasswordResetRequestPage }),
    },
    {
      path: 'reset-password/:passcode',
      handle: { title: 'Choose a new password' },
      lazy: async () => ({ Component: (await import('./pages/ResetPasswordPage')).ResetPasswordPage }),
    },
  ],
  loggedOut: [
    {
      path: 'login',
      handle: { title: 'Sign in' },
      lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }),
    },
    {
      path: 'register',
      handle: { title: 'Create your account' },
      lazy: async () => ({ Component: (await import('./pages/RegisterPage')).RegisterPage }),
    },
    {
      path: 'register/:regType',
      handle: { title: 'Create your account' },
      lazy: async () => ({ Component: (await import('./pages/RegisterPage')).RegisterPage }),
    },
  ],
};
