import { useState } from 'react';
import type { BillingAlertResponse } from '@roundup/shared/billing';
import { useNavigate } from 'react-router';
import { firstErrorMessage } from '../../../lib/api-client';
import { formatInMarketTz, formatMoney, LONG_DATE } from '../../../lib/format';
import { goTo, openBillingPortal } from '../api';

/**
 * A renewal whose payment failed (decision 040): said on every page until the invoice is paid, with
 * the way to fix it. The button opens Stripe's billing portal for this member.
 */
export function PaymentFailedBanner({ failed }: { failed: NonNullable<BillingAlertResponse['payment_failed']> }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setOpening(true);
    setError(null);
    try {
      goTo((await openBillingPortal()).url, navigate);
    } catch (err) {
      setError(firstErrorMessage(err));
    } finally {
      setOpening(false);
    }
  };
  const by = failed.update_by ? ` by ${formatInMarketTz(new Date(failed.update_by * 1000), LONG_DATE)}` : ' now';

  return (
    <div className="border-bottom bg-danger-subtle" role="region" aria-label="Payment failed">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2 small">
        <span className="me-auto">
          <strong>Your {formatMoney(failed.amount / 100)} payment failed;</strong> update your card{by}. You keep Pro while we
          retry the payment.
        </span>
        {error ? (
          <span role="alert" className="text-danger">
            {error}
          </span>
        ) : null}
        <button type="button" className="btn btn-sm btn-danger" onClick={() => void open()} disabled={opening}>
          {opening ? 'Opening…' : 'Update your card'}
        </button>
      </div>
    </div>
  );
}
