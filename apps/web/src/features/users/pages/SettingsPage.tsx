import { lazy, Suspense, type ComponentType } from 'react';
import Nav from 'react-bootstrap/Nav';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { ProfileTab } from '../components/ProfileTab';
import { SETTINGS_TABS, settingsTabFor, type SettingsTabId } from '../settings-tabs';

// Each tab belongs to its feature folder; loaded on demand.
const AccountsTab = lazy(async () => ({ default: (await import('../../accounts/components/AccountsTab')).AccountsTab }));
const AnalyticsTab = lazy(async () => ({ default: (await import('../../analytics/components/AnalyticsTab')).AnalyticsTab }));
const AffiliateTab = lazy(async () => ({ default: (await import('../../affiliates/components/AffiliateTab')).AffiliateTab }));
const SubscriptionTab = lazy(async () => ({
  default: (await import('../../billing/components/SubscriptionTab')).SubscriptionTab,
}));

const TAB_COMPONENTS: Record<SettingsTabId, ComponentType> = {
  profile: ProfileTab,
  accounts: AccountsTab,
  analytics: AnalyticsTab,
  affiliate: AffiliateTab,
  subscription: SubscriptionTab,
};

/**
 * /settings and /settings/{page}. Page views are sent by the router on every path change,
 * so each tab (its own URL) sends one.
 */
export function SettingsPage() {
  const { page } = useParams();
  const active = settingsTabFor(page);
  const Tab = TAB_COMPONENTS[active];

  return (
    <div className="container py-4 py-lg-5">
      <h1 className="h3 fw-bold mb-4">Settings</h1>
      <div className="row g-4">
        <aside className="col-12 col-lg-3">
          <Nav
            as="nav"
            aria-label="Settings"
            variant="pills"
            className="flex-lg-column flex-nowrap overflow-auto ru-side-nav"
            activeKey={active}
          >
            {SETTINGS_TABS.map((tab) => (
              <Nav.Link
                key={tab.id}
                as={Link}
                to={tab.to}
                eventKey={tab.id}
                active={tab.id === active}
                aria-current={tab.id === active ? 'page' : undefined}
              >
                {tab.label}
              </Nav.Link>
            ))}
          </Nav>
        </aside>
        <section className="col-12 col-lg-9" aria-live="polite">
          <Suspense fallback={<Spinner />}>
            <Tab />
          </Suspense>
        </section>
      </div>
    </div>
  );
}
