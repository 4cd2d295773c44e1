import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { Pager } from '../../../components/Pager';
import { formatCount } from '../../../lib/format';
import { useAuditPage, type AuditFilters } from '../api';
import { actionLabel, AuditList } from '../components/AuditList';
import '../admin.css';

const FILTER_KEYS = ['admin', 'action', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** One end of the audit log's day range. */
function DateFilter(p: { id: string; label: string; value?: string; min?: string; max?: string; onChange: (v: string) => void }) {
  return (
    <Form.Group className="col-6 col-lg-3" controlId={p.id}>
      <Form.Label className="small fw-semibold mb-1">{p.label}</Form.Label>
      <Form.Control type="date" value={p.value ?? ''} min={p.min} max={p.max} onChange={(e) => p.onChange(e.target.value)} />
    </Form.Group>
  );
}

/**
 * /admin/audit: every admin action (who, what, when), newest first, 50 per page, filtered by admin,
 * action and New York day. The filters live in the URL (?admin=&action=&from=&to=&page=), so a
 * filtered view can be shared and the back button works.
 */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    ...Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))),
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
  };
  const page = filters.page!;
  const query = useAuditPage(filters);
  const { data, isFetching } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = FILTER_KEYS.some((k) => filters[k]);

  function setFilter(key: FilterKey, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  }

  function goTo(n: number) {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    setParams(next);
  }

  // The current choice stays selectable even when it has no entries (e.g. a shared link).
  const admins = data?.admins ?? [];
  const actions = data?.actions ?? [];
  const adminOptions =
    filters.admin && !admins.some((a) => a._id === filters.admin) ? [...admins, { _id: filters.admin, username: null }] : admins;
  const actionOptions = filters.action && !actions.includes(filters.action) ? [...actions, filters.action] : actions;

  return (
    <>
      <h1 className="h3 fw-bold mb-4">Audit log</h1>
      <section className="card shadow-sm ru-panel" aria-labelledby="audit-title">
        <div className="card-body p-3 p-md-4">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <h2 id="audit-title" className="h5 fw-semibold mb-0">
              Admin actions{' '}
              {data ? (
                <span className="badge rounded-pill text-bg-light border align-middle">{formatCount(data.total)}</span>
              ) : null}
            </h2>
            {filtered ? (
              <Button
                variant="link"
                size="sm"
                className="px-0"
                onClick={() => setParams(new URLSearchParams(), { replace: true })}
              >
                Clear filters
              </Button>
            ) : null}
          </div>
          <Form
            role="search"
            aria-label="Filter the audit log"
            onSubmit={(e) => e.preventDefault()}
            className="row g-2 g-md-3 mb-3"
          >
            <Form.Group className="col-12 col-sm-6 col-lg-3" controlId="audit-admin">
              <Form.Label className="small fw-semibold mb-1">Admin</Form.Label>
              <Form.Select value={filters.admin ?? ''} onChange={(e) => setFilter('admin', e.target.value)}>
                <option value="">All admins</option>
                {adminOptions.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.username ?? 'Unknown admin'}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-12 col-sm-6 col-lg-3" controlId="audit-action">
              <Form.Label className="small fw-semibold mb-1">Action</Form.Label>
              <Form.Select value={filters.action ?? ''} onChange={(e) => setFilter('action', e.target.value)}>
                <option value="">All actions</option>
                {actionOptions.map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(a)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <DateFilter
              id="audit-from"
              label="From"
              value={filters.from}
              max={filters.to}
              onChange={(v) => setFilter('from', v)}
            />
            <DateFilter id="audit-to" label="To" value={filters.to} min={filters.from} onChange={(v) => setFilter('to', v)} />
          </Form>
          <p className="small text-body-secondary mb-2">Days and times are New York time (ET).</p>
          <QueryStatus query={query} loadingText="Loading the audit log…" />
          {data ? (
            <div className={isFetching ? 'opacity-75' : undefined} aria-busy={isFetching}>
              {data.audit.length === 0 ? (
                <p className="text-body-secondary mb-0">
                  {data.total > 0
                    ? `Page ${page} is past the last page (${pages}).`
                    : filtered
                      ? 'No admin actions match these filters.'
                      : 'No admin actions recorded yet.'}
                </p>
              ) : (
                <AuditList entries={data.audit} showTarget />
              )}
            </div>
          ) : null}
          {data ? (
            <Pager
              label="Audit pages"
              page={page}
              pages={pages}
              pageSize={data.pageSize}
              shown={data.audit.length}
              total={data.total}
              noun="entries"
              goTo={goTo}
            />
          ) : null}
        </div>
      </section>
    </>
  );
}
