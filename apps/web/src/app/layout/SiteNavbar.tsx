import { isAdmin } from '@roundup/shared/permissions';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../lib/auth';
import { BrandMark } from './BrandMark';

// Members only: loaded once a session is known, never on an anonymous visit (product.md §17).
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

/**
 * Top navigation of product.md §2, in Bootstrap's navbar markup without react-bootstrap (whose
 * Navbar brings the transition and dropdown code into every page's first script). Below `lg` the
 * toggle shows and hides the links; following a link closes them.
 */
export function SiteNavbar() {
  const { data: user, loading, logout } = useAuth();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
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
              <span className="nav-link dropdown-toggle">{user.username}</span>
            </li>
          }
        >
          <UserMenu
            username={user.username}
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
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="ru-main-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="ru-main-nav">
          {items}
        </div>
      </div>
    </nav>
  );
}
