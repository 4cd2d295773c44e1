import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

export const authRoutes: FeatureRoutes = {
  public: [
    lazyPage(
      'verify-email/:emailCode',
      { title: 'Verify email' },
      async () => (await import('./pages/VerifyEmailPage')).VerifyEmailPage,
    ),
    lazyPage(
      'password-reset',
      { title: 'Reset your password' },
      async () => (await import('./pages/PasswordResetRequestPage')).PasswordResetRequestPage,
    ),
    lazyPage(
      'reset-password/:passcode',
      { title: 'Choose a new password' },
      async () => (await import('./pages/ResetPasswordPage')).ResetPasswordPage,
    ),
  ],
  loggedOut: [
    lazyPage('login', { title: 'Sign in' }, async () => (await import('./pages/LoginPage')).LoginPage),
    lazyPage('register', { title: 'Create your account' }, async () => (await import('./pages/RegisterPage')).RegisterPage),
    lazyPage(
      'register/:regType',
      { title: 'Create your account' },
      async () => (await import('./pages/RegisterPage')).RegisterPage,
    ),
  ],
};
