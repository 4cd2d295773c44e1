import { formatInMarketTz } from '@roundup/shared/dates';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { useDeliveries, useRetryDelivery } from '../api';
import '../comms.css';

const VARIANT: Record<string, string> = {
  queued: 'secondary',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
};
const FILTERS = ['', 'queued', 'sent', 'failed', 'skipped'] as const;

/** The delivery log (queued, sent, failed, skipped; provider id, error or skip reason); failed messages can be retried. */
export function DeliveryLog() {
  const [status, setStatus] = useState<string>('');
  const { data, error } = useDeliveries(status);
  const retry = useRetryDelivery();

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Filter deliveries">
        {FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            className={`btn btn-sm ${status === f ? 'btn-primary' : 'btn-outline-secondary'}`}
            onClick={() => setStatus(f)}
          >
            {f ? f[0].toUpperCase() + f.slice(1) : 'All'}
            {data?.counts && f ? <span className="ms-1">({data.counts[f] ?? 0})</span> : null}
          </button>
        ))}
      </div>
      <ErrorAlert messages={error ? errorMessages(error) : retry.error ? errorMessages(retry.error) : null} firstOnly />
      {data && data.deliveries.length === 0 ? <p className="text-body-secondary mb-0">No deliveries yet.</p> : null}
      {data && data.deliveries.length > 0 ? (
        // position-relative: the visually hidden header must scroll with the table, not widen the page.
        <div className="table-responsive position-relative">
          <table className="table table-sm align-middle mb-0 ru-delivery-table ru-card-table">
            <thead>
              <tr>
                <th scope="col">When (ET)</th>
                <th scope="col">Event</th>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Provider id / reason</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <tr key={d._id}>
                  <td className="text-nowrap small" data-label="When (ET)">
                    {formatInMarketTz(d.createdDate, 'MMM d, h:mm a')}
                  </td>
                  <td className="small" data-label="Event">
                    {d.kind}
                  </td>
                  <td className="small" data-label="Channel">
                    {d.channel}
                  </td>
                  <td className="small text-break" data-label="To">
                    {d.username ?? d.recipient}
                  </td>
                  <td data-label="Status">
                    <Badge bg={VARIANT[d.status] ?? 'secondary'} text={d.status === 'skipped' ? 'dark' : undefined}>
                      {d.status}
                    </Badge>
                    {d.attempts > 1 ? <span className="small text-body-secondary ms-1">×{d.attempts}</span> : null}
                  </td>
                  <td className="small text-break ru-col-name" data-label="Provider id / reason">
                    {d.status === 'skipped' ? (
                      <span className="text-body-secondary">{d.error ?? 'Not eligible any more'}</span>
                    ) : d.error ? (
                      <span className="text-danger">{d.error}</span>
                    ) : (
                      (d.providerId ?? '')
                    )}
                  </td>
                  <td className="ru-col-actions">
                    {d.status === 'failed' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(d._id)}
                      >
                        Retry
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
