import type { AdminUserList } from '@roundup/shared/admin';
import { formatInMarketTz } from '@roundup/shared/dates';
import { useDeferredValue, useState, type ComponentType } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryStatus } from '../../../components/QueryStatus';
import { Pager } from '../../../components/Pager';
import { formatCount } from '../../../lib/format';
import { useAdminUsers } from '../api';
import '../admin.css';
import '../../../components/admin-kit.css';

export function roleBadge(role: string): string {
  if (role === 'Admin') return 'text-bg-dark';
  if (role === 'Pro' || role === 'Member') return 'text-bg-success';
  return 'text-bg-light border';
}

const date = (iso: string | null) => (iso ? formatInMarketTz(iso, 'MMM d, yyyy') : '—');

const USER_COLUMNS: Array<Column<AdminUserList['users'][number]>> = [
  {
    header: 'Username',
    cellClassName: 'ru-cell-wrap ru-col-name',
    cell: (u) => (
      <>
        <Link to={`/admin/users/${u._id}`} className="fw-semibold">
          {u.username}
        </Link>
        {u.disabled ? <span className="badge text-bg-danger ms-2">Disabled</span> : null}
        <div className="small text-body-secondary d-md-none text-break">{u.email}</div>
      </>
    ),
  },
  { header: 'Email', className: 'd-none d-md-table-cell', cellClassName: 'ru-cell-wrap small', cell: (u) => u.email },
  { header: 'Role', label: 'Role', cell: (u) => <span className={`badge ${roleBadge(u.role)}`}>{u.role}</span> },
  { header: 'Tier', label: 'Tier', className: 'ru-hide-sm-md', cell: (u) => u.subscriptionTier },
  { header: 'Joined', className: 'd-none d-lg-table-cell', cellClassName: 'small text-nowrap', cell: (u) => date(u.createdDate) },
  {
    header: 'Last login',
    className: 'd-none d-lg-table-cell',
    cellClassName: 'small text-nowrap',
    cell: (u) => date(u.last_login_date),
  },
];

/** /admin and /admin/users: searchable users list, 50 per page (?page=), with the page-view overview on top. */
/** `PageViews`: the page-views feature's panel above the list (app/composed-routes.tsx passes it). */
export function AdminUsersPage({ PageViews }: { PageViews: ComponentType }) {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const deferred = useDeferredValue(q.trim());
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const query = useAdminUsers(deferred, page);
  const { data, isFetching } = query;
  const pages = data ? Math.max(1, Math.ceil(data.matched / data.pageSize)) : 1;

  function onChange(value: string) {
    setQ(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    next.delete('page');
    setParams(next, { replace: true });
  }

  function goTo(n: number) {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    setParams(next);
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-4">Users</h1>
      <PageViews />
      <section className="card shadow-sm ru-panel" aria-labelledby="users-title">
        <div className="card-body p-3 p-md-4">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-3">
            <h2 id="users-title" className="h5 fw-semibold mb-0">
              All users{' '}
              {data ? (
                <span className="badge rounded-pill text-bg-light border align-middle">
                  {data.matched === data.total
                    ? formatCount(data.total)
                    : `${formatCount(data.matched)} of ${formatCount(data.total)}`}
                </span>
              ) : null}
            </h2>
            <Form role="search" onSubmit={(e) => e.preventDefault()} className="flex-grow-1" style={{ maxWidth: '22rem' }}>
              <Form.Label htmlFor="user-search" visuallyHidden>
                Search users by username or email
              </Form.Label>
              <Form.Control
                id="user-search"
                type="search"
                placeholder="Search username or email"
                value={q}
                onChange={(e) => onChange(e.target.value)}
                autoComplete="off"
              />
            </Form>
          </div>
          <QueryStatus query={query} loadingText="Loading users…" firstOnly />
          {data ? (
            <DataTable
              className={`mb-0 ru-admin-table ${isFetching ? 'opacity-75' : ''}`}
              hover
              cards
              columns={USER_COLUMNS}
              rows={data.users}
              rowKey={(u) => u._id}
              empty={
                data.matched > 0
                  ? `Page ${page} is past the last page (${pages}).`
                  : deferred
                    ? `No users match “${deferred}”.`
                    : 'No users yet.'
              }
            />
          ) : null}
          {data ? (
            <Pager
              label="User pages"
              page={page}
              pages={pages}
              pageSize={data.pageSize}
              shown={data.users.length}
              total={data.matched}
              noun="users"
              goTo={goTo}
            />
          ) : null}
        </div>
      </section>
    </>
  );
}
