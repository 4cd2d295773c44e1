import { lazy } from 'react';
import type { FeatureRoutes } from '../lib/feature-routes';
import { SlotsProvider } from '../lib/slots';

/**
 * Pages that show parts of more than one feature. Features never import each other; app/ loads
 * the parts and hands them over (as props or through lib/slots.tsx), each page still on demand.
 */

// Settings: the profile tab is the users feature's own; the other tabs come from their features.
const settingsTabs = {
  accounts: lazy(async () => ({ default: (await import('../features/accounts/components/AccountsTab')).AccountsTab })),
  analytics: lazy(async () => ({ default: (await import('../features/analytics/components/AnalyticsTab')).AnalyticsTab })),
  import: lazy(async () => ({ default: (await import('../features/imports/components/ImportTab')).ImportTab })),
  affiliate: lazy(async () => ({ default: (await import('../features/affiliates/components/AffiliateTab')).AffiliateTab })),
  subscription: lazy(async () => ({
    default: (await import('../features/billing/components/SubscriptionTab')).SubscriptionTab,
  })),
  tokens: lazy(async () => ({ default: (await import('../features/tokens/components/TokensTab')).TokensTab })),
};
const settingsPage = async () => {
  const { SettingsPage } = await import('../features/users/pages/SettingsPage');
  return { Component: () => <SettingsPage tabs={settingsTabs} /> };
};

// The admin users list shows the page-views feature's panel above it.
const adminUsersPage = async () => {
  const [{ AdminUsersPage }, { PageViewsPanel }] = await Promise.all([
    import('../features/admin/pages/AdminUsersPage'),
    import('../features/pageviews/components/PageViewsPanel'),
  ]);
  return { Component: () => <AdminUsersPage PageViews={PageViewsPanel} /> };
};

export const composedRoutes: FeatureRoutes = {
  user: [
    { path: 'settings', handle: { title: 'Settings' }, lazy: settingsPage },
    { path: 'settings/:page', handle: { title: 'Settings' }, lazy: settingsPage },
    {
      path: 'reverse-splits',
      handle: {
        title: 'Reverse Splits',
        description: 'The reverse-split calendar: upcoming round-up splits, purchase dates, ratios and estimated profit.',
      },
      lazy: async () => {
        // The host comes with the button's module: one file fewer for the page to wait on.
        const [{ ReverseSplitsPage }, { RecordTradesButton, RecordTradesHost }, { TradeProgressText }, { TodoList }] =
          await Promise.all([
            import('../features/splits/pages/ReverseSplitsPage'),
            import('../features/trades/RecordTradesButton'),
            import('../features/trades/components/TradeProgressText'),
            import('../features/trades/components/TodoList'),
          ]);
        const slots = { RecordTrades: RecordTradesButton, TradeProgress: TradeProgressText, TodoList };
        // Record Trades belongs to the page, above the list whose rows open it.
        return {
          Component: () => (
            <SlotsProvider value={slots}>
              <RecordTradesHost>
                <ReverseSplitsPage />
              </RecordTradesHost>
            </SlotsProvider>
          ),
        };
      },
    },
  ],
  admin: [
    { index: true, handle: { title: 'Admin' }, lazy: adminUsersPage },
    { path: 'users', handle: { title: 'Users' }, lazy: adminUsersPage },
    {
      path: 'users/:userId',
      handle: { title: 'User' },
      lazy: async () => {
        const [{ AdminUserPage }, { AdminCommissions }] = await Promise.all([
          import('../features/admin/pages/AdminUserPage'),
          import('../features/affiliates/components/AdminCommissions'),
        ]);
        return { Component: () => <AdminUserPage Commissions={AdminCommissions} /> };
      },
    },
  ],
};
