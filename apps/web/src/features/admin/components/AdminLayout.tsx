import Nav from 'react-bootstrap/Nav';
import { NavLink, Outlet, useLocation } from 'react-router';

export const ADMIN_SECTIONS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reverse-splits', label: 'Reverse Splits' },
  { to: '/admin/discoveries', label: 'Discoveries' },
  { to: '/admin/brokers', label: 'Brokers' },
  { to: '/admin/faqs', label: 'FAQs' },
  { to: '/admin/feedback', label: 'Feedback' },
  { to: '/admin/comms', label: 'Comms' },
  { to: '/admin/billing', label: 'Billing' },
  { to: '/admin/audit', label: 'Audit' },
] as const;

/** Admin shell: side navigation (product.md#screens) + the section page. */
export function AdminLayout() {
  // /admin shows the users list, so Users is the current section there.
  const atIndex = useLocation().pathname.replace(/\/+$/, '') === '/admin';
  return (
    <div className="container-fluid container-xl py-4">
      <div className="row g-4">
        <aside className="col-12 col-lg-3 col-xl-2">
          <h2 className="h6 text-uppercase text-body-secondary fw-semibold mb-2 px-2">Admin</h2>
          <Nav as="nav" aria-label="Admin" variant="pills" className="flex-lg-column flex-nowrap overflow-auto ru-side-nav">
            {ADMIN_SECTIONS.map((s) => (
              <Nav.Link
                key={s.to}
                as={NavLink}
                to={s.to}
                eventKey={s.to}
                active={atIndex && s.to === '/admin/users' ? true : undefined}
              >
                {s.label}
              </Nav.Link>
            ))}
          </Nav>
        </aside>
        <section className="col-12 col-lg-9 col-xl-10">
          <Outlet />
        </section>
      </div>
    </div>
  );
}
