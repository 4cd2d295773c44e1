import { DISCOVERY_STATUSES, type DiscoveryStatus } from '@roundup/shared/discovery';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { formatInMarketTz } from '../../../lib/format';
import { useDiscoveries } from '../api';
import { ProposalCard } from '../components/ProposalCard';
import '../discovery.css';

const FILTERS: { value: DiscoveryStatus | 'all'; label: string }[] = [
  { value: 'open', label: 'To review' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'superseded', label: 'Superseded' },
  { value: 'historical', label: 'History' },
  { value: 'all', label: 'All' },
];

const isFilter = (v: string | null): v is DiscoveryStatus | 'all' =>
  v === 'all' || (DISCOVERY_STATUSES as readonly string[]).includes(v ?? '');

/** /admin/discoveries: split proposals read from SEC filings; nothing is published until an admin accepts it. */
export function AdminDiscoveriesPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isFilter(raw) ? raw : 'open';
  const { data, error, isPending } = useDiscoveries(status);
  const run = data?.lastRun;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h1 className="h3 fw-bold mb-0">Discoveries</h1>
        {data ? (
          <span className="small text-body-secondary">
            Record: {data.record.accepted} accepted · {data.record.rejected} rejected · {data.record.open} to review
            {data.record.roundUpOutcomes
              ? ` · round-up calls held for ${data.record.roundUpOutcomes.received} of ${data.record.roundUpOutcomes.recorded} recorded accounts`
              : ''}
          </span>
        ) : null}
      </div>
      <p className="text-body-secondary small mb-3">
        {data && !data.enabled
          ? 'SEC discovery is off: set SEC_USER_AGENT to read EDGAR filings.'
          : run && !run.finishedAt
            ? `Reading SEC filings now (started ${formatInMarketTz(run.startedAt, 'h:mm a')} ET)…`
            : run
              ? `Last poll ${formatInMarketTz(run.startedAt, 'MMM d, h:mm a')} ET: ${run.found} new filings, ${run.processed} read, ${run.proposals} proposals.${run.error ? ` Problem: ${run.error}` : ''}`
              : 'No poll has run yet.'}
      </p>
      <nav aria-label="Proposal status" className="mb-3">
        <ul className="nav nav-pills flex-nowrap overflow-auto small">
          {FILTERS.map((f) => (
            <li className="nav-item" key={f.value}>
              <button
                type="button"
                className={`nav-link text-nowrap${f.value === status ? ' active' : ''}`}
                aria-current={f.value === status ? 'page' : undefined}
                onClick={() => setParams(f.value === 'open' ? {} : { status: f.value })}
              >
                {f.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorAlert messages={error ? errorMessages(error) : null} firstOnly />
      {isPending ? <p className="text-body-secondary">Loading proposals…</p> : null}
      {data && data.proposals.length === 0 ? (
        <section className="card shadow-sm ru-panel">
          <EmptyState title={status === 'open' ? 'Nothing to review' : 'No proposals here'}>
            {status === 'open'
              ? 'New reverse splits found in SEC filings appear here for you to accept or reject.'
              : 'Try another filter.'}
          </EmptyState>
        </section>
      ) : null}
      {data && data.proposals.length > 0 ? (
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {data.proposals.map((p) => (
            <ProposalCard key={p._id} p={p} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
