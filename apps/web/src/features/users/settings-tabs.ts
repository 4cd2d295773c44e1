/** Settings tabs (product.md#screens Settings): Profile is the default for anything unrecognised. */
export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile', to: '/settings' },
  { id: 'accounts', label: 'Accounts', to: '/settings/accounts' },
  { id: 'analytics', label: 'Analytics', to: '/settings/analytics' },
  { id: 'affiliate', label: 'Affiliate', to: '/settings/affiliate' },
  { id: 'subscription', label: 'Subscription', to: '/settings/subscription' },
  { id: 'tokens', label: 'API tokens', to: '/settings/tokens' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** accounts|analytics|affiliate|subscription|tokens select those tabs; anything else (including "settings") is Profile. */
export function settingsTabFor(page: string | undefined): SettingsTabId {
  switch (page) {
    case 'accounts':
    case 'analytics':
    case 'affiliate':
    case 'subscription':
    case 'tokens':
      return page;
    default:
      return 'profile';
  }
}
