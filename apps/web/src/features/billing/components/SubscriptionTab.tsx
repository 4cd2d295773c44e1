import type { BillingNoticeView, InvoiceView, SubscriptionView } from '@roundup/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { Spinner } from '../../../components/Spinner';
import { errorMessages, firstErrorMessage } from '../../../lib/api-client';
import { formatInMarketTz, formatMoney, LONG_DATE, MONTH_YEAR } from '../../../lib/format';
import { useCancelSubscription, useSubscription } from '../api';

const fromSeconds = (s: number) => new Date(s * 1000);

/** Settings → Subscription (product.md#screens): membership, billing history, cancellation. */
export function SubscriptionTab() {
  const { data: user, refreshUser } = useAuth();
  // A Lifetime member's tab shows the lifetime purchase, not a monthly plan it replaced.
  const query = useSubscription(user?.subscriptionTier === 'Lifetime' ? null : user?.stripeSubscriptionId);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  if (!user) return null;
  const starter = user.subscriptionTier === 'Starter' || !user.subscriptionTier;
  const subscription = query.data?.subscription ?? null;
  const invoices = query.data?.invoices.data ?? [];
  const notices = query.data?.notices ?? [];
  const nextRenewal = query.data?.next_renewal ?? null;

  async function onConfirmCancel(sub: SubscriptionView) {
    try {
      const res = await cancel.mutateAsync(sub.id);
      setOutcome(res.msg);
      setConfirming(false);
      await refreshUser();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <SettingsPanel title="Subscription" description="Your membership and billing history.">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4 p-3 rounded-3 bg-body-tertiary">
        <div>
          <div className="fw-semibold fs-5">{user.username}</div>
          <div className="text-body-secondary small">Joined {formatInMarketTz(user.createdDate, MONTH_YEAR)}</div>
        </div>
        <div className="text-sm-end">
          {starter ? (
            <>
              <div className="fw-semibold">Starter Member</div>
              <Link className="btn btn-primary btn-sm mt-2" to="/upgrade/pro">
                Upgrade to Pro
              </Link>
            </>
          ) : (
            <>
              <div className="fw-semibold">
                <Badge bg="primary" className="me-2">
                  {user.subscriptionTier}
                </Badge>
                {user.subscriptionTier} Member
              </div>
              {user.memberSince ? (
                <div className="text-body-secondary small">Member since {formatInMarketTz(user.memberSince, LONG_DATE)}</div>
              ) : null}
            </>
          )}
        </div>
      </div>

      <PlanSummary summary={query.data?.summary} nextRenewal={nextRenewal} />

      {outcome ? (
        <Alert variant="success" dismissible onClose={() => setOutcome(null)}>
          {outcome}
        </Alert>
      ) : null}
      {query.isError ? <ErrorAlert messages={[firstErrorMessage(query.error)]} /> : null}

      <h3 className="h6 fw-semibold mb-2">Billing History</h3>
      {query.isPending ? (
        <Spinner />
      ) : !subscription ? (
        query.isError ? null : (
          <p className="mb-0">
            No subscriptions yet. <Link to="/upgrade/pro">Why not upgrade?</Link>
          </p>
        )
      ) : (
        <>
          {subscription.cancel_at_period_end && subscription.current_period_end && subscription.status === 'active' ? (
            <Alert variant="info">
              Your membership is cancelled and ends on {formatInMarketTz(fromSeconds(subscription.current_period_end), LONG_DATE)}
              . You keep Pro access until then.
            </Alert>
          ) : null}
          {subscription.items.data.length === 0 ? (
            <p className="text-body-secondary">No invoices yet.</p>
          ) : (
            <BillingHistory subscription={subscription} invoices={invoices} />
          )}
          {subscription.status === 'active' && subscription.cancelable ? (
            <div className="mt-3">
              <Button
                variant="outline-danger"
                onClick={() => {
                  cancel.reset();
                  setConfirming(true);
                }}
              >
                Cancel membership
              </Button>
            </div>
          ) : null}
          <Modal show={confirming} onHide={() => setConfirming(false)} centered>
            <Modal.Header closeButton>
              <Modal.Title as="h2" className="h5">
                Cancel membership?
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>
              {subscription.refund_eligible ? (
                <p className="mb-0">
                  You are within 7 days of your first payment: your membership ends now and your payment is refunded in full.
                </p>
              ) : (
                <p className="mb-0">
                  Your membership will not renew. You keep Pro access until{' '}
                  {subscription.current_period_end
                    ? formatInMarketTz(fromSeconds(subscription.current_period_end), LONG_DATE)
                    : 'the end of the billing period'}
                  .
                </p>
              )}
              {cancel.isError ? <p className="text-danger mt-3 mb-0">{errorMessages(cancel.error)[0]}</p> : null}
            </Modal.Body>
            <Modal.Footer>
              <Button variant="outline-secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                Keep membership
              </Button>
              <Button variant="danger" onClick={() => void onConfirmCancel(subscription)} disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling…' : 'Cancel membership'}
              </Button>
            </Modal.Footer>
          </Modal>
        </>
      )}
      {notices.length ? <BillingNotices notices={notices} /> : null}
    </SettingsPanel>
  );
}

/** The invoices of the subscription, newest first as the server lists them, with their links. */
function BillingHistory({ subscription, invoices }: { subscription: SubscriptionView; invoices: InvoiceView[] }) {
  return (
    <Table responsive size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount Billed</th>
          <th scope="col">Download</th>
        </tr>
      </thead>
      <tbody>
        {subscription.items.data.map((item, i) => {
          const invoice = invoices[i];
          return (
            <tr key={item.id}>
              <td className="text-nowrap">{formatInMarketTz(fromSeconds(item.created), LONG_DATE)}</td>
              <td>
                <span className="text-nowrap me-2">{formatMoney(item.price.unit_amount / 100)}</span>
                {invoice?.status === 'failed' ? (
                  <Badge bg="danger" className="text-wrap">
                    Payment failed
                  </Badge>
                ) : null}
                {item.amount_refunded > 0 ? (
                  <Badge bg="secondary" className="text-wrap">
                    Refunded {formatMoney(item.amount_refunded / 100)}
                  </Badge>
                ) : null}
              </td>
              <td className="text-nowrap">
                {invoice?.hosted_invoice_url ? (
                  <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer" className="me-3">
                    View
                  </a>
                ) : null}
                {invoice?.invoice_pdf ? (
                  <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                    Download
                  </a>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** Receipts, refunds and cancellations, as they were emailed. */
function BillingNotices({ notices }: { notices: BillingNoticeView[] }) {
  return (
    <section className="mt-4" aria-labelledby="billing-notices">
      <h3 id="billing-notices" className="h6 fw-semibold mb-2">
        Billing notices
      </h3>
      <p className="text-body-secondary small">Receipts, refunds and cancellations, as emailed to you.</p>
      <ul className="list-unstyled mb-0">
        {notices.map((n) => (
          <li key={n.id} className="border rounded-3 p-2 mb-2">
            <details>
              <summary>
                <span className="fw-semibold text-break">{n.subject}</span>{' '}
                <span className="text-body-secondary small text-nowrap ms-1">
                  {formatInMarketTz(fromSeconds(n.created), LONG_DATE)}
                </span>
              </summary>
              <p className="small mb-0 mt-2 text-break" style={{ whiteSpace: 'pre-line' }}>
                {n.body}
              </p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The plan in one line, and the next renewal's date and amount. */
function PlanSummary({
  summary,
  nextRenewal,
}: {
  summary?: string | null;
  nextRenewal: { date: number; amount: number } | null;
}) {
  if (!summary && !nextRenewal) return null;
  return (
    <dl className="row small mb-3" aria-label="Your plan">
      {summary ? (
        <>
          <dt className="col-sm-4 col-lg-3 text-body-secondary fw-normal">Your plan</dt>
          <dd className="col-sm-8 col-lg-9 mb-2">{summary}</dd>
        </>
      ) : null}
      {nextRenewal ? (
        <>
          <dt className="col-sm-4 col-lg-3 text-body-secondary fw-normal">Next renewal</dt>
          <dd className="col-sm-8 col-lg-9 mb-2">
            {formatInMarketTz(fromSeconds(nextRenewal.date), LONG_DATE)} · {formatMoney(nextRenewal.amount / 100)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
