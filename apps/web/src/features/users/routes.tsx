import type { FeatureRoutes } from '../../app/feature-routes';

const settingsPage = async () => ({ Component: (await import('./pages/SettingsPage')).SettingsPage });

export const usersRoutes: FeatureRoutes = {
  user: [
    { path: 'settings', handle: { title: 'Settings' }, lazy: settingsPage },
    { path: 'settings/:page', handle: { title: 'Settings' }, lazy: settingsPage },
  ],
};
