import { isAdmin } from '@roundup/shared/permissions';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../lib/auth';
import { BrandMark } from './BrandMark';

// Members only: loaded once a session is known, never on an anonymous visit (product.md#budgets).
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

/**
 * Top navigation of product.md#screens, in Bootstrap's navbar markup without react-bootstrap (whose
 * Navbar brings the transition and dropdown code into every page's first script). Below `lg` the
 * links are a native popover that the toggle opens and closes: it works before the app has taken
 * over a page rendered at build, and without JavaScript (docs/decisions/016-landing-javascript.md).
 * Following a link closes it (a client navigation does not reload the page).
 */
export function SiteNavbar() {
  const { data: user, loading, logout } = useAuth();
  const menu = useRef<HTMLDivElement>(null);
  // The username shows before the menu's chunk has arrived: a click on it then opens the menu once it has.
  const [menuAsked, setMenuAsked] = useState(false);
  const close = () => {
    const el = menu.current;
    // Browsers without popovers show the links expanded (styles.css); jsdom has none either.
    if (el && typeof el.hidePopover === 'function' && el.matches(':popover-open')) el.hidePopover();
  };
  const item = (to: string, label: string) => (
    <li className="nav-item">
      <NavLink to={to} className="nav-link" onClick={close}>
        {label}
      </NavLink>
    </li>
  );
  let items: ReactNode = null;
  if (!loading && user)
    items = (
      <ul className="ms-auto align-items-lg-center gap-lg-1 navbar-nav">
        {item('/quickstart', 'Quick Start')}
        {item('/reverse-splits', 'Reverse Splits')}
        {item('/learn', 'Learn')}
        {item('/brokers', 'Brokers')}
        {isAdmin(user.role) ? item('/admin', 'Admin') : null}
        <Suspense
          fallback={
            <li className="nav-item dropdown ru-user-menu">
              <button
                type="button"
                className="nav-link dropdown-toggle"
                aria-expanded={false}
                data-testid="user-menu-pending"
                onClick={() => setMenuAsked(true)}
              >
                {user.username}
              </button>
            </li>
          }
        >
          <UserMenu
            username={user.username}
            openAtOnce={menuAsked}
            onLogout={() => {
              close();
              void logout();
            }}
          />
        </Suspense>
      </ul>
    );
  else if (!loading)
    items = (
      <ul className="ms-auto align-items-lg-center gap-lg-1 navbar-nav">
        {item('/learn', 'Learn')}
        {item('/services', 'Services')}
        {item('/faq', 'FAQ')}
        {item('/login', 'Login')}
        <li className="nav-item ms-lg-2 mt-2 mt-lg-0">
          <Link to="/register" className="btn btn-primary px-3 ru-signup" onClick={close}>
            Sign Up
          </Link>
        </li>
      </ul>
    );

  return (
    <nav className="ru-navbar border-bottom bg-body navbar navbar-expand-lg navbar-light sticky-top" aria-label="Main">
      <div className="container">
        <Link to="/" className="d-flex align-items-center gap-2 fw-bold text-primary navbar-brand" onClick={close}>
          <BrandMark />
          <span className="ru-brand-text">RoundUp</span>
        </Link>
        {/* The browser gives the toggle its expanded state from the popover's. */}
        <button type="button" className="navbar-toggler" popoverTarget="ru-main-nav" aria-label="Toggle navigation">
          <span className="navbar-toggler-icon" />
        </button>
        <div ref={menu} className="navbar-collapse ru-nav-menu" id="ru-main-nav" popover="auto">
          {items}
        </div>
      </div>
    </nav>
  );
}
