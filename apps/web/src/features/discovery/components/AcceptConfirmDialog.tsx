import type { AcceptPreview } from '@roundup/shared/accept-preview';
import { deadlineText, splitDeadline } from '@roundup/shared/deadline';
import type { AcceptProposalRequest, Proposal } from '@roundup/shared/discovery';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { formatIsoDate, formatMoney, formatPrice } from '../../../lib/format';
import { useAcceptPreview, useAcceptProposal } from '../api';

const day = (d: string | null) => (d ? formatIsoDate(d, 'EEE, MMM d, yyyy') : '—');

/** The split as members will see it. */
function Facts({ s }: { s: AcceptPreview['split'] }) {
  const rows: [string, string][] = [
    ['Company', `${s.name ?? '—'}${s.ticker ? ` (${s.ticker})` : ''}`],
    ['Ratio', s.ratio ? `1-for-${s.ratio}` : '—'],
    ['Price', s.price ? formatPrice(s.price) : '—'],
    ['Estimated profit', s.estProfit !== null ? `${formatMoney(s.estProfit)} per account` : '—'],
    ['Buy by', day(s.buyDate)],
    // The deadline members will read: the session's close, and the halt on a listing that has one.
    ['Deadline', s.buyDate ? deadlineText(splitDeadline(s.buyDate, s.exchange ?? null)) : '—'],
    ['Exchange', s.exchange ?? 'Unknown'],
    ['Market date', day(s.effDate)],
    ['Rounding', s.rsType],
    ['Calendar status', s.status],
  ];
  return (
    <dl className="ru-facts mb-3" data-testid="accept-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The alert members will receive, as the worker renders it, or that none goes out. */
function AlertText({ a }: { a: AcceptPreview['alert'] }) {
  if (!a)
    return (
      <p className="small mb-0">No alert goes out: the split is not announced to members while it is Approved or Complete.</p>
    );
  return (
    <section aria-label="The alert members will receive">
      <h3 className="h6 fw-semibold mb-1">Members will receive</h3>
      <p className="small text-body-secondary mb-2">{a.audience}</p>
      <div className="border rounded p-2 small bg-body-tertiary">
        <p className="fw-semibold mb-1">{a.subject}</p>
        <p className="mb-2 ru-pre" style={{ whiteSpace: 'pre-wrap' }}>
          {a.text.split('\n\n')[0]}
        </p>
        <p className="mb-0 text-body-secondary">SMS: {a.short}</p>
      </div>
    </section>
  );
}

/**
 * The confirm step of an accept: what members will receive, asked once. The server
 * checks the same proposal again and refuses what it cannot publish; its problems are listed here
 * and the publish button stays off until the admin edits them away.
 */
export function AcceptConfirmDialog({
  p,
  request,
  onHide,
  onAccepted,
}: {
  p: Proposal;
  request: AcceptProposalRequest | null;
  onHide: () => void;
  onAccepted: () => void;
}) {
  const preview = useAcceptPreview(request);
  const accept = useAcceptProposal();
  const data = preview.data;
  const blocked = !data || data.problems.length > 0;
  const hide = () => {
    if (accept.isPending) return;
    accept.reset();
    onHide();
  };
  const publish = () => {
    if (request) accept.mutate(request, { onSuccess: onAccepted });
  };
  return (
    <Modal show={request !== null} onHide={hide} centered aria-labelledby={`accept-title-${p._id}`} data-testid="accept-dialog">
      <Modal.Header closeButton>
        <Modal.Title id={`accept-title-${p._id}`} as="h2" className="h5">
          {data?.updates ? 'Update' : 'Publish'} {p.ticker ?? p.company} to members?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert messages={preview.error ? errorMessages(preview.error) : accept.error ? errorMessages(accept.error) : null} />
        {preview.isPending ? <p className="text-body-secondary">Checking what members will receive…</p> : null}
        {data && data.problems.length > 0 ? (
          <div className="alert alert-danger py-2" role="alert" data-testid="accept-problems">
            <p className="fw-semibold mb-1">This cannot be published yet:</p>
            <ul className="mb-0 ps-3 small">
              {data.problems.map((x) => (
                <li key={`${x.path ?? ''}${x.msg}`}>{x.msg}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {data ? <Facts s={data.split} /> : null}
        {data && data.problems.length === 0 ? <AlertText a={data.alert} /> : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={hide} disabled={accept.isPending}>
          {blocked ? 'Back to edit' : 'Cancel'}
        </Button>
        <Button variant="primary" onClick={publish} disabled={blocked || accept.isPending}>
          {accept.isPending ? 'Publishing…' : data?.updates ? 'Update the split' : 'Publish to members'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
