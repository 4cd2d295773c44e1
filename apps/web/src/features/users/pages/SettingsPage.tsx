import { Suspense, type ComponentType } from 'react';
import Nav from 'react-bootstrap/Nav';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { ProfileTab } from '../components/ProfileTab';
import { SETTINGS_TABS, settingsTabFor, type SettingsTabId } from '../settings-tabs';

/** The tabs other features own (each from its own folder); app/composed-routes.tsx passes them in. */
export type SettingsTabs = Record<Exclude<SettingsTabId, 'profile'>, ComponentType>;

/**
 * /settings and /settings/{page}. Page views are sent by the router on every path change,
 * so each tab (its own URL) sends one.
 */
export function SettingsPage({ tabs }: { tabs: SettingsTabs }) {
  const { page } = useParams();
  const active = settingsTabFor(page);
  const Tab = active === 'profile' ? ProfileTab : tabs[active];

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
