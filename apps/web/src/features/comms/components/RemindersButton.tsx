import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { firstErrorMessage } from '../../../lib/api-client';
import { followDeliveries, sendReminders } from '../api';

export const REMINDERS_SENT = 'Reminders sent for todays tickers';

/** The admin daily-reminders button (product.md#screens, product.md#messages): success or error shown 5 s. */
export function RemindersButton() {
  const [busy, setBusy] = useState(false);
  const result = useTimedMessage<{ ok: boolean; msg: string }>(5000);
  const qc = useQueryClient();

  async function onClick() {
    setBusy(true);
    result.clear();
    try {
      await sendReminders();
      result.show({ ok: true, msg: REMINDERS_SENT });
      followDeliveries(qc);
    } catch (err) {
      result.show({ ok: false, msg: firstErrorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className="btn btn-outline-primary" onClick={onClick} disabled={busy}>
        {busy ? 'Sending…' : 'Send daily reminders'}
      </button>
      {result.value ? (
        <Alert variant={result.value.ok ? 'success' : 'danger'} className="mt-2 mb-0 py-2" role="status">
          {result.value.msg}
        </Alert>
      ) : null}
    </div>
  );
}
