import { formatInMarketTz } from '@roundup/shared/dates';
import { QueryStatus } from '../../../components/QueryStatus';
import { EmptyState } from '../../../components/EmptyState';
import { useAdminFeedback } from '../api';
import '../feedback.css';

/** /admin/feedback: newest first, times in New York time (product.md#screens, product.md#limits). */
export function AdminFeedbackPage() {
  const query = useAdminFeedback();
  const { data } = query;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
        <h1 className="h3 fw-bold mb-0">Feedback</h1>
        {data ? (
          <span className="text-body-secondary small">
            {data.length} message{data.length === 1 ? '' : 's'} · times in New York time (ET)
          </span>
        ) : null}
      </div>
      <QueryStatus query={query} loadingText="Loading feedback…" firstOnly />
      {data && data.length === 0 ? (
        <section className="card shadow-sm ru-panel">
          <EmptyState title="No feedback yet">Messages sent from the Feedback button appear here.</EmptyState>
        </section>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {data.map((f) => (
            <li key={f._id} className="card shadow-sm ru-panel">
              <div className="card-body p-3">
                <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
                  <a href={`mailto:${f.email}`} className="fw-semibold text-break">
                    {f.email}
                  </a>
                  <time className="text-body-secondary small" dateTime={f.createdDate}>
                    {formatInMarketTz(f.createdDate, 'MMMM dd, yyyy h:mm a')} ET
                  </time>
                </div>
                <p className="mb-0 ru-feedback-text">{f.feedback}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
