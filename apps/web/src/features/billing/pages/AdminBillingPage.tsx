import type { BillingFlagView, ReconciliationRunView } from '@roundup/shared';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatInMarketTz } from '../../../lib/format';
import { useReconciliation } from '../api';

const when = (s: number) => formatInMarketTz(new Date(s * 1000), 'MMM d, yyyy h:mm a');

const KIND_LABEL: Record<string, string> = {
  'foreign-price': 'Price not ours',
  'access-without-payment': 'Access without payment',
  'payment-without-access': 'Subscription without a member',
  fixed: 'Fixed',
};

/** What one flag is about: the member (linked to their admin page), the Stripe object and price. */
function FlagRow({ f }: { f: BillingFlagView }) {
  return (
    <tr>
      <td data-label="Problem">
        <Badge bg={f.resolved ? 'secondary' : f.kind === 'fixed' ? 'success' : 'danger'}>{KIND_LABEL[f.kind] ?? f.kind}</Badge>
      </td>
      <td data-label="Member">{f.user_id ? <Link to={`/admin/users/${f.user_id}`}>{f.username ?? f.user_id}</Link> : '—'}</td>
      <td data-label="Stripe object" className="text-break">
        <code>{f.object_id ?? '—'}</code>
        {f.price_id ? (
          <div className="small">
            price <code>{f.price_id}</code>
          </div>
        ) : null}
      </td>
      <td data-label="What">{f.detail}</td>
      <td data-label="Seen" className="text-nowrap">
        {when(f.last_seen)}
        {f.resolved ? <div className="small text-body-secondary">resolved {when(f.resolved)}</div> : null}
      </td>
    </tr>
  );
}

function RunsList({ runs }: { runs: ReconciliationRunView[] }) {
  if (!runs.length) return <p className="text-body-secondary">No reconciliation has run yet. It runs once a day.</p>;
  return (
    <ul className="list-unstyled small mb-4">
      {runs.map((r) => (
        <li key={r.day} className="mb-1">
          <strong>{r.day}</strong>: {r.checked} members checked, {r.fixed} fixed, {r.flagged} flagged
          {r.error ? <span className="text-danger"> — stopped: {r.error}</span> : null}
          {!r.finished && !r.error ? <span className="text-body-secondary"> (running)</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/billing: the daily reconciliation of members' access with Stripe (decision 040). Open
 * problems first (a price not ours, access with no payment behind it, a subscription no member
 * owns), then what runs fixed or no longer found.
 */
export function AdminBillingPage() {
  const query = useReconciliation();
  const data = query.data;
  const open = data?.flags.filter((f) => !f.resolved) ?? [];
  const done = data?.flags.filter((f) => f.resolved) ?? [];
  const table = (rows: BillingFlagView[], caption: string) => (
    <table className="table table-sm align-middle ru-card-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Problem</th>
          <th scope="col">Member</th>
          <th scope="col">Stripe object</th>
          <th scope="col">What</th>
          <th scope="col">Seen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <FlagRow key={f.id} f={f} />
        ))}
      </tbody>
    </table>
  );
  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title" className="h3 mb-3">
        Billing reconciliation
      </h1>
      <QueryStatus query={query} loadingText="Loading the reconciliation…" />
      {data ? (
        <>
          <h2 className="h6 text-uppercase text-body-secondary">Daily runs</h2>
          <RunsList runs={data.runs} />
          <h2 className="h5">Needs a look ({open.length})</h2>
          {open.length ? table(open, 'Open billing problems') : <p className="text-body-secondary">Nothing to look at.</p>}
          {done.length ? (
            <>
              <h2 className="h5 mt-4">Fixed or no longer found</h2>
              {table(done, 'Resolved billing problems')}
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
